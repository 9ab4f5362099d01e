package io.sonde.inprocess.run;

import io.sonde.loadgen.sweep.StepMeasurement;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Where a sweep is (rate or message size): a line as each step starts (step counter and the time left if every
 * remaining step runs), and one as it ends. The estimate uses the measured length of the steps so far, which
 * includes logon and drain, once there is one.
 */
final class SweepProgress
{
    private final PrintWriter console;
    private final List<Double> plan;
    private final Duration plannedStep;
    private final boolean sizes;
    private final long sweepStartNanos = System.nanoTime();

    SweepProgress(final PrintWriter console, final List<Double> plan, final Duration plannedStep, final boolean sizes)
    {
        this.sizes = sizes;
        this.console = console;
        this.plan = plan;
        this.plannedStep = plannedStep;
    }

    void stepStarting(final int index, final double value)
    {
        final long elapsed = System.nanoTime() - sweepStartNanos;
        final long perStep = index == 0 ? plannedStep.toNanos() : elapsed / index;
        final Duration left = Duration.ofNanos(perStep * (plan.size() - index));
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
