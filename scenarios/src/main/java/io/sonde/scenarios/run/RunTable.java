package io.sonde.scenarios.run;

import io.sonde.api.RunReport;
import io.sonde.inprocess.engine.FixRunSummary;
import io.sonde.inprocess.engine.HopSummary;
import io.sonde.inprocess.engine.SloResult;
import io.sonde.inprocess.engine.StageSummary;

import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.VenueRejects;
import io.sonde.loadgen.result.PercentileSummary;
import io.sonde.loadgen.time.Latency;
import io.sonde.report.HopTable;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The end-of-run report on the terminal: balance, rates, the lifecycle and each stage's percentiles, the hops of
 * the answers, failures that happened, and SLO verdicts.
 */
final class RunTable
{
    private static final String ROW = "%-22s %9s %9s %9s %9s %9s %9s %10s%n";

    private RunTable()
    {
    }

    static void print(final PrintWriter out, final FixRunSummary summary)
    {
        final var run = summary.run();
        out.println();
        out.printf(Locale.ROOT, "sent %d = acknowledged %d + rejected %d + timed out %d + in flight %d" +
            " (unsent %d); target %.0f/s, achieved %.0f/s%n",
            run.sent(), run.acknowledged(), run.rejected(), run.timedOut(), run.inFlight(), run.unsent(),
            run.targetRate(), run.achievedRate());
        out.printf(Locale.ROOT, ROW, "latency", "p50", "p90", "p99", "p99.9", "p99.99", "max", "count");
        row(out, "lifecycle corrected", run.corrected());
        row(out, "lifecycle uncorrected", run.uncorrected());
        for (final Map.Entry<String, StageSummary> stage : summary.stages().entrySet())
        {
            if (stage.getValue().corrected().count() > 0)
            {
                row(out, stage.getKey() + " corrected", stage.getValue().corrected());
                row(out, stage.getKey() + " uncorr.", stage.getValue().uncorrected());
            }
        }
        row(out, "send lateness", run.lateness());
        row(out, "hiccup (Sonde)", run.hiccup());
        final StageSummary newAck = summary.stages().get(FixOrderTransport.NEW_ACK);
        HopTable.print(out, hops(summary.hops()), newAck == null ? 0 : newAck.corrected().p50(), null,
            summary.venueClock() == null ? null : summary.venueClock().describe());

        summary.failures().forEach((kind, count) ->
        {
            if (count > 0)
            {
                out.printf(Locale.ROOT, "  %-22s %d%n", kind, count);
            }
        });
        for (final VenueRejects.Entry reject : summary.venueRejects())
        {
            out.printf(Locale.ROOT, "  venue said (%s, %d times): %s%s%n", reject.kind(), reject.count(),
                reject.text().isEmpty() ? "(no text)" : '"' + reject.text() + '"',
                reject.refTagId() == VenueRejects.NO_TAG ? "" : ", RefTagID " + reject.refTagId());
        }
        for (final SloResult verdict : summary.slo())
        {
            out.printf(Locale.ROOT, "SLO %s <= %s: %s (%s)%n", verdict.objective(),
                Latency.formatMicros(verdict.limitMicros()), verdict.met() ? "met" : "BREACHED",
                Latency.formatMicros(verdict.actualMicros()));
        }
    }

    /**
     * @return the run's hops as the API gives them, for the table {@code sonde report} prints too.
     */
    private static List<RunReport.Hop> hops(final List<HopSummary> hops)
    {
        return hops.stream().map(hop -> new RunReport.Hop(hop.name(), hop.p50(), hop.p90(), hop.p99(), hop.p99_9(),
            hop.max(), hop.count(), hop.atP50(), hop.atP99())).toList();
    }

    private static void row(final PrintWriter out, final String label, final PercentileSummary summary)
    {
        out.printf(Locale.ROOT, ROW, label,
            Latency.formatMicros(summary.p50()),
            Latency.formatMicros(summary.p90()),
            Latency.formatMicros(summary.p99()),
            Latency.formatMicros(summary.p99_9()),
            Latency.formatMicros(summary.p99_99()),
            Latency.formatMicros(summary.max()),
            summary.count());
    }
}
