package io.sonde.probe.slo;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SloEvaluatorTest
{
    private final List<String> transitions = new ArrayList<>();
    private final Inputs inputs = new Inputs();
    private final SloEvaluator evaluator = new SloEvaluator(List.of(
        SloRules.parse("ack", "new-ack p99 <= 20ms over 1m"),
        SloRules.parse("timeouts", "consecutive timeouts <= 2"),
        SloRules.parse("session", "session down <= 30s"),
        SloRules.parse("feed", "consecutive missing public events <= 1")), new Recorder());

    @Test
    void aBreachIsReportedOnceWhenItStartsAndOnceWhenItEnds()
    {
        inputs.latencyNanos = 5e6;
        evaluator.evaluate(inputs);
        inputs.latencyNanos = 80e6;
        evaluator.evaluate(inputs);
        evaluator.evaluate(inputs);
        evaluator.evaluate(inputs);
        assertTrue(evaluator.isFiring(0));
        inputs.latencyNanos = 5e6;
        evaluator.evaluate(inputs);
        evaluator.evaluate(inputs);

        assertEquals(List.of("FIRING ack new-ack p99 = 80ms", "resolved ack new-ack p99 = 5ms"), transitions);
        assertFalse(evaluator.anyFiring());
        assertTrue(evaluator.anyEverFired());
    }

    @Test
    void anEmptyWindowNeitherFiresNorResolves()
    {
        inputs.latencyNanos = 80e6;
        evaluator.evaluate(inputs);
        inputs.latencyNanos = Double.NaN;
        evaluator.evaluate(inputs);

        assertTrue(evaluator.isFiring(0), "no samples is no evidence of recovery");
        assertEquals(1, transitions.size());
    }

    @Test
    void timeoutsAndSessionDownFireAboveTheirLimits()
    {
        inputs.latencyNanos = Double.NaN;
        inputs.timeouts = 2;
        inputs.downNanos = Duration.ofSeconds(30).toNanos();
        evaluator.evaluate(inputs);
        assertFalse(evaluator.anyFiring(), "at the limit is still met");

        inputs.timeouts = 3;
        inputs.downNanos = Duration.ofSeconds(31).toNanos();
        evaluator.evaluate(inputs);

        assertTrue(evaluator.isFiring(1));
        assertTrue(evaluator.isFiring(2));
        assertEquals(List.of("FIRING timeouts 3 consecutive timeouts", "FIRING session a session down for 31s"),
            transitions);
    }

    @Test
    void missingPublicEventsFireAboveTheirLimitAndResolveOnceTheFeedShowsAnOrderAgain()
    {
        inputs.missingPublicEvents = 1;
        evaluator.evaluate(inputs);
        assertFalse(evaluator.isFiring(3), "at the limit is still met");

        inputs.missingPublicEvents = 2;
        evaluator.evaluate(inputs);
        inputs.missingPublicEvents = 0;
        evaluator.evaluate(inputs);

        assertEquals(List.of("FIRING feed 2 consecutive missing public events",
            "resolved feed 0 consecutive missing public events"), transitions);
    }

    private final class Recorder implements SloListener
    {
        public void onFiring(final SloRule rule, final String observed)
        {
            transitions.add("FIRING " + rule.name() + " " + observed);
        }

        public void onResolved(final SloRule rule, final String observed)
        {
            transitions.add("resolved " + rule.name() + " " + observed);
        }
    }

    private static final class Inputs implements SloInputs
    {
        double latencyNanos = Double.NaN;
        long timeouts;
        long downNanos;
        long missingPublicEvents;

        public double latencyNanos(final String stage, final double percentile, final Duration window)
        {
            return latencyNanos;
        }

        public long consecutiveTimeouts()
        {
            return timeouts;
        }

        public long consecutiveMissingPublicEvents()
        {
            return missingPublicEvents;
        }

        public long sessionDownNanos()
        {
            return downNanos;
        }
    }
}
