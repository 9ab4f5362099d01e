package io.sonde.report;

import io.sonde.api.Percentiles;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Two results side by side: for every step (rate, or message size at a rate) both ran, B's corrected percentiles
 * divided by A's. Two results of one step each (two runs, say at 1k/s and at 2k/s) are divided whatever their steps,
 * and the comparison says that their steps differ.
 */
final class ReportComparison
{
    /**
     * B ÷ A at one step; NaN where A has no samples.
     *
     * @param step the step both ran, or {@code B's ÷ A's} when they ran one step each and those differ.
     */
    record Ratio(String step, double p50, double p90, double p99, double p99_9, double p99_99, double max)
    {
    }

    private ReportComparison()
    {
    }

    static List<Ratio> ratios(final ReportInput a, final ReportInput b)
    {
        final List<Ratio> ratios = new ArrayList<>();
        for (final ReportRow rowA : a.rows())
        {
            for (final ReportRow rowB : b.rows())
            {
                if (sameStep(rowA, rowB))
                {
                    ratios.add(ratio(rowA.label(), rowA, rowB));
                }
            }
        }
        if (ratios.isEmpty() && a.rows().size() == 1 && b.rows().size() == 1)
        {
            final ReportRow rowA = a.rows().get(0);
            final ReportRow rowB = b.rows().get(0);
            ratios.add(ratio(rowB.label() + " ÷ " + rowA.label(), rowA, rowB));
        }
        return ratios;
    }

    /**
     * @return what the reader must know of the ratios, naming the steps that differ: that A and B ran one step each
     *         but not the same, or that they have no step in common and so no ratio; null when they share a step.
     */
    static String note(final ReportInput a, final ReportInput b)
    {
        if (a.rows().stream().anyMatch(rowA -> b.rows().stream().anyMatch(rowB -> sameStep(rowA, rowB))))
        {
            return null;
        }
        if (a.rows().size() == 1 && b.rows().size() == 1)
        {
            return "A ran at " + a.rows().get(0).label() + ", B at " + b.rows().get(0).label() + ": compared as " +
                "they are, so each ratio holds the change of load as well as any change of the system";
        }
        return "no step in common (A ran " + steps(a) + "; B ran " + steps(b) + "): nothing to divide";
    }

    private static boolean sameStep(final ReportRow a, final ReportRow b)
    {
        return a.key() == b.key() && a.rate() == b.rate();
    }

    private static Ratio ratio(final String step, final ReportRow rowA, final ReportRow rowB)
    {
        final Percentiles pa = ReportStats.corrected(rowA);
        final Percentiles pb = ReportStats.corrected(rowB);
        return new Ratio(step, divide(pb.p50(), pa.p50()), divide(pb.p90(), pa.p90()), divide(pb.p99(), pa.p99()),
            divide(pb.p99_9(), pa.p99_9()), divide(pb.p99_99(), pa.p99_99()), divide(pb.max(), pa.max()));
    }

    private static String steps(final ReportInput input)
    {
        return input.rows().stream().map(ReportRow::label).collect(Collectors.joining(", "));
    }

    private static double divide(final double b, final double a)
    {
        return a > 0 ? b / a : Double.NaN;
    }
}
