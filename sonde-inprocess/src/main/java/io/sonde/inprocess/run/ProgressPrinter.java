package io.sonde.inprocess.run;

import io.sonde.loadgen.record.IntervalSnapshot;
import io.sonde.loadgen.time.Latency;
import io.sonde.loadgen.runner.IntervalListener;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * One line per interval: target against achieved rate, the interval's corrected p50/p99/max, errors,
 * and the longest hiccup Sonde itself suffered, so a stall can be told apart from a slow system.
 */
public final class ProgressPrinter implements IntervalListener
{
    private final PrintWriter out;
    private final String label;
    private final double targetRate;
    private final String phase;

    public ProgressPrinter(final PrintWriter out, final String label, final double targetRate)
    {
        this(out, label, targetRate, StepReporting.MEASURE);
    }

    /**
     * @param phase what the measured intervals are called: {@code warm-up} for a step that only warms the path.
     */
    public ProgressPrinter(final PrintWriter out, final String label, final double targetRate, final String phase)
    {
        this.out = out;
        this.label = label;
        this.targetRate = targetRate;
        this.phase = phase;
    }

    public void onInterval(final IntervalSnapshot interval)
    {
        if (interval.last() && interval.sent() == 0 && interval.correctedCount() == 0)
        {
            return;
        }
        out.printf(Locale.ROOT, "%s %6.1fs %-7s target %8.0f/s  sent %8.0f/s  p50 %8s  p99 %8s  max %8s  errors %d" +
            "  hiccup max %s%n",
            label,
            interval.elapsedSeconds(),
            interval.warmup() ? "warm-up" : phase,
            targetRate,
            interval.sentPerSecond(),
            Latency.formatNanos(interval.correctedP50Nanos()),
            Latency.formatNanos(interval.correctedP99Nanos()),
            Latency.formatNanos(interval.correctedMaxNanos()),
            interval.errors(),
            Latency.formatNanos(interval.hiccupMaxNanos()));
        out.flush();
    }
}
