package io.sonde.inprocess.run;

import io.sonde.loadgen.sweep.StepMeasurement;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Where a sweep is (rate or message size): a line as each step starts (step counter and the most time left if every
 * remaining step runs, {@link SweepEstimate}), and one as it ends.
 */
final class SweepProgress
{
    private final PrintWriter console;
    private final List<Double> plan;
    private final boolean sizes;

    SweepProgress(final PrintWriter console, final List<Double> plan, final boolean sizes)
    {
        this.sizes = sizes;
        this.console = console;
        this.plan = plan;
    }

    /**
     * @param left the most the steps left, this one included, can take.
     */
    void stepStarting(final int index, final double value, final Duration left)
    {
        console.printf(Locale.ROOT, "[sweep] step %d/%d at %s; at most %s left%n", index + 1, plan.size(),
            describe(value), format(left));
        console.flush();
    }

    void stepDone(final int index, final double value, final StepMeasurement step)
    {
        console.printf(Locale.ROOT, "[sweep] step %d/%d at %s: achieved %.0f/s, corrected p99 %s%n", index + 1,
            plan.size(), describe(value), step.achievedRate(), Latency.formatMicros(step.corrected().p99()));
        console.flush();
    }

    String label(final int index, final double value)
    {
        return String.format(Locale.ROOT, "[%d/%d %s]", index + 1, plan.size(), describe(value));
    }

    private String describe(final double value)
    {
        return String.format(Locale.ROOT, sizes ? "%.0f B" : "%.0f/s", value);
    }

    private static String format(final Duration duration)
    {
        final long seconds = duration.toSeconds();
        return seconds >= 60 ? (seconds / 60) + "m" + String.format(Locale.ROOT, "%02d", seconds % 60) + "s" :
            seconds + "s";
    }
}
