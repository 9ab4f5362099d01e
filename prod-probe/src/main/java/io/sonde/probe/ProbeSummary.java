package io.sonde.probe;

import io.sonde.loadgen.record.RequestSeries;
import io.sonde.probe.measure.IntervalCollector;
import io.sonde.probe.measure.ProbeSeries;
import io.sonde.probe.order.ProbeCounters;
import io.sonde.probe.order.ProbeCounters.Count;
import io.sonde.probe.safety.SendVerdict;
import io.sonde.probe.slo.SloEvaluator;
import io.sonde.probe.slo.SloRule;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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

    private ProbeSummary()
    {
    }

    static String json(final ProbeCounters counters, final IntervalCollector collector, final SloEvaluator slo,
        final String verdict)
    {
        final StringBuilder json = new StringBuilder(2048).append("{\n  \"verdict\": \"").append(verdict)
            .append("\",\n  \"counts\": {");
        String separator = "\n";
        for (final Count count : Count.values())
        {
            json.append(separator).append("    \"").append(name(count.name())).append("\": ")
                .append(counters.get(count));
            separator = ",\n";
        }
        for (final SendVerdict refusal : SendVerdict.values())
        {
            if (refusal != SendVerdict.ALLOWED)
            {
                json.append(separator).append("    \"refused_").append(name(refusal.name())).append("\": ")
                    .append(counters.refusals(refusal));
            }
        }
        json.append("\n  },\n  \"latency_us\": {");
        separator = "\n";
        for (final String stage : STAGES)
        {
            for (final String kind : new String[]{RequestSeries.CORRECTED, RequestSeries.UNCORRECTED})
            {
                final Histogram histogram = collector.histogram(stage, kind, null);
                json.append(separator).append("    \"").append(stage).append('.').append(kind)
                    .append("\": {\"count\": ").append(histogram.getTotalCount());
                for (final double percentile : PERCENTILES)
                {
                    json.append(", \"p").append(percentile == 100 ? "max" : format(percentile)).append("\": ")
                        .append(histogram.getTotalCount() == 0 ? "null" :
                        format(histogram.getValueAtPercentile(percentile) / 1000.0));
                }
                json.append('}');
                separator = ",\n";
            }
        }
        json.append("\n  },\n  \"slo\": [");
        separator = "\n";
        for (int i = 0; i < slo.rules().size(); i++)
        {
            final SloRule rule = slo.rules().get(i);
            json.append(separator).append("    {\"rule\": \"").append(rule.name()).append("\", \"objective\": \"")
                .append(rule.objective()).append("\", \"firing\": ").append(slo.isFiring(i))
                .append(", \"ever_fired\": ").append(slo.everFired(i)).append('}');
            separator = ",\n";
        }
        return json.append("\n  ]\n}\n").toString();
    }

    static void write(final Path file, final String json)
    {
        try
        {
            Files.writeString(file, json, StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            System.err.println("sonde probe: cannot write " + file + ": " + ex.getMessage());
        }
    }

    private static String name(final String constant)
    {
        return constant.toLowerCase(Locale.ROOT);
    }

    private static String format(final double value)
    {
        return value == Math.rint(value) ? Long.toString((long)value) : String.format(Locale.ROOT, "%.1f", value);
    }
}
