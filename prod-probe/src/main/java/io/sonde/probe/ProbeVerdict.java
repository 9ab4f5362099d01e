package io.sonde.probe;

import io.sonde.api.ExitCode;
import io.sonde.probe.config.ProbeConfig;
import io.sonde.probe.measure.IntervalCollector;
import io.sonde.probe.order.ProbeCounters;
import io.sonde.probe.slo.SloEvaluator;
import io.sonde.probe.slo.SloInputs;

import java.util.function.Consumer;

/**
 * How a run ends: the last interval collected and judged, the exit code settled ({@code --once} is breached by
 * any rule that ever fired, or by no round trip at all), {@code probe-summary.json} written and one line logged.
 */
final class ProbeVerdict
{
    private final ProbeConfig config;
    private final ProbeMode mode;
    private final ProbeCounters counters;
    private final SloEvaluator slo;
    private final Consumer<String> log;

    ProbeVerdict(
        final ProbeConfig config,
        final ProbeMode mode,
        final ProbeCounters counters,
        final SloEvaluator slo,
        final Consumer<String> log)
    {
        this.config = config;
        this.mode = mode;
        this.counters = counters;
        this.slo = slo;
        this.log = log;
    }

    /**
     * @param exitCode what the run itself ended with.
     * @return the exit code of the process.
     */
    ExitCode settle(final ExitCode exitCode, final IntervalCollector collector, final SloInputs sloInputs)
    {
        collector.collect();
        slo.evaluate(sloInputs);
        ExitCode verdict = exitCode;
        if (verdict == ExitCode.PASSED && mode.isOnce() && !mode.dryRun())
        {
            if (slo.anyEverFired())
            {
                verdict = ExitCode.MISSED;
            }
            else if (counters.lastRoundTripEpochMs() == 0)
            {
                log.accept("--once: no probe order completed its round trip");
                verdict = ExitCode.MISSED;
            }
        }
        final String name = verdict == ExitCode.PASSED ? "met" : verdict == ExitCode.MISSED ? "breached" :
            "cannot-run";
        ProbeSummary.write(config.resultsDir().resolve("probe-summary.json"),
            ProbeSummary.json(counters, collector, slo, name));
        log.accept("summary: " + counters.get(ProbeCounters.Count.SENT) + " sent, " +
            counters.get(ProbeCounters.Count.ACKNOWLEDGED) + " acknowledged, " +
            counters.get(ProbeCounters.Count.TIMED_OUT) + " timed out, " +
            counters.get(ProbeCounters.Count.REJECTED) + " rejected; verdict " + name);
        return verdict;
    }
}
