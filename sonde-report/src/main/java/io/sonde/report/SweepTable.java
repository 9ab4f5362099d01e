package io.sonde.report;

import io.sonde.api.Percentiles;
import io.sonde.api.RunReport;
import io.sonde.api.SweepReport;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The sweep on the terminal, as {@code sonde sweep} prints it: one row per step, the floors and ratios beside it when
 * known (the host's TCP floor, then Sonde's own FIX floor), then the knee. It reads a {@link SweepReport} only, so a
 * sweep in a test's JVM or a container prints the same table.
 */
public final class SweepTable
{
    private static final String HEADER =
        "%9s %6s %9s  %-17s %6s %8s %8s %8s %8s %8s %8s %8s %7s %8s %8s %7s %8s %7s%n";

    private SweepTable()
    {
    }

    /**
     * @param out   where the table goes.
     * @param sweep the sweep's result.
     */
    public static void print(final PrintWriter out, final SweepReport sweep)
    {
        out.println();
        if (sweep.steps().isEmpty())
        {
            out.println("No step ran: the sweep was stopped before its first step.");
            return;
        }
        out.printf(Locale.ROOT, HEADER, "rate/s", "size", "achieved", "verdict", "P(met)", "p50", "p90", "p99",
            "p99.9", "p99.99", "max", "unc.p99", "errors", "floor99", "lateness", "x floor", "fix99", "x fix");
        for (final SweepReport.Step step : sweep.steps())
        {
            final RunReport run = step.run();
            final Percentiles corrected = run.corrected();
            out.printf(Locale.ROOT, HEADER,
                String.format(Locale.ROOT, "%.0f", step.rate()),
                step.messageSize().isEmpty() ? "-" : step.messageSize().getAsInt() + "B",
                String.format(Locale.ROOT, "%.0f", run.achievedRate()),
                step.stepVerdict().label(),
                KneeText.percent(step.meetsObjectives()),
                IntervalText.cell(50, corrected),
                IntervalText.cell(90, corrected),
                IntervalText.cell(99, corrected),
                IntervalText.cell(99.9, corrected),
                IntervalText.cell(99.99, corrected),
                Latency.formatMicros(corrected.max()),
                Latency.formatMicros(run.uncorrected().p99()),
                Long.toString(run.outcomes().rejected() + run.outcomes().timedOut()),
                micros(step.floorP99()),
                Latency.formatMicros(run.lateness().p99()),
                ratio(step.p99RatioToFloor()),
                micros(step.fixFloorP99()),
                ratio(fixRatio(corrected.p99(), step.fixFloorP99())));
        }
        out.println("(latency corrected, from intended start; unc.p99 from actual send; lateness = Sonde's send " +
            "lateness p99; x floor = p99 / floor p99; fix99 = Sonde's FIX floor p99; x fix = p99 / fix99)");
        if (sweep.steps().stream().anyMatch(step -> shortOfSamples(step.run().corrected())))
        {
            out.println("(- = too few samples for that percentile: it needs 10 / (1 - p), 10,000 for p99.9 and " +
                "100,000 for p99.99; `sonde report` on the sweep's folder prints each step's percentiles with their " +
                "95 % intervals)");
        }
        out.println(sweep.floor().map(folder -> "floor: " + folder).orElse("floor: none (no --floor, and no " +
            "calibration in results/ when the sweep started: run `sonde calibrate`)"));
        for (final SweepReport.Step step : sweep.steps())
        {
            FloorLines.notFloors(String.format(Locale.ROOT, "%.0f/s", step.rate()), step.run().corrected().p99(),
                boxed(step.floorP99()), boxed(step.fixFloorP99())).forEach(out::println);
        }
        KneeText.covered(sweep).ifPresent(covered -> out.println("(P(met) = the share of resamples of the step's " +
            "interval log meeting " + covered + "; the knee is the highest rate, below the first step that missed, " +
            "that kept its rate, passed its checks and met with P(met) ≥ 95 %)"));
        for (final SweepReport.Step step : sweep.steps())
        {
            step.meetsObjectives().filter(odds -> !odds.supported()).ifPresent(odds -> out.printf(Locale.ROOT,
                "P(met) at %s stands on too few samples: %s%n", label(step), odds.shortfall()));
        }
        out.println(KneeText.line(sweep));
    }

    private static String label(final SweepReport.Step step)
    {
        return step.messageSize().isPresent() ? step.messageSize().getAsInt() + " bytes" :
            String.format(Locale.ROOT, "%.0f/s", step.rate());
    }

    /**
     * @return corrected p99 against Sonde's FIX floor's, as {@code sweep.csv} divides them; empty without a floor.
     */
    private static OptionalDouble fixRatio(final double p99, final OptionalDouble fixFloorP99)
    {
        return fixFloorP99.isEmpty() || fixFloorP99.getAsDouble() <= 0 ? OptionalDouble.empty() :
            OptionalDouble.of(p99 / fixFloorP99.getAsDouble());
    }

    private static Double boxed(final OptionalDouble micros)
    {
        return micros.isEmpty() ? null : micros.getAsDouble();
    }

    private static String micros(final OptionalDouble micros)
    {
        return micros.isEmpty() ? "-" : Latency.formatMicros(micros.getAsDouble());
    }

    private static String ratio(final OptionalDouble ratio)
    {
        return ratio.isEmpty() ? "-" : String.format(Locale.ROOT, "%.1f", ratio.getAsDouble());
    }

    private static boolean shortOfSamples(final Percentiles corrected)
    {
        for (final double percentile : IntervalText.PERCENTILES)
        {
            if (!IntervalText.supported(percentile, corrected))
            {
                return true;
            }
        }
        return false;
    }
}
