package io.sonde.inprocess.run;

import io.sonde.loadgen.record.IntervalSnapshot;
import io.sonde.loadgen.time.Latency;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.runner.RunConfig;

import java.util.Locale;

/**
 * One line per interval, shown as the console's progress asks ({@link ProgressConsole}): target against achieved
 * rate, the interval's corrected p50/p99/max, errors, and the longest hiccup Sonde itself suffered, so a stall can be
 * told apart from a slow system.
 * <p>
 * The closing interval of a run, cut short by its end, is shown only when it lasted at least half an interval (of the
 * default second): the
 * few answers drained in a moment after the last full interval are no interval's figures (a single answer's
 * {@code p50 76.1µs p99 76.1µs max 76.1µs}). Their values are in the interval log and the totals all the same.
 */
public final class ProgressPrinter implements IntervalListener
{
    private final ProgressConsole out;
    private final String label;
    private final double targetRate;
    private final String phase;
    private final int runs;

    public ProgressPrinter(final ProgressConsole out, final String label, final double targetRate)
    {
        this(out, label, targetRate, StepReporting.MEASURE, 1);
    }

    /**
     * @param phase what the measured intervals are called: {@code warm-up} for a step that only warms the path, whose
     *              intervals are then shown as a warm-up's.
     * @param runs  how many runs the measured window is split into ({@code --repeat}): with more than one, a measured
     *              interval is called by its run, e.g. {@code run 2/3}.
     */
    public ProgressPrinter(
        final ProgressConsole out, final String label, final double targetRate, final String phase, final int runs)
    {
        this.out = out;
        this.label = label;
        this.targetRate = targetRate;
        this.phase = phase;
        this.runs = runs;
    }

    public void onInterval(final IntervalSnapshot interval)
    {
        if (!worthALine(interval))
        {
            return;
        }
        final boolean warmup = interval.warmup() || !StepReporting.MEASURE.equals(phase);
        out.progress(String.format(Locale.ROOT, "%s %6.1fs %-7s target %8.0f/s  sent %8.0f/s  p50 %8s  p99 %8s  " +
            "max %8s  errors %d  hiccup max %s",
            label,
            interval.elapsedSeconds(),
            interval.warmup() ? "warm-up" : warmup || runs == 1 ? phase : "run " + interval.run() + "/" + runs,
            targetRate,
            interval.sentPerSecond(),
            Latency.formatNanos(interval.correctedP50Nanos()),
            Latency.formatNanos(interval.correctedP99Nanos()),
            Latency.formatNanos(interval.correctedMaxNanos()),
            interval.errors(),
            Latency.formatNanos(interval.hiccupMaxNanos())), !warmup);
    }

    /**
     * @return whether the interval is one: any full interval, stalled or not; the closing one if it lasted half an
     *         interval and held something.
     */
    static boolean worthALine(final IntervalSnapshot interval)
    {
        if (!interval.last())
        {
            return true;
        }
        final boolean heldSomething = interval.sent() > 0 || interval.correctedCount() > 0;
        return heldSomething && interval.intervalSeconds() * 2e9 >= RunConfig.DEFAULT_INTERVAL_NANOS;
    }
}
