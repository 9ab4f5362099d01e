package io.sonde.report;

import io.sonde.api.Percentiles;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The report's terminal tables: per rate the achieved rate, corrected percentiles, uncorrected p99, errors,
 * flags and the tail-at-scale estimate, and the hops; then, for a comparison, B ÷ A per percentile. Under a row
 * whose run gave its percentiles intervals, each percentile with its interval, or what its samples lack; a
 * percentile its samples cannot support prints as {@code -} in the row.
 */
public final class ReportTables
{
    private static final String ROW = "%16s %3s %9s %8s %8s %8s %8s %8s %8s %8s %8s %8s  %-18s %s%n";
    /** Where the line of a row's intervals starts, under its percentiles, and the column it must end by. */
    private static final int INTERVALS_AT = 21;

    private ReportTables()
    {
    }

    /**
     * Print one input's table, its worst moment per rate, its knee, and the hops of the row it looks at closely
     * (the knee's, else the last) as the run printed them.
     */
    public static void print(final PrintWriter out, final ReportInput input)
    {
        out.printf(Locale.ROOT, "%n%s (%s)%n", input.label(), input.kind());
        out.printf(Locale.ROOT, ROW, "step", "gen", "achieved", "p50", "p90", "p99", "p99.9", "p99.99", "max",
            "unc.p99", "K=10 p99", "K=100p99", "flags", "errors");
        for (final ReportRow row : input.rows())
        {
            final Percentiles corrected = ReportStats.corrected(row);
            out.printf(Locale.ROOT, ROW,
                row.label(), Integer.toString(row.generators()),
                String.format(Locale.ROOT, "%.0f", row.achievedRate()),
                IntervalText.cell(50, corrected), IntervalText.cell(90, corrected), IntervalText.cell(99, corrected),
                IntervalText.cell(99.9, corrected), IntervalText.cell(99.99, corrected),
                Latency.formatMicros(corrected.max()),
                Latency.formatMicros(ReportStats.uncorrected(row).p99()),
                Latency.formatMicros(ReportStats.callerP99(row, 10)),
                Latency.formatMicros(ReportStats.callerP99(row, 100)),
                row.verdict() == null ? "" : row.verdict(), row.fromSummary() ? errors(row.failures()) : "-");
            IntervalText.printUnder(out, INTERVALS_AT, corrected);
        }
        for (final ReportRow row : input.rows())
        {
            out.printf(Locale.ROOT, "worst moment at %s: %s%n", row.label(), ReportStats.worstMoment(row));
        }
        if (input.knee() != null)
        {
            out.printf(Locale.ROOT, "knee: %s%n", kneeLabel(input));
        }
        out.println("(corrected latency from intended start; K=N p99: what a caller fanning out to N parallel calls " +
            "sees at its p99)");
        input.floorSources().forEach(out::println);
        input.notFloors().forEach(out::println);
        if (input.rows().stream().anyMatch(row -> !row.fromSummary()))
        {
            out.println("(interval logs alone: they record latency, not the rate offered or the errors; achieved is " +
                "what they measured over the time they cover)");
        }
        MarketDataSection.print(out, input);
        input.rows().forEach(row -> row.tickToTrades().forEach(tickToTrade -> TickToTradeLines.print(out,
            tickToTrade)));
        HopBreakdown.print(out, input.focusRow());
    }

    /**
     * Print B ÷ A per rate and percentile with the interval of each ratio, then the hops of their focus rows side
     * by side where they have any.
     */
    public static void printComparison(final PrintWriter out, final ReportInput a, final ReportInput b)
    {
        out.printf(Locale.ROOT, "%n%s ÷ %s, corrected, per step, with each ratio's 95 %% interval%n", b.label(),
            a.label());
        final String note = ReportComparison.note(a, b);
        if (note != null)
        {
            out.println(note);
        }
        ReportComparison.print(out, ReportComparison.ratios(a, b));
        MarketDataSection.printComparison(out, a, b);
        BookComparison.print(out, a, b);
        HopBreakdown.printComparison(out, a.focusRow(), b.focusRow());
    }

    static String kneeLabel(final ReportInput input)
    {
        for (final ReportRow row : input.rows())
        {
            if (row.key() == input.knee())
            {
                return row.messageSize() != null ? "largest size met " + row.label() : row.label() + " per generator";
            }
        }
        return String.format(Locale.ROOT, "%.0f", input.knee());
    }

    /**
     * @return the failures that happened, by kind; the counts that are not failures are left out.
     */
    private static String errors(final Map<String, Long> failures)
    {
        final List<FailureCounts.Line> lines = FailureCounts.failures(failures);
        return lines.isEmpty() ? "none" :
            lines.stream().map(FailureCounts.Line::text).collect(Collectors.joining(", "));
    }
}
