package io.sonde.loadgen.result;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.runner.OutcomeCounts;
import io.sonde.loadgen.runner.RunResult;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code summary.json} of a run: the balance of outcomes, target against achieved rate, and the
 * percentiles of every series in microseconds. Counts cover the measurement window; the warm-up is
 * reported separately so nothing sent is unaccounted for. {@code cutShort} says a stop (Ctrl-C, SIGTERM) ended
 * the run before its measurement window did: the figures cover {@code measuredSeconds}, the part that ran.
 */
@JsonPropertyOrder({ "kind", "sent", "acknowledged", "rejected", "timedOut", "inFlight", "unsent",
    "targetRate", "achievedRate", "measuredSeconds", "cutShort", "corrected", "uncorrected", "lateness", "hiccup" })
public record RunSummary(
    String kind,
    long sent,
    long acknowledged,
    long rejected,
    long timedOut,
    long inFlight,
    long unsent,
    double targetRate,
    double achievedRate,
    double measuredSeconds,
    Percentiles corrected,
    Percentiles uncorrected,
    Percentiles lateness,
    Percentiles hiccup,
    OutcomeCounts warmup,
    long lateResponses,
    long unknownResponses,
    long backPressureEvents,
    long windowFullEvents,
    Map<Integer, Long> rejectReasons,
    Map<String, Long> outOfRange,
    List<String> intervalLogs,
    RunMetadata metadata,
    boolean cutShort)
{
    /**
     * Summarise one or more runs as one: counts add up, histograms are added (never percentiles
     * averaged), rates are weighted by each run's measured time.
     */
    public static RunSummary of(final String kind, final List<RunResult> results, final RunMetadata metadata)
    {
        if (results.isEmpty())
        {
            throw new IllegalArgumentException("nothing to summarise: no run results");
        }
        final Aggregate total = new Aggregate();
        results.forEach(total::add);

        return new RunSummary(
            kind,
            total.sent,
            total.acknowledged,
            total.rejected,
            total.timedOut,
            total.inFlight,
            total.unsent,
            perSecond(total.targetRequests, total.seconds),
            perSecond(total.achievedRequests, total.seconds),
            total.seconds,
            HistogramPercentiles.of(total.corrected),
            HistogramPercentiles.of(total.uncorrected),
            HistogramPercentiles.of(total.lateness),
            HistogramPercentiles.of(total.hiccup),
            new OutcomeCounts(total.warmupSent, total.warmupAcknowledged, total.warmupRejected,
                total.warmupTimedOut, total.warmupInFlight),
            total.lateResponses,
            total.unknownResponses,
            total.backPressureEvents,
            total.windowFullEvents,
            total.rejectReasons,
            total.outOfRange,
            total.intervalLogs,
            metadata,
            total.cutShort);
    }

    /**
     * A run stopped during its warm-up measured nothing: its rates are zero, not undefined.
     */
    private static double perSecond(final double requests, final double seconds)
    {
        return seconds > 0 ? requests / seconds : 0;
    }

    public boolean balances()
    {
        return sent == acknowledged + rejected + timedOut + inFlight;
    }

    private static final class Aggregate
    {
        private final Histogram corrected = new Histogram(3);
        private final Histogram uncorrected = new Histogram(3);
        private final Histogram lateness = new Histogram(3);
        private final Histogram hiccup = new Histogram(3);
        private final Map<Integer, Long> rejectReasons = new TreeMap<>();
        private final Map<String, Long> outOfRange = new TreeMap<>();
        private final List<String> intervalLogs = new ArrayList<>();
        private long sent;
        private long acknowledged;
        private long rejected;
        private long timedOut;
        private long inFlight;
        private long unsent;
        private long warmupSent;
        private long warmupAcknowledged;
        private long warmupRejected;
        private long warmupTimedOut;
        private long warmupInFlight;
        private long lateResponses;
        private long unknownResponses;
        private long backPressureEvents;
        private long windowFullEvents;
        private double targetRequests;
        private double achievedRequests;
        private double seconds;
        private boolean cutShort;

        void add(final RunResult result)
        {
            final OutcomeCounts measured = result.measurement();
            sent += measured.sent();
            acknowledged += measured.acknowledged();
            rejected += measured.rejected();
            timedOut += measured.timedOut();
            inFlight += measured.inFlight();
            unsent += result.unsent();

            final OutcomeCounts warm = result.warmup();
            warmupSent += warm.sent();
            warmupAcknowledged += warm.acknowledged();
            warmupRejected += warm.rejected();
            warmupTimedOut += warm.timedOut();
            warmupInFlight += warm.inFlight();

            lateResponses += result.lateResponses();
            unknownResponses += result.unknownResponses();
            backPressureEvents += result.backPressureEvents();
            windowFullEvents += result.windowFullEvents();
            targetRequests += result.targetRatePerSecond() * result.measuredSeconds();
            achievedRequests += result.achievedRatePerSecond() * result.measuredSeconds();
            seconds += result.measuredSeconds();
            cutShort |= result.cutShort();

            corrected.add(result.totals().get(RequestSeries.CORRECTED));
            uncorrected.add(result.totals().get(RequestSeries.UNCORRECTED));
            lateness.add(result.totals().get(RequestSeries.LATENESS));
            hiccup.add(result.totals().get(HiccupMeter.TAG));
            result.rejectReasons().forEach((code, count) -> rejectReasons.merge(code, count, Long::sum));
            result.outOfRange().forEach((tag, count) -> outOfRange.merge(tag, count, Long::sum));
            if (result.intervalLog() != null)
            {
                intervalLogs.add(result.intervalLog().getFileName().toString());
            }
        }
    }
}
