package io.sonde.report;

import io.sonde.api.FaultResult;
import io.sonde.api.MarketData;
import io.sonde.api.Outcomes;
import io.sonde.api.Percentiles;
import io.sonde.api.RunReport;
import io.sonde.api.SloResult;
import io.sonde.api.TickToTradeSummary;
import io.sonde.api.VenueClockBounds;
import io.sonde.api.VenueReject;
import io.sonde.loadgen.time.Latency;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The end-of-run report on the terminal, as {@code sonde run} prints it: balance, rates, each run of a repeat
 * ({@link RepeatTable}), the lifecycle and each stage's percentiles, the hops of the answers, failures that happened,
 * and SLO verdicts; a market run's latency is tick-to-trade, and its balance is of triggers. It reads a
 * {@link RunReport} only, so a run in a test's JVM or a container prints the same table. Each percentile prints with
 * its 95 % confidence interval, or what its samples lack ({@link IntervalText}), as many to a line as fit in 120
 * columns.
 */
public final class RunTable
{
    private static final String NEW_ACK = "new-ack";
    private static final String ROW = "%-22s %10s %9s  %s%n";
    /** Where a row's percentiles start, and the column they must end by. */
    private static final int PERCENTILES_AT = 45;
    private static final int WIDTH = 120;

    private RunTable()
    {
    }

    /**
     * @param out where the table goes.
     * @param run the run's result.
     */
    public static void print(final PrintWriter out, final RunReport run)
    {
        final Outcomes outcomes = run.outcomes();
        final boolean market = TickToTradeSummary.KIND.equals(run.kind());
        out.println();
        if (market)
        {
            out.printf(Locale.ROOT, "triggers %d = answered %d + missed %d + awaited %d; events target %.0f/s, " +
                "achieved %.0f/s%n", outcomes.sent(), outcomes.acknowledged(), outcomes.timedOut(), outcomes.inFlight(),
                run.targetRate(), run.achievedRate());
        }
        else
        {
            out.printf(Locale.ROOT, "sent %d = acknowledged %d + rejected %d + timed out %d + in flight %d" +
                " (unsent %d); target %.0f/s, achieved %.0f/s%n",
                outcomes.sent(), outcomes.acknowledged(), outcomes.rejected(), outcomes.timedOut(),
                outcomes.inFlight(), outcomes.unsent(), run.targetRate(), run.achievedRate());
        }
        RepeatTable.print(out, run.runs());
        out.printf(Locale.ROOT, ROW, "latency", "count", "max", "percentiles with their 95 % confidence intervals");
        row(out, market ? "tick-to-trade corr." : "lifecycle corrected", run.corrected());
        row(out, market ? "tick-to-trade uncorr." : "lifecycle uncorrected", run.uncorrected());
        for (final Map.Entry<String, RunReport.Stage> stage : run.stages().entrySet())
        {
            if (stage.getValue().corrected().count() > 0)
            {
                row(out, stage.getKey() + " corrected", stage.getValue().corrected());
                row(out, stage.getKey() + " uncorr.", stage.getValue().uncorrected());
            }
        }
        run.marketData().ifPresent(marketData -> marketData(out, marketData));
        row(out, market ? "trigger lateness" : "send lateness", run.lateness());
        row(out, "hiccup (Sonde)", run.hiccup());
        intervalsUsed(out, run.corrected());
        clusterMembers(out, run.exchange().orElse(Map.of()), !run.hops().isEmpty());
        final RunReport.Stage newAck = run.stages().get(NEW_ACK);
        HopTable.print(out, run.hops(), newAck == null ? Double.NaN : newAck.corrected().p50(), null,
            run.venueClock().map(VenueClockBounds::describe).orElse(null));

        final List<FailureCounts.Line> failures = FailureCounts.failures(run.failures());
        if (!failures.isEmpty())
        {
            out.println("failures and session events:");
            failures.forEach(line -> out.printf(Locale.ROOT, "  %-22s %s%n", line.kind(), line.count()));
        }
        final List<FailureCounts.Line> counts = FailureCounts.notFailures(run.failures());
        if (!counts.isEmpty())
        {
            out.println("counts (not failures):");
            counts.forEach(line -> out.printf(Locale.ROOT, "  %-22s %s%n", line.kind(), line.count()));
        }
        for (final VenueReject reject : run.venueRejects())
        {
            out.printf(Locale.ROOT, "  venue said (%s, %d times): %s%s%n", reject.kind(), reject.count(),
                reject.text().isEmpty() ? "(no text)" : '"' + reject.text() + '"',
                reject.refTagId() == VenueReject.NO_TAG ? "" : ", RefTagID " + reject.refTagId());
        }
        for (final FaultResult fault : run.faults())
        {
            fault(out, fault);
        }
        for (final SloResult verdict : run.slo())
        {
            out.printf(Locale.ROOT, "SLO %s <= %s: %s (%s)%n", verdict.objective(),
                Latency.formatMicros(verdict.limitMicros()), verdict.met() ? "met" : "BREACHED",
                Latency.formatMicros(verdict.actualMicros()));
        }
    }

    /**
     * Why an exchange of several members answers in milliseconds where one member answers in microseconds: said
     * under the figures, since nothing else on the page does.
     *
     * @param exchange the bundled exchange's counts, empty for another system.
     * @param withHops whether the hops of the answers follow.
     */
    static void clusterMembers(final PrintWriter out, final Map<String, Long> exchange, final boolean withHops)
    {
        final long members = exchange.getOrDefault(RunReport.EXCHANGE_MEMBERS, 1L);
        if (members > 1)
        {
            out.printf(Locale.ROOT, "  %d cluster members: each order waits for their consensus, and the members' " +
                "threads sleep when idle, so every round trip waits for threads to wake and, with fewer cores than " +
                "busy threads, for a core: expect milliseconds where one member answers in microseconds%s%n", members,
                withHops ? " (the consensus hop below)" : "");
        }
    }

    /**
     * Two lines per fault: what it acted on, its recovery or why there was none, the orders in flight at it and what
     * became of them; under it the corrected p99 before, during and after it, each with its interval.
     */
    private static void fault(final PrintWriter out, final FaultResult fault)
    {
        final String on = fault.kind().onExchange() ?
            "member " + (fault.member().isPresent() ? fault.member().getAsInt() : null) :
            String.join(",", fault.sessions());
        final String recovery = fault.recovered() ?
            String.format(Locale.ROOT, "recovered in %.0f ms", fault.recoveryMillis().getAsDouble()) :
            "NOT RECOVERED: " + fault.reason().orElse(null);
        out.printf(Locale.ROOT, "fault %s%s%s at %.1fs on %s: %s; in flight %d %s, lost %d, duplicated %d%n" +
            "  corrected before it %s; during %s; after %s%n", fault.kind().cliName(),
            fault.argument().isEmpty() ? "" : ":", fault.argument(), fault.atSeconds(), on, recovery, fault.inFlight(),
            fault.inFlightOutcomes(), fault.lost(), fault.duplicated(), IntervalText.of(99, fault.windows().before()),
            IntervalText.of(99, fault.windows().during()), IntervalText.of(99, fault.windows().after()));
    }

    /**
     * Order-to-tick beside the lifecycle, then one line of the feed's counts and the orders whose event never came.
     */
    private static void marketData(final PrintWriter out, final MarketData marketData)
    {
        if (marketData.unavailable().isPresent())
        {
            out.printf(Locale.ROOT, "order-to-tick unavailable on %s: %s%n", marketData.source(),
                marketData.unavailable().get());
            return;
        }
        if (marketData.expected() == 0)
        {
            out.printf(Locale.ROOT, "order-to-tick: no order reached the book on %s (an IOC order that meets " +
                "nothing and a rejected one have no public event; --tif day or a passive flow rests)%n",
                marketData.source());
        }
        else
        {
            row(out, "order-to-tick corr.", marketData.orderToTick());
            row(out, "order-to-tick uncorr.", marketData.orderToTickUncorrected());
        }
        if (marketData.cancelToTick().count() > 0)
        {
            row(out, "cancel-to-tick", marketData.cancelToTick());
        }
        if (marketData.replaceToTick().count() > 0)
        {
            row(out, "replace-to-tick", marketData.replaceToTick());
        }
        marketData.hops().forEach((hop, percentiles) -> row(out, "feed " + hop, percentiles));
        out.printf(Locale.ROOT, "market data %s: %d of %d measured orders on the book seen, %d messages (%.0f/s), " +
            "%d gaps (%d recovered), %d others' events, %d missing (warm-up included)%s%n", marketData.source(),
            marketData.seen(), marketData.expected(), marketData.messages(), marketData.messagesPerSecond(),
            marketData.gaps(), marketData.recovered(), marketData.unmatched(), marketData.missing(),
            marketData.missingOrders().isEmpty() ? "" : ": " + String.join(", ", marketData.missingOrders()));
    }

    /**
     * The series' count and maximum, then each percentile with its interval, over as many lines as they need.
     */
    private static void row(final PrintWriter out, final String label, final Percentiles summary)
    {
        final List<String> percentiles = new ArrayList<>();
        for (final double percentile : IntervalText.PERCENTILES)
        {
            percentiles.add(IntervalText.of(percentile, summary));
        }
        final List<String> lines = IntervalText.flow(percentiles, PERCENTILES_AT, WIDTH);
        out.printf(Locale.ROOT, ROW, label, summary.count(), Latency.formatMicros(summary.max()), lines.get(0));
        lines.subList(1, lines.size()).forEach(line -> out.printf(Locale.ROOT, ROW, "", "", "", line));
    }

    /**
     * What the intervals were read from: how many intervals of how many runs, which a log cut short holds fewer of.
     */
    private static void intervalsUsed(final PrintWriter out, final Percentiles corrected)
    {
        corrected.interval(50).ifPresent(interval -> out.printf(Locale.ROOT, "  (95 %% intervals: a seeded block " +
            "bootstrap over %d measured intervals of %d run%s; none on Sonde's lateness and hiccups)%n",
            interval.intervals(), interval.runs(), interval.runs() == 1 ? "" : "s"));
    }
}
