package io.sonde.loadgen.sweep;

import io.sonde.api.Slo;
import io.sonde.api.StepProbability;
import io.sonde.loadgen.confidence.BlockBootstrap;
import io.sonde.loadgen.confidence.IntervalHistograms;
import io.sonde.loadgen.confidence.IntervalLogSeries;
import io.sonde.loadgen.confidence.JointProbability;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.time.Latency;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How likely a sweep step was to meet its latency objectives: the share of {@link BlockBootstrap} resamples of the
 * step's own {@code corrected} intervals (its interval logs, runs pooled) that meet every objective on the corrected
 * latency at once. The default seed, so the same folder gives the same share. Read after the step, never on a load
 * thread.
 * <p>
 * Only objectives on the corrected lifecycle latency are resampled: order-to-tick, the faults' windows and recovery
 * are not series of one log's intervals side by side with it, so they, like the step's errors and rate, are judged by
 * the step's own figures ({@link KneeFinder#judge}).
 */
public final class StepObjectives
{
    private static final double NANOS_PER_MICRO = 1000;

    private StepObjectives()
    {
    }

    /**
     * @param intervalLogs the step's interval logs ({@code run.hlog}, one per run); those not there are left out.
     * @param objectives   the sweep's objectives.
     * @return the share of resamples meeting every objective on the corrected latency; empty when there is none, or
     *         no measured corrected sample to resample.
     */
    public static Optional<StepProbability> probability(final List<Path> intervalLogs, final List<Slo> objectives)
    {
        final List<Slo> resampled = objectives.stream().filter(slo -> slo.series() == Slo.Series.LIFECYCLE).toList();
        final List<Path> logs = intervalLogs.stream().filter(Files::isRegularFile).toList();
        if (resampled.isEmpty() || logs.isEmpty())
        {
            return Optional.empty();
        }
        final IntervalHistograms corrected =
            IntervalLogSeries.read(logs, RequestSeries.CORRECTED::equals).get(RequestSeries.CORRECTED);
        return corrected == null || corrected.totalCount() == 0 ? Optional.empty() :
            Optional.of(probability(corrected, resampled, new BlockBootstrap()));
    }

    /**
     * @param corrected  the step's measured corrected intervals, in nanoseconds.
     * @param objectives objectives on the corrected latency.
     * @param bootstrap  what resamples them.
     * @return the share of resamples meeting every objective at once.
     */
    static StepProbability probability(
        final IntervalHistograms corrected, final List<Slo> objectives, final BlockBootstrap bootstrap)
    {
        final double[] percentiles = new double[objectives.size()];
        final long[] limits = new long[objectives.size()];
        for (int i = 0; i < percentiles.length; i++)
        {
            percentiles[i] = objectives.get(i).percentile();
            // A value is within when value / 1000 ≤ limit µs, which for whole nanoseconds is value ≤ floor(limit).
            limits[i] = (long)Math.floor(objectives.get(i).limitMicros() * NANOS_PER_MICRO);
        }
        final JointProbability joint = bootstrap.probabilityWithinAll(corrected, percentiles, limits);
        return new StepProbability(joint.probability(), objectives.stream()
            .map(slo -> slo.label() + "=" + Latency.formatMicros(slo.limitMicros())).toList(),
            bootstrap.resamples(), joint.shortfall());
    }
}
