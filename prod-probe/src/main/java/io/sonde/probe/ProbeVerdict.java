package io.sonde.probe;

import io.sonde.api.ExitCode;
import io.sonde.loadgen.time.Durations;
import io.sonde.probe.config.ProbeConfig;
import io.sonde.probe.marketdata.ProbeMarketData;
import io.sonde.probe.measure.IntervalCollector;
import io.sonde.probe.measure.ProbeSeries;
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
    /**
     * @param marketData the watch on the venue's public feed, or null when the probe does not watch it.
     */
    ExitCode settle(
        final ExitCode exitCode, final IntervalCollector collector, final SloInputs sloInputs,
        final ProbeMarketData marketData)
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
            ProbeSummary.json(counters, collector, slo, marketData, name));
        log.accept("summary: " + counters.get(ProbeCounters.Count.SENT) + " sent, " +
            counters.get(ProbeCounters.Count.ACKNOWLEDGED) + " acknowledged, " +
            counters.get(ProbeCounters.Count.TIMED_OUT) + " timed out, " +
            counters.get(ProbeCounters.Count.REJECTED) + " rejected" + publicFeed(collector, marketData) +
            "; verdict " + name);
        return verdict;
    }

    private static String publicFeed(final IntervalCollector collector, final ProbeMarketData marketData)
    {
        if (marketData == null)
        {
            return "";
        }
        if (marketData.unavailable() != null)
        {
            return "; order-to-tick not measured: " + marketData.unavailable();
        }
        final double p99 = collector.latencyNanos(ProbeSeries.ORDER_TO_TICK, 99, null);
        return "; public feed showed " + marketData.seen() + " order(s)" +
            (Double.isNaN(p99) ? "" : ", order-to-tick p99 " + Durations.readable(p99)) + ", " +
            marketData.missing() + " missing, " + marketData.others() + " others' event(s)";
    }
}
