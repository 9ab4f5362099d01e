package io.sonde.loadgen.result;

import io.sonde.api.Percentiles;
import io.sonde.api.WarmupCounts;
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
 * Several runs' results added up as one: counts add up, histograms are added (never percentiles averaged), rates are
 * weighted by each run's measured time. Counts cover the measurement window; the warm-up is counted apart, so nothing
 * sent is unaccounted for. {@code cutShort} says a stop (Ctrl-C, SIGTERM) ended a run before its measurement window
 * did: the figures cover {@code measuredSeconds}, the part that ran. The engine writes these figures into the API's
 * {@link io.sonde.api.RunSummary}; they are not written as they are.
 *
 * @param rejectReasons rejects by the venue's reason code, in the codes' order.
 * @param outOfRange    values too large for their histogram, by series.
 * @param intervalLogs  the interval logs written, by file name.
 */
public record ResultTotals(
    long sent,
    long acknowledged,
    long rejected,
    long timedOut,
    long inFlight,
    long unsent,
    double targetRate,
    double achievedRate,
    double measuredSeconds,
    boolean cutShort,
    Percentiles corrected,
    Percentiles uncorrected,
    Percentiles lateness,
    Percentiles hiccup,
    WarmupCounts warmup,
    long lateResponses,
    long unknownResponses,
    long backPressureEvents,
    long windowFullEvents,
    Map<Integer, Long> rejectReasons,
    Map<String, Long> outOfRange,
    List<String> intervalLogs)
{
    /**
     * Summarise one or more runs as one: counts add up, histograms are added (never percentiles
     * averaged), rates are weighted by each run's measured time.
     */
    public static ResultTotals of(final List<RunResult> results)
    {
        if (results.isEmpty())
        {
            throw new IllegalArgumentException("nothing to summarise: no run results");
        }
        final Aggregate total = new Aggregate();
        results.forEach(total::add);

        return new ResultTotals(
            total.sent,
            total.acknowledged,
            total.rejected,
            total.timedOut,
            total.inFlight,
            total.unsent,
            perSecond(total.targetRequests, total.seconds),
            perSecond(total.achievedRequests, total.seconds),
            total.seconds,
            total.cutShort,
            HistogramPercentiles.of(total.corrected),
            HistogramPercentiles.of(total.uncorrected),
            HistogramPercentiles.of(total.lateness),
            HistogramPercentiles.of(total.hiccup),
            new WarmupCounts(total.warmupSent, total.warmupAcknowledged, total.warmupRejected,
                total.warmupTimedOut, total.warmupInFlight),
            total.lateResponses,
            total.unknownResponses,
            total.backPressureEvents,
            total.windowFullEvents,
            total.rejectReasons,
            total.outOfRange,
            total.intervalLogs);
    }

    /**
     * A run stopped during its warm-up measured nothing: its rates are zero, not undefined.
     */
    private static double perSecond(final double requests, final double seconds)
    {
        return seconds > 0 ? requests / seconds : 0;
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
            result.intervalLogs().forEach(log -> intervalLogs.add(log.getFileName().toString()));
        }
    }
}
