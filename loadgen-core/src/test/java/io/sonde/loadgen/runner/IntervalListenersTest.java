package io.sonde.loadgen.runner;

import io.sonde.loadgen.record.IntervalSnapshot;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import org.HdrHistogram.Histogram;
import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every listener of a run hears each interval's histograms, tagged as the log tags them, and the live counters,
 * just before the interval's snapshot; together their histograms hold every sample of the run.
 */
@Timeout(60)
class IntervalListenersTest
{
    @Test
    void everyListenerHearsEachIntervalsHistogramsAndCountersBeforeItsSnapshot()
    {
        final Recording first = new Recording();
        final Recording second = new Recording();
        final RunConfig config = new RunConfig(
            new ConstantRateSchedule(2_000),
            RunTiming.of(Duration.ofMillis(300), Duration.ofMillis(1_000), Duration.ofSeconds(1)))
            .idleStrategy(new YieldingIdleStrategy())
            .intervalNanos(Duration.ofMillis(200).toNanos())
            .listener(IntervalListeners.all(first, second));

        final RunResult result = new LoadRun(config).execute(new EchoingTransport(SystemNanoClock.INSTANCE));

        for (final Recording recording : List.of(first, second))
        {
            assertTrue(recording.events.size() >= 12, recording.events.toString());
            for (int i = 0; i < recording.events.size(); i += 2)
            {
                assertEquals("histograms", recording.events.get(i), "histograms first, at " + i);
                assertEquals("snapshot", recording.events.get(i + 1), "then the snapshot, at " + i);
            }
            assertEquals(result.measurement().sent(), recording.counts.get("corrected"));
            assertEquals(result.warmup().sent(), recording.counts.get("warmup-corrected"));
            assertTrue(recording.counts.get("hiccup") + recording.counts.get("warmup-hiccup") > 0);
            assertEquals(result.measurement().sent() + result.warmup().sent(), recording.lastSent);
        }
    }

    private static final class Recording implements IntervalListener
    {
        private final List<String> events = new ArrayList<>();
        private final Map<String, Long> counts = new TreeMap<>();
        private long lastSent;

        public void onInterval(final IntervalSnapshot snapshot)
        {
            events.add("snapshot");
        }

        public void onIntervalHistograms(final List<Histogram> intervals, final RunCounters counters)
        {
            events.add("histograms");
            for (final Histogram interval : intervals)
            {
                counts.merge(interval.getTag(), interval.getTotalCount(), Long::sum);
            }
            lastSent = counters.warmup().sent() + counters.measurement().sent();
        }
    }
}
