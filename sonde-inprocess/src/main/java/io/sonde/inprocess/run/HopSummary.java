package io.sonde.inprocess.run;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.sonde.fix.client.hops.AnswerHops;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.HopsByLatency;
import io.sonde.loadgen.record.SeriesTotals;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * One hop of the answers' path in {@code summary.json}, in microseconds: where the time between an order's
 * intended start and its answer in Sonde's hands went. The percentiles are the hop's own; {@code atP50} and
 * {@code atP99} are what the answers at the answers' own median and 99th percentile spent in it, on average,
 * and add up over the hops to about those percentiles (see {@link HopsByLatency}).
 *
 * @param name  the hop, as {@link AnswerHops} names it.
 * @param p50   median.
 * @param p90   90th percentile.
 * @param p99   99th percentile.
 * @param p99_9 99.9th percentile.
 * @param max   largest.
 * @param count answers measured.
 * @param atP50 mean time in this hop of the answers at the answers' median.
 * @param atP99 mean time in this hop of the answers at the answers' 99th percentile.
 */
@JsonPropertyOrder({ "name", "p50", "p90", "p99", "p99.9", "max", "count", "atP50", "atP99" })
public record HopSummary(
    String name,
    double p50,
    double p90,
    double p99,
    @JsonProperty("p99.9") double p99_9,
    double max,
    long count,
    double atP50,
    double atP99)
{
    private static final double NANOS_PER_MICRO = 1000.0;

    /**
     * @param totals    the run's whole-run histograms.
     * @param hops      every hop in path order.
     * @param byLatency the same hops by the answers' latency, each known by its index in {@code hops}.
     * @return the measured hops that hold values, in path order.
     */
    public static List<HopSummary> of(final SeriesTotals totals, final List<HopSeries> hops,
        final HopsByLatency byLatency)
    {
        final List<HopSummary> summaries = new ArrayList<>();
        final HopsByLatency.Composition atMedian = byLatency.at(50);
        final HopsByLatency.Composition atTail = byLatency.at(99);
        for (int i = 0; i < hops.size(); i++)
        {
            final HopSeries hop = hops.get(i);
            final Histogram total = totals.get(hop.measured().tag());
            if (total.getTotalCount() > 0)
            {
                summaries.add(new HopSummary(hop.name(),
                    micros(total.getValueAtPercentile(50)),
                    micros(total.getValueAtPercentile(90)),
                    micros(total.getValueAtPercentile(99)),
                    micros(total.getValueAtPercentile(99.9)),
                    micros(total.getMaxValue()),
                    total.getTotalCount(),
                    meanMicros(atMedian, i),
                    meanMicros(atTail, i)));
            }
        }
        return summaries;
    }

    private static double meanMicros(final HopsByLatency.Composition composition, final int hop)
    {
        return composition == null ? 0 : composition.meanHopNanos()[hop] / NANOS_PER_MICRO;
    }

    private static double micros(final long nanos)
    {
        return nanos / NANOS_PER_MICRO;
    }
}
