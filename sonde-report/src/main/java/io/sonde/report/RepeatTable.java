package io.sonde.report;

import io.sonde.api.ConfidenceInterval;
import io.sonde.api.RepeatedRun;
import io.sonde.api.SweepReport;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The runs of a repeated measurement ({@code --repeat}) on the terminal, before the pooled figures they add up to:
 * each run's corrected p50 and p99 with their 95 % intervals, so a reader sees at once whether the runs agree. An
 * interval the run's samples cannot support is never printed as a bare range: the cell says there is none and a line
 * under the table says why.
 */
public final class RepeatTable
{
    private static final String ROW = "%-5s %-12s %10s  %-26s %s%n";

    private RepeatTable()
    {
    }

    /**
     * Print nothing for a run measured once.
     *
     * @param out  where the table goes.
     * @param runs the runs, in run order.
     */
    public static void print(final PrintWriter out, final List<RepeatedRun> runs)
    {
        if (runs.isEmpty())
        {
            return;
        }
        out.printf(Locale.ROOT, "%d runs after one warm-up, each in its own interval log; the figures below pool " +
            "them (corrected, 95 %% intervals):%n", runs.size());
        out.printf(Locale.ROOT, ROW, "run", "log", "count", "p50", "p99");
        final List<String> notes = new ArrayList<>();
        for (final RepeatedRun run : runs)
        {
            out.printf(Locale.ROOT, ROW, run.run(), run.intervalLog(), String.format(Locale.ROOT, "%,d", run.count()),
                cell(run.p50(), run.interval(50), run, notes), cell(run.p99(), run.interval(99), run, notes));
        }
        notes.forEach(out::println);
    }

    /**
     * Each step's runs of a sweep measured with {@code --repeat}, a line per step under the sweep's table, which
     * pools them: nothing for a sweep whose steps were measured once.
     *
     * @param out   where the lines go.
     * @param sweep the sweep's result.
     */
    public static void printSteps(final PrintWriter out, final SweepReport sweep)
    {
        if (sweep.steps().stream().allMatch(step -> step.run().runs().isEmpty()))
        {
            return;
        }
        out.println("each step's runs, pooled above (corrected p50 / p99, 95 % intervals):");
        final List<String> notes = new ArrayList<>();
        for (final SweepReport.Step step : sweep.steps())
        {
            out.println(stepLine(step.messageSize().isEmpty() ? String.format(Locale.ROOT, "%.0f/s", step.rate()) :
                step.messageSize().getAsInt() + "B", step.run().runs(), notes));
        }
        notes.forEach(out::println);
    }

    /**
     * @param step  the step, as the sweep's table names it: its rate, or its message size.
     * @param runs  its runs.
     * @param notes where a run's missing interval says why.
     * @return e.g. {@code   1000/s  run 1 412µs (398–425) / 3.89ms (3.10–4.82); run 2 ...}.
     */
    static String stepLine(final String step, final List<RepeatedRun> runs, final List<String> notes)
    {
        final List<String> each = new ArrayList<>();
        for (final RepeatedRun run : runs)
        {
            each.add("run " + run.run() + " " + cell(run.p50(), run.interval(50), run, notes) + " / " +
                cell(run.p99(), run.interval(99), run, notes));
        }
        return String.format(Locale.ROOT, "%9s  %s", step, String.join("; ", each));
    }

    /**
     * @return e.g. {@code 3.89ms (3.10–4.82)}: the value and its interval's ends, in the value's unit where they share
     *         it ({@code 999µs (950µs–1.02ms)} where they do not); or {@code 3.89ms (no interval)}, with the reason
     *         added to {@code notes}.
     */
    static String cell(
        final double micros, final Optional<ConfidenceInterval> interval, final RepeatedRun run,
        final List<String> notes)
    {
        if (run.count() == 0)
        {
            return "no sample";
        }
        final String value = Latency.formatMicros(micros);
        if (interval.isEmpty())
        {
            return value + " (no interval)";
        }
        if (!interval.get().supported())
        {
            notes.add("  run " + run.run() + " " + interval.get().shortfall());
            return value + " (no interval)";
        }
        return IntervalText.withRange(micros, interval.get());
    }
}
