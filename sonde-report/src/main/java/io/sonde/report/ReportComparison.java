package io.sonde.report;

import io.sonde.loadgen.result.PercentileSummary;

import java.util.ArrayList;
import java.util.List;

/**
 * Two results side by side: for every step (rate, or message size at a rate) both ran, B's corrected percentiles
 * divided by A's.
 */
final class ReportComparison
{
    /**
     * B ÷ A at one step; NaN where A has no samples.
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
                if (rowA.key() == rowB.key() && rowA.rate() == rowB.rate())
                {
                    final PercentileSummary pa = ReportStats.corrected(rowA);
                    final PercentileSummary pb = ReportStats.corrected(rowB);
                    ratios.add(new Ratio(rowA.label(), divide(pb.p50(), pa.p50()), divide(pb.p90(), pa.p90()),
                        divide(pb.p99(), pa.p99()), divide(pb.p99_9(), pa.p99_9()), divide(pb.p99_99(), pa.p99_99()),
                        divide(pb.max(), pa.max())));
                }
            }
        }
        return ratios;
    }

    private static double divide(final double b, final double a)
    {
        return a > 0 ? b / a : Double.NaN;
    }
}
