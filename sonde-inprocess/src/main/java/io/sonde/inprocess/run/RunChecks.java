package io.sonde.inprocess.run;

import io.sonde.api.Check;
import io.sonde.api.Limits;
import io.sonde.api.MarketData;
import io.sonde.api.FaultResult;
import io.sonde.api.Slo;
import io.sonde.api.SloResult;
import io.sonde.inprocess.fault.FaultChecks;
import io.sonde.loadgen.idle.IdleShare;
import io.sonde.loadgen.result.ResultTotals;
import io.sonde.api.MeasuredSpan;
import io.sonde.loadgen.sweep.SweepCriteria;
import io.sonde.loadgen.time.Latency;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What one measured run is checked on, in the order a reader asks: could Sonde keep its own schedule (else the
 * result is void), was something measured at all, was the rate sent, did few enough lifecycles fail, and did
 * each latency objective hold.
 * <p>
 * A check's name says what was checked, never how it came out ({@code JIT compilation while measured}, not "the JIT
 * left the window alone"), because the console prints the name as the headline of every outcome; the detail says
 * what happened and, when something needs doing, what to do. A check that exists in one outcome only (a run cut
 * short) may name that outcome.
 */
public final class RunChecks
{
    /** The group of the error-rate check. */
    public static final String ERRORS = "errors";
    /** The group of the check that the threads spun as meant. */
    public static final String IDLE = "idle";
    /** The group of the check that the JIT compiled nothing while measured. */
    public static final String JIT = "jit";
    /** What the generator check checks: Sonde's own schedule, whose miss voids the result. */
    public static final String GENERATOR_NAME = "Sonde's own schedule";
    /** What the idle check checks. */
    static final String IDLE_NAME = "how the threads waited while measured";
    /** What the JIT check checks. */
    static final String JIT_NAME = "JIT compilation while measured";
    /** The share of a measurement meant to busy-spin that may pass in the spin window without a warning. */
    static final int MOST_SPIN_WINDOW_PERCENT = 10;

    private RunChecks()
    {
    }

    /**
     * @return the limits' rate and generator criteria, as a sweep judges each step by.
     */
    public static SweepCriteria criteria(final Limits limits)
    {
        return new SweepCriteria(limits.maxMissPercent() / 100.0, limits.maxSendLateness().toNanos() / 1000.0,
            limits.maxHiccup().toNanos() / 1000.0);
    }

    /**
     * @param label prefixes each check's name, e.g. a sweep step's rate; empty for a run.
     */
    public static List<Check> of(
        final String label, final ResultTotals run, final List<SloResult> slo, final Limits limits)
    {
        return of(label, run, slo, limits, null);
    }

    /**
     * @param marketData the run's market data, or null when it read none: then every order's public event must
     *                   have come, and something must have arrived at all.
     */
    public static List<Check> of(
        final String label, final ResultTotals run, final List<SloResult> slo, final Limits limits,
        final MarketData marketData)
    {
        return of(label, run, slo, limits, marketData, List.of());
    }

    /**
     * @param faults the run's faults: each must recover, and none may lose or duplicate an order (docs/faults.md).
     */
    public static List<Check> of(
        final String label, final ResultTotals run, final List<SloResult> slo, final Limits limits,
        final MarketData marketData, final List<FaultResult> faults)
    {
        final SweepCriteria criteria = criteria(limits);
        final double maxErrorFraction = limits.maxErrorRatePercent() / 100.0;
        final List<Check> checks = new ArrayList<>();
        checks.add(generator(label, run, criteria));
        if (run.cutShort())
        {
            checks.add(new Check("run", label + "cut short", Check.Outcome.VOID, String.format(Locale.ROOT,
                "a stop (Ctrl-C or SIGTERM) ended it after %.1f s measured: the result covers only that part",
                run.measuredSeconds())));
        }
        if (run.sent() == 0)
        {
            checks.add(new Check("run", label + "nothing measured", Check.Outcome.VOID,
                "no lifecycle was sent in the measured window"));
            return checks;
        }
        checks.add(Check.of("rate", label + "rate sent", !criteria.rateMissed(run.targetRate(), run.achievedRate()),
            String.format(Locale.ROOT, "%.1f/s sent of %.1f/s (at most %.1f %% short)", run.achievedRate(),
            run.targetRate(), criteria.maxMissFraction() * 100)));
        final long failed = run.rejected() + run.timedOut();
        final double errorFraction = (double)failed / run.sent();
        checks.add(Check.of(ERRORS, label + "error rate", errorFraction <= maxErrorFraction,
            String.format(Locale.ROOT, "%d of %d lifecycles failed (%d rejected, %d timed out): %.2f %%, limit %.2f %%",
            failed, run.sent(), run.rejected(), run.timedOut(), errorFraction * 100, maxErrorFraction * 100)));
        if (marketData != null)
        {
            checks.add(publicEvents(label, marketData));
        }
        for (final FaultResult fault : faults)
        {
            checks.add(FaultChecks.recovered(label, fault));
            checks.add(FaultChecks.ordersKept(label, fault));
        }
        for (final SloResult objective : slo)
        {
            checks.add(Check.of("slo", label + objective.objective() + " <= " + micros(objective.limitMicros()),
                objective.met(), sloDetail(objective)));
        }
        return checks;
    }

    private static String sloDetail(final SloResult objective)
    {
        final String name = objective.objective();
        final boolean missing = Double.isNaN(objective.actualMicros());
        if (name.equals(Slo.RECOVERY))
        {
            return missing ? "no fault recovered to measure, or one never did (see the faults)" :
                "slowest recovery " + micros(objective.actualMicros()) + ", limit " + micros(objective.limitMicros());
        }
        if (name.startsWith(Slo.FAULT_PREFIX))
        {
            return missing ? "no answers during faults to measure: the run had no --fault, or none was answered" :
                "corrected " + name.substring(Slo.FAULT_PREFIX.length()) + " during faults " +
                micros(objective.actualMicros()) + ", limit " + micros(objective.limitMicros());
        }
        if (missing)
        {
            return "order-to-tick was not measured: it needs --market-data and an order-level feed";
        }
        final boolean tick = name.startsWith(Slo.TICK_PREFIX);
        return (tick ? "order-to-tick " + name.substring(Slo.TICK_PREFIX.length()) : "corrected " + name) + " " +
            micros(objective.actualMicros()) + ", limit " + micros(objective.limitMicros());
    }

    /**
     * What a reader must hear of beside the checks, as warnings that leave the verdict alone: a measurement meant
     * to busy-spin that spent more than {@value #MOST_SPIN_WINDOW_PERCENT} % in the spin window measured Sonde's
     * wake-ups too, and one that the JIT compiled during measured the compiler's claim on the cores.
     *
     * @param label        prefixes each check's name.
     * @param idle         how the busy threads waited during the measured window.
     * @param meantToSpin  an explicit busy-spin, or auto on a host that fitted the threads at the start.
     * @param compilerBusy the measured intervals during which the JIT compiler was busy.
     */
    public static List<Check> caveats(
        final String label, final IdleShare idle, final boolean meantToSpin, final List<MeasuredSpan> compilerBusy)
    {
        final List<Check> checks = new ArrayList<>();
        if (meantToSpin && idle.spinWindowShare() * 100 > MOST_SPIN_WINDOW_PERCENT)
        {
            checks.add(Check.warning(IDLE, label + IDLE_NAME, String.format(Locale.ROOT,
                "%.0f %% of the measured %.1f s in the spin window, not busy-spinning as meant (more than %d %%, " +
                "%d switch%s): latency there includes Sonde's wake-ups; pin Sonde's threads to cores of their own, " +
                "or run fewer processes beside it", idle.spinWindowShare() * 100, idle.seconds(),
                MOST_SPIN_WINDOW_PERCENT, idle.switches(), idle.switches() == 1 ? "" : "es")));
        }
        if (!compilerBusy.isEmpty())
        {
            final double seconds = compilerBusy.stream().mapToDouble(MeasuredSpan::seconds).sum();
            checks.add(Check.warning(JIT, label + JIT_NAME, String.format(Locale.ROOT,
                "the JIT compiled during %.0f of %.0f measured seconds (%s), so they include its claim on the " +
                "cores: a longer --warmup lets it finish first", seconds, idle.seconds(),
                compilerBusy.stream().map(span -> String.format(Locale.ROOT, "%.1f-%.1f s", span.fromSeconds(),
                span.toSeconds())).collect(Collectors.joining(", ")))));
        }
        return checks;
    }

    /**
     * Every order that reached the book must show on the public feed: one that did not is named, never dropped.
     */
    private static Check publicEvents(final String label, final MarketData marketData)
    {
        final String name = label + "public events of the orders";
        if (marketData.unavailable().isPresent())
        {
            return new Check("marketData", name, Check.Outcome.FAILED, marketData.unavailable().get());
        }
        if (marketData.packets() == 0)
        {
            return new Check("marketData", name, Check.Outcome.FAILED,
                "no market data arrived from " + marketData.source());
        }
        final long notFollowed = marketData.missing() + marketData.overflowed();
        return Check.of("marketData", name, notFollowed == 0, notFollowed == 0 ?
            String.format(Locale.ROOT, "order-to-tick of %d of the %d orders that reached the book, %d feed " +
                "messages, %d gaps (%d recovered)", marketData.seen(), marketData.expected(),
                marketData.messages(), marketData.gaps(), marketData.recovered()) :
            String.format(Locale.ROOT, "%d public events never came%s: %s", marketData.missing(),
                marketData.overflowed() > 0 ? " and " + marketData.overflowed() + " orders found the matcher full" :
                "", String.join(", ", marketData.missingOrders())));
    }

    /**
     * @return whether Sonde kept its own schedule: a send-lateness or hiccup beyond the limits voids the result.
     */
    public static Check generator(final String label, final ResultTotals run, final SweepCriteria criteria)
    {
        final boolean pushedBack = run.backPressureEvents() + run.windowFullEvents() > 0;
        final boolean limited =
            criteria.generatorLimited(run.lateness().p99(), run.hiccup().p99_9(), pushedBack);
        final String detail = "send-lateness p99 " + micros(run.lateness().p99()) + " (limit " +
            micros(criteria.maxSendLatenessP99Micros()) + (pushedBack ? ", not held against Sonde: the system " +
            "under test pushed back" : "") + "), hiccup p99.9 " + micros(run.hiccup().p99_9()) + " (limit " +
            micros(criteria.maxHiccupP999Micros()) + ")";
        return new Check("generator", label + GENERATOR_NAME, limited ? Check.Outcome.VOID : Check.Outcome.PASSED,
            limited ? "Sonde fell behind its schedule, so the result is void: " + detail + "; pin Sonde's threads " +
            "to cores of their own, or run fewer processes beside it" : "kept: " + detail);
    }

    private static String micros(final double micros)
    {
        return Latency.formatMicros(micros);
    }
}
