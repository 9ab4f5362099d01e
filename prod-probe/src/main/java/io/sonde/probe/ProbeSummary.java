package io.sonde.probe;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.probe.marketdata.ProbeMarketData;
import io.sonde.probe.measure.IntervalCollector;
import io.sonde.probe.measure.ProbeSeries;
import io.sonde.probe.order.ProbeCounters.Count;
import io.sonde.probe.order.ProbeCounters;
import io.sonde.probe.safety.SendVerdict;
import io.sonde.probe.slo.SloEvaluator;
import io.sonde.probe.slo.SloRule;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What a probe run did, as {@code probe-summary.json} beside its logs and as a few lines for a person: the
 * counts the metrics expose, whole-run percentiles of every stage, and each SLO rule's verdict.
 */
final class ProbeSummary
{
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 100};
    private static final String[] STAGES = {ProbeSeries.NEW_ACK, ProbeSeries.CANCEL, ProbeSeries.LIFECYCLE};
    private static final ObjectMapper JSON = new ObjectMapper();

    private ProbeSummary()
    {
    }

    static ObjectNode json(final ProbeCounters counters, final IntervalCollector collector, final SloEvaluator slo,
        final ProbeMarketData marketData, final String verdict)
    {
        final ObjectNode summary = JSON.createObjectNode().put("verdict", verdict);
        final ObjectNode counts = summary.putObject("counts");
        for (final Count count : Count.values())
        {
            counts.put(name(count.name()), counters.get(count));
        }
        for (final SendVerdict refusal : SendVerdict.values())
        {
            if (refusal != SendVerdict.ALLOWED)
            {
                counts.put("refused_" + name(refusal.name()), counters.refusals(refusal));
            }
        }
        final ObjectNode latency = summary.putObject("latency_us");
        for (final String stage : STAGES)
        {
            for (final String kind : new String[]{RequestSeries.CORRECTED, RequestSeries.UNCORRECTED})
            {
                latency.set(stage + "." + kind, percentiles(collector.histogram(stage, kind, null)));
            }
        }
        if (marketData != null)
        {
            publicFeed(summary.putObject("public_feed"), collector, marketData);
        }
        final ArrayNode rules = summary.putArray("slo");
        for (int i = 0; i < slo.rules().size(); i++)
        {
            final SloRule rule = slo.rules().get(i);
            rules.addObject()
                .put("rule", rule.name())
                .put("objective", rule.objective())
                .put("firing", slo.isFiring(i))
                .put("ever_fired", slo.everFired(i));
        }
        return summary;
    }

    /**
     * The venue's public feed as the probe saw its own orders on it; when the venue did not serve it, why, and no
     * counts at all, so nothing reads as a measurement that was not made.
     */
    private static void publicFeed(
        final ObjectNode feed, final IntervalCollector collector, final ProbeMarketData marketData)
    {
        if (marketData.unavailable() != null)
        {
            feed.put("unavailable", marketData.unavailable());
            return;
        }
        feed.put("orders_seen", marketData.seen()).put("orders_missing", marketData.missing())
            .put("others_events", marketData.others());
        final ArrayNode named = feed.putArray("named_missing");
        marketData.namedMissing().forEach(named::add);
        for (final String kind : new String[]{RequestSeries.CORRECTED, RequestSeries.UNCORRECTED})
        {
            feed.set("order_to_tick_us." + kind,
                percentiles(collector.histogram(ProbeSeries.ORDER_TO_TICK, kind, null)));
        }
    }

    static void write(final Path file, final ObjectNode summary)
    {
        try
        {
            JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), summary);
        }
        catch (final IOException ex)
        {
            System.err.println("sonde probe: cannot write " + file + ": " + ex.getMessage());
        }
    }

    /**
     * @return the count and, when there are samples, p50 to max in microseconds; null when there are none.
     */
    private static ObjectNode percentiles(final Histogram histogram)
    {
        final ObjectNode node = JSON.createObjectNode().put("count", histogram.getTotalCount());
        for (final double percentile : PERCENTILES)
        {
            final String key = percentile == 100 ? "max" : "p" + format(percentile);
            if (histogram.getTotalCount() == 0)
            {
                node.putNull(key);
            }
            else
            {
                node.put(key, histogram.getValueAtPercentile(percentile) / 1000.0);
            }
        }
        return node;
    }

    private static String name(final String constant)
    {
        return constant.toLowerCase(Locale.ROOT);
    }

    private static String format(final double percentile)
    {
        return percentile == Math.rint(percentile) ?
            Long.toString((long)percentile) : String.format(Locale.ROOT, "%.1f", percentile);
    }
}
