package io.sonde.inprocess.engine;

import io.sonde.api.Check;
import io.sonde.api.Limits;
import io.sonde.loadgen.result.RunSummary;
import io.sonde.loadgen.sweep.SweepCriteria;
import io.sonde.loadgen.time.Latency;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one measured run is checked on, in the order a reader asks: could Sonde keep its own schedule (else the
 * result is void), was something measured at all, was the rate sent, did few enough lifecycles fail, and did
 * each latency objective hold.
 */
public final class RunChecks
{
    /** The group of the error-rate check. */
    public static final String ERRORS = "errors";

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
        final String label, final RunSummary run, final List<SloResult> slo, final Limits limits)
    {
        final SweepCriteria criteria = criteria(limits);
        final double maxErrorFraction = limits.maxErrorRatePercent() / 100.0;
        final List<Check> checks = new ArrayList<>();
        checks.add(generator(label, run, criteria));
        if (run.cutShort())
        {
            checks.add(new Check("run", label + "ran its whole duration", Check.Outcome.VOID, String.format(
                Locale.ROOT, "a stop (Ctrl-C or SIGTERM) ended it after %.1f s measured", run.measuredSeconds())));
        }
        if (run.sent() == 0)
        {
            checks.add(new Check("run", label + "something measured", Check.Outcome.VOID,
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
        for (final SloResult objective : slo)
        {
            checks.add(Check.of("slo", label + objective.objective() + " <= " + micros(objective.limitMicros()),
                objective.met(), "corrected " + objective.objective() + " " + micros(objective.actualMicros()) +
                ", limit " + micros(objective.limitMicros())));
        }
        return checks;
    }

    private static Check generator(final String label, final RunSummary run, final SweepCriteria criteria)
    {
        final boolean pushedBack = run.backPressureEvents() + run.windowFullEvents() > 0;
        final boolean limited =
            criteria.generatorLimited(run.lateness().p99(), run.hiccup().p99_9(), pushedBack);
        final String detail = "send-lateness p99 " + micros(run.lateness().p99()) + " (limit " +
            micros(criteria.maxSendLatenessP99Micros()) + (pushedBack ? ", not held against Sonde: the system " +
            "under test pushed back" : "") + "), hiccup p99.9 " + micros(run.hiccup().p99_9()) + " (limit " +
            micros(criteria.maxHiccupP999Micros()) + ")";
        return new Check("generator", label + "Sonde kept its schedule",
            limited ? Check.Outcome.VOID : Check.Outcome.PASSED,
            limited ? "generator-limited, the result is void: " + detail : detail);
    }

    private static String micros(final double micros)
    {
        return Latency.formatMicros(micros);
    }
}
