package io.sonde.probe.slo;

import io.sonde.api.DurationText;
import io.sonde.loadgen.time.Durations;

import java.time.Duration;

/**
 * One service-level objective the probe watches. Written as what must hold; the rule fires when it does
 * not. Four kinds, as a canary needs them: a latency percentile over a sliding window (order-to-tick among the
 * stages when the probe watches the venue's market data), a run of consecutive timeouts, a run of probe orders the
 * public feed never showed, and a session that stays down too long.
 */
public sealed interface SloRule
{
    String name();

    /**
     * @return the objective in the config's own syntax, for logs and metrics.
     */
    String objective();

    /**
     * @param stage      the measured stage ({@code new-ack}, {@code cancel}, {@code lifecycle} or
     *                   {@code order-to-tick}).
     * @param percentile 0 &lt; p &le; 100.
     * @param limitNanos the corrected latency the percentile must not exceed.
     * @param window     how far back the percentile looks.
     */
    record Latency(String name, String stage, double percentile, long limitNanos, Duration window) implements SloRule
    {
        public String objective()
        {
            return stage + " p" + Durations.number(percentile) + " <= " +
                DurationText.format(Duration.ofNanos(limitNanos)) + " over " +
                DurationText.format(window);
        }
    }

    /**
     * @param maxConsecutive timeouts in a row that are still acceptable.
     */
    record Timeouts(String name, int maxConsecutive) implements SloRule
    {
        public String objective()
        {
            return "consecutive timeouts <= " + maxConsecutive;
        }
    }

    /**
     * @param maxConsecutive probe orders in a row whose public event never came that are still acceptable.
     */
    record MissingPublicEvents(String name, int maxConsecutive) implements SloRule
    {
        public String objective()
        {
            return "consecutive missing public events <= " + maxConsecutive;
        }
    }

    /**
     * @param maxDown how long a session may stay down before the rule fires.
     */
    record SessionDown(String name, Duration maxDown) implements SloRule
    {
        public String objective()
        {
            return "session down <= " + DurationText.format(maxDown);
        }
    }
}
