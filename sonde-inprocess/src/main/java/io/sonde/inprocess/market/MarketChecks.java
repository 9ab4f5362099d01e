package io.sonde.inprocess.market;

import io.sonde.api.Check;
import io.sonde.api.Limits;
import io.sonde.api.Slo;
import io.sonde.api.SloResult;
import io.sonde.inprocess.run.RunChecks;
import io.sonde.loadgen.result.ResultTotals;
import io.sonde.loadgen.sweep.SweepCriteria;
import io.sonde.loadgen.time.Latency;
import io.sonde.market.MarketCounts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a market run is checked on, in the order a reader asks: could Sonde keep its own schedule and send every
 * packet (else the result is void: the application cannot be blamed), was a trigger published at all, was the event
 * rate sent, were the triggers answered, and did each tick-to-trade objective hold. Orders that named no trigger,
 * duplicate or late reactions and malformed orders are warnings: counted and named, never voiding the run.
 */
final class MarketChecks
{
    /** The group of the check that the triggers were answered: a sweep's step fails on it as on an error rate. */
    static final String ANSWERED = RunChecks.ERRORS;
    /** The group of the check that every packet left Sonde's socket. */
    static final String FEED = "feed";
    /** The group of the warnings about the application's orders. */
    static final String ORDERS = "orders";

    private MarketChecks()
    {
    }

    /**
     * @param label       prefixes each check's name, e.g. a sweep step's rate; empty for a run.
     * @param run         the load agent's totals: its requests are triggers.
     * @param eventRate   the event rate asked.
     * @param achieved    the measured window's events per second.
     * @param counts      what the market counted.
     * @param slo         each tick-to-trade objective, judged.
     * @param limits      what the run is judged on.
     */
    static List<Check> of(
        final String label,
        final ResultTotals run,
        final double eventRate,
        final double achieved,
        final MarketCounts counts,
        final List<SloResult> slo,
        final Limits limits)
    {
        final SweepCriteria criteria = RunChecks.criteria(limits);
        final List<Check> checks = new ArrayList<>();
        checks.add(RunChecks.generator(label, run, criteria));
        checks.add(datagrams(label, counts));
        if (run.cutShort())
        {
            checks.add(new Check("run", label + "cut short", Check.Outcome.VOID, String.format(Locale.ROOT,
                "a stop (Ctrl-C or SIGTERM) ended it after %.1f s measured: the result covers only that part",
                run.measuredSeconds())));
        }
        if (run.sent() == 0)
        {
            checks.add(new Check("run", label + "nothing measured", Check.Outcome.VOID,
                "no trigger was published in the measured window"));
            return checks;
        }
        checks.add(Check.of("rate", label + "event rate sent", !criteria.rateMissed(eventRate, achieved),
            String.format(Locale.ROOT, "%.1f events/s published of %.1f/s (at most %.1f %% short)", achieved,
            eventRate, criteria.maxMissFraction() * 100)));
        checks.add(answered(label, run, limits));
        checks.addAll(warnings(label, counts));
        for (final SloResult objective : slo)
        {
            checks.add(Check.of("slo", label + objective.objective() + " <= " +
                Latency.formatMicros(objective.limitMicros()), objective.met(), sloDetail(objective)));
        }
        return checks;
    }

    /**
     * A trigger not answered within the timeout is missed: too many missed is the application's failure.
     */
    static Check answered(final String label, final ResultTotals run, final Limits limits)
    {
        final double maxMissedFraction = limits.maxErrorRatePercent() / 100.0;
        final double missedFraction = (double)run.timedOut() / run.sent();
        return Check.of(ANSWERED, label + "triggers answered", missedFraction <= maxMissedFraction,
            String.format(Locale.ROOT, "%,d of %,d triggers answered (%,d missed, %,d awaited at the end): %.2f %% " +
            "missed, limit %.2f %%", run.acknowledged(), run.sent(), run.timedOut(), run.inFlight(),
            missedFraction * 100, maxMissedFraction * 100));
    }

    private static Check datagrams(final String label, final MarketCounts counts)
    {
        final String name = label + "the feed's datagrams sent";
        if (counts.datagramsNotSent() > 0)
        {
            return new Check(FEED, name, Check.Outcome.VOID, String.format(Locale.ROOT, "the feed lost datagrams " +
                "at Sonde's socket: %,d of %,d packets not sent (its send buffer was full), so the application " +
                "cannot be blamed for what it missed: raise net.core.wmem_max or lower --rate",
                counts.datagramsNotSent(), counts.packets() + counts.datagramsNotSent()));
        }
        return new Check(FEED, name, Check.Outcome.PASSED, String.format(Locale.ROOT, "%,d packets sent, none " +
            "refused", counts.packets()));
    }

    private static List<Check> warnings(final String label, final MarketCounts counts)
    {
        final List<Check> warnings = new ArrayList<>();
        if (counts.withoutTrigger() > 0)
        {
            warnings.add(Check.warning(ORDERS, label + "orders without a trigger", String.format(Locale.ROOT,
                "%,d order%s named no trigger of this run, counted and not matched; the first: %s",
                counts.withoutTrigger(), counts.withoutTrigger() == 1 ? "" : "s",
                String.join("; ", counts.withoutTriggerOrders()))));
        }
        if (counts.duplicates() > 0)
        {
            warnings.add(Check.warning(ORDERS, label + "duplicate reactions", String.format(Locale.ROOT,
                "%,d order%s named a trigger already answered; only the first reaction is timed",
                counts.duplicates(), counts.duplicates() == 1 ? "" : "s")));
        }
        if (counts.late() > 0)
        {
            warnings.add(Check.warning(ORDERS, label + "late reactions", String.format(Locale.ROOT,
                "%,d order%s named a trigger already missed (after --timeout)", counts.late(),
                counts.late() == 1 ? "" : "s")));
        }
        if (counts.malformed() > 0)
        {
            warnings.add(Check.warning(ORDERS, label + "malformed orders", String.format(Locale.ROOT,
                "%,d order%s refused with a reject (a field missing or wrong), never matched", counts.malformed(),
                counts.malformed() == 1 ? "" : "s")));
        }
        return warnings;
    }

    private static String sloDetail(final SloResult objective)
    {
        if (Double.isNaN(objective.actualMicros()))
        {
            return "no trigger was answered, so there is no tick-to-trade to judge";
        }
        return "tick-to-trade " + objective.objective().substring(Slo.T2T_PREFIX.length()) + " " +
            Latency.formatMicros(objective.actualMicros()) + ", limit " + Latency.formatMicros(objective.limitMicros());
    }
}
