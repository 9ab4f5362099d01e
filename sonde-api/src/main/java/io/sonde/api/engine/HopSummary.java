package io.sonde.api.engine;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.sonde.fix.client.hops.AnswerHops;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.SeriesTotals;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * One hop of the answers' path in {@code summary.json}, in microseconds: where the time between an order's
 * intended start and its answer in Sonde's hands went.
 *
 * @param name  the hop, as {@link AnswerHops} names it.
 * @param p50   median.
 * @param p90   90th percentile.
 * @param p99   99th percentile.
 * @param p99_9 99.9th percentile.
 * @param max   largest.
 * @param count answers measured.
 */
@JsonPropertyOrder({ "name", "p50", "p90", "p99", "p99.9", "max", "count" })
public record HopSummary(
    String name,
    double p50,
    double p90,
    double p99,
    @JsonProperty("p99.9") double p99_9,
    double max,
    long count)
{
    private static final double NANOS_PER_MICRO = 1000.0;

    /**
     * @param totals the run's whole-run histograms.
     * @param hops   every hop in path order.
     * @return the measured hops that hold values, in path order.
     */
    public static List<HopSummary> of(final SeriesTotals totals, final List<HopSeries> hops)
    {
        final List<HopSummary> summaries = new ArrayList<>();
        for (final HopSeries hop : hops)
        {
            final Histogram total = totals.get(hop.measured().tag());
            if (total.getTotalCount() > 0)
            {
                summaries.add(new HopSummary(hop.name(),
                    micros(total.getValueAtPercentile(50)),
                    micros(total.getValueAtPercentile(90)),
                    micros(total.getValueAtPercentile(99)),
                    micros(total.getValueAtPercentile(99.9)),
                    micros(total.getMaxValue()),
                    total.getTotalCount()));
            }
        }
        return summaries;
    }

    private static double micros(final long nanos)
    {
        return nanos / NANOS_PER_MICRO;
    }
}
