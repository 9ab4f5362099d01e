package io.sonde.loadgen.confidence;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the intervals, ratios and probabilities promise their callers: seeded, honest about too few samples or
 * blocks, wider where runs differ, and able to tell a real change from the noise.
 */
class BlockBootstrapTest
{
    private static final SimulatedRuns INDEPENDENT = SimulatedRuns.independent();
    private final BlockBootstrap bootstrap = new BlockBootstrap();

    @Test
    void theSameIntervalsGiveTheSameIntervalsWhateverElseWasAskedAndInWhateverOrder()
    {
        final IntervalHistograms histograms = IntervalHistograms.of(INDEPENDENT.run(3, 30, 1_000));

        final PercentileInterval alone = bootstrap.interval(histograms, 99);
        final List<PercentileInterval> several = new BlockBootstrap().intervals(histograms, 50, 99.9, 99);

        assertEquals(alone, several.get(2));
        assertEquals(alone, bootstrap.interval(IntervalHistograms.of(INDEPENDENT.run(3, 30, 1_000)), 99));
        assertNotEquals(alone, new BlockBootstrap(1, BlockBootstrap.DEFAULT_RESAMPLES).interval(histograms, 99),
            "another seed draws other resamples");
    }

    @Test
    void anIntervalHoldsItsEstimateAndSaysWhatItStandsOn()
    {
        final IntervalHistograms histograms = IntervalHistograms.of(INDEPENDENT.run(4, 20, 1_000));

        final PercentileInterval interval = bootstrap.interval(histograms, 99);

        assertTrue(interval.supported(), interval.shortfall());
        assertEquals(histograms.valueAtPercentile(99), interval.estimate());
        assertTrue(interval.lower() < interval.estimate() && interval.estimate() < interval.upper(),
            interval.toString());
        assertEquals(20_000, interval.samples());
        assertEquals(20, interval.intervals());
        assertEquals(1, interval.runs());
        assertEquals(20, interval.blocks());
        assertEquals(1, interval.blockLength());
    }

    @Test
    void aPercentileWithFewerThanTenSamplesAboveItIsNotSupportedAndSaysHowManyItNeeds()
    {
        final IntervalHistograms histograms = IntervalHistograms.of(INDEPENDENT.run(5, 10, 500));

        final PercentileInterval interval = bootstrap.interval(histograms, 99.99);

        assertFalse(interval.supported());
        assertEquals("p99.99: 5,000 samples, needs ≥ 100,000", interval.shortfall());
        assertTrue(bootstrap.interval(histograms, 99).supported(), "p99 needs 1,000");
        assertEquals(20, SampleSupport.samplesNeeded(50));
        assertEquals(1_000, SampleSupport.samplesNeeded(99));
        assertEquals(10_000, SampleSupport.samplesNeeded(99.9));
    }

    @Test
    void aRunOfFewerIntervalsThanTheLeastBlocksIsNotSupportedHoweverManySamplesItHas()
    {
        final IntervalHistograms histograms = IntervalHistograms.of(INDEPENDENT.run(6, 8, 10_000));

        final PercentileInterval interval = bootstrap.interval(histograms, 50);

        assertFalse(interval.supported());
        assertEquals("p50: 8 intervals make 8 blocks of 1, needs ≥ 10 blocks", interval.shortfall());
    }

    @Test
    void theMaximumNeverHasAnInterval()
    {
        final IntervalHistograms histograms = IntervalHistograms.of(INDEPENDENT.run(7, 20, 1_000));

        final PercentileInterval max = bootstrap.interval(histograms, 100);

        assertFalse(max.supported());
        assertEquals("max: no interval, a resample cannot go beyond the largest sample", max.shortfall());
    }

    @Test
    void intervalsWhoseLevelDriftsForSecondsAreDrawnInLongerBlocks()
    {
        final List<Histogram> drifting = new ArrayList<>();
        for (int interval = 0; interval < 60; interval++)
        {
            final Histogram histogram = new Histogram(3);
            final long level = 100_000 + Math.round(50_000 * Math.sin(interval * 2 * Math.PI / 30));
            for (int i = 0; i < 1_000; i++)
            {
                histogram.recordValue(level + i * 10L);
            }
            drifting.add(histogram);
        }

        final PercentileInterval interval = bootstrap.interval(IntervalHistograms.of(drifting), 50);
        final PercentileInterval independent = bootstrap.interval(
            IntervalHistograms.of(INDEPENDENT.run(8, 60, 1_000)), 50);

        assertTrue(interval.blockLength() > 1, interval.toString());
        assertEquals(1, independent.blockLength(), independent.toString());
    }

    @Test
    void intervalsAlikeAtThePercentileAreDrawnOneAtATimeNotInBlocksChosenFromRounding()
    {
        final List<Histogram> seconds = new ArrayList<>();
        for (int second = 0; second < 12; second++)
        {
            final Histogram interval = new Histogram(3);
            for (int order = 0; order < 1_000; order++)
            {
                interval.recordValue(order < 50 ? 50_000_000 - order * 1_000_000L : 100_000);
            }
            seconds.add(interval);
        }

        final PercentileInterval interval = new BlockBootstrap().interval(IntervalHistograms.of(seconds), 99);

        assertEquals(1, interval.blockLength(), "every second holds the same stall: " + interval);
        assertTrue(interval.supported(), interval.toString());
    }

    @Test
    void runsThatDifferPoolIntoAnIntervalWiderThanEitherRunsOwn()
    {
        final List<Histogram> fast = INDEPENDENT.run(9, 20, 1_000);
        final List<Histogram> slow = shifted(INDEPENDENT.run(10, 20, 1_000), 20_000);

        final PercentileInterval pooled = bootstrap.interval(IntervalHistograms.ofRuns(List.of(fast, slow)), 50);
        final PercentileInterval fastOnly = bootstrap.interval(IntervalHistograms.of(fast), 50);

        assertEquals(2, pooled.runs());
        assertEquals(40, pooled.blocks());
        assertTrue(pooled.upper() - pooled.lower() > 5 * (fastOnly.upper() - fastOnly.lower()), pooled + " " +
            fastOnly);
    }

    @Test
    void runsOfOneProcessAgreeAndARunOfAnotherSaysTheHostChanged()
    {
        final List<Histogram> first = INDEPENDENT.run(15, 20, 1_000);
        final List<Histogram> second = INDEPENDENT.run(16, 20, 1_000);
        final List<Histogram> slower = shifted(INDEPENDENT.run(17, 20, 1_000), 20_000);

        final List<PercentileInterval> alike = bootstrap.eachRun(
            IntervalHistograms.ofRuns(List.of(first, second)), 50);
        final List<PercentileInterval> changed = bootstrap.eachRun(
            IntervalHistograms.ofRuns(List.of(first, second, slower)), 50);

        assertEquals(bootstrap.interval(IntervalHistograms.of(second), 50), alike.get(1), "a run's own interval");
        assertFalse(BlockBootstrap.runsDisagree(alike), alike.toString());
        assertTrue(BlockBootstrap.runsDisagree(changed), changed.toString());
    }

    @Test
    void aRunComparedWithItselfGivesARatioIntervalAroundOne()
    {
        final IntervalHistograms histograms = IntervalHistograms.of(INDEPENDENT.run(11, 30, 1_000));

        final RatioInterval ratio = bootstrap.ratio(histograms, histograms, 50);

        assertTrue(ratio.supported());
        assertEquals(1.0, ratio.estimate());
        assertTrue(ratio.lower() < 1 && ratio.upper() > 1, ratio.toString());
        assertTrue(ratio.straddles(1.05) || ratio.upper() < 1.05, ratio.toString());
        assertFalse(ratio.above(1.05));
    }

    @Test
    void aRunSlowerByHundredMicrosecondsLiesWhollyAboveTheTolerance()
    {
        final List<Histogram> baseline = INDEPENDENT.run(12, 30, 1_000);
        final List<Histogram> candidate = shifted(INDEPENDENT.run(13, 30, 1_000), 100_000);

        final RatioInterval ratio = bootstrap.ratio(
            IntervalHistograms.of(baseline), IntervalHistograms.of(candidate), 50);

        assertTrue(ratio.above(1.10), ratio.toString());
        assertTrue(ratio.lower() <= ratio.estimate() && ratio.estimate() <= ratio.upper(), ratio.toString());
    }

    @Test
    void theProbabilityOfMeetingAnObjectiveIsTheShareOfResamplesWithinIt()
    {
        final IntervalHistograms histograms = IntervalHistograms.of(INDEPENDENT.run(14, 30, 1_000));
        final PercentileInterval p99 = bootstrap.interval(histograms, 99);

        assertEquals(1.0, bootstrap.probabilityWithin(histograms, 99, p99.upper() * 2).probability());
        assertEquals(0.0, bootstrap.probabilityWithin(histograms, 99, p99.lower() / 2).probability());
        final double atTheEstimate = bootstrap.probabilityWithin(histograms, 99, p99.estimate()).probability();
        assertTrue(atTheEstimate > 0.2 && atTheEstimate < 0.8, "about half: " + atTheEstimate);
        assertEquals(p99, bootstrap.probabilityWithin(histograms, 99, p99.estimate()).interval());
    }

    @Test
    void severalObjectivesAreMetTogetherOnlyInTheResamplesThatMeetEachOfThem()
    {
        final IntervalHistograms histograms = IntervalHistograms.of(INDEPENDENT.run(15, 30, 1_000));
        final double[] percentiles = {50, 99};
        final long p50 = bootstrap.interval(histograms, 50).estimate();
        final long p99 = bootstrap.interval(histograms, 99).estimate();

        final JointProbability atBothEstimates =
            bootstrap.probabilityWithinAll(histograms, percentiles, new long[] {p50, p99});

        assertTrue(atBothEstimates.supported(), atBothEstimates.shortfall());
        assertTrue(atBothEstimates.probability() > 0.05, atBothEstimates.toString());
        assertTrue(atBothEstimates.probability() < Math.min(
            bootstrap.probabilityWithin(histograms, 50, p50).probability(),
            bootstrap.probabilityWithin(histograms, 99, p99).probability()),
            "fewer resamples meet both than meet either: " + atBothEstimates);
        assertEquals(atBothEstimates, new BlockBootstrap().probabilityWithinAll(histograms, percentiles,
            new long[] {p50, p99}), "seeded");
        assertEquals(1.0, bootstrap.probabilityWithinAll(histograms, percentiles,
            new long[] {p50 * 2, p99 * 2}).probability());
        assertEquals(0.0, bootstrap.probabilityWithinAll(histograms, percentiles,
            new long[] {p50 * 2, p99 / 2}).probability(), "one objective missed in every resample misses them all");
    }

    @Test
    void oneObjectiveMetTogetherIsTheProbabilityOfMeetingItAlone()
    {
        final IntervalHistograms histograms = IntervalHistograms.of(INDEPENDENT.run(16, 30, 1_000));
        final ObjectiveProbability alone = bootstrap.probabilityWithin(histograms, 99, 240_000);

        assertEquals(new JointProbability(alone.probability(), ""),
            bootstrap.probabilityWithinAll(histograms, new double[] {99}, new long[] {240_000}));
    }

    @Test
    void objectivesTheSamplesCannotSupportSayWhatTheyLack()
    {
        final IntervalHistograms histograms = IntervalHistograms.of(INDEPENDENT.run(17, 10, 500));

        final JointProbability probability =
            bootstrap.probabilityWithinAll(histograms, new double[] {50, 99.99}, new long[] {1_000_000, 1_000_000});

        assertEquals("p99.99: 5,000 samples, needs ≥ 100,000", probability.shortfall());
        assertFalse(probability.supported());
    }

    private static List<Histogram> shifted(final List<Histogram> intervals, final long nanos)
    {
        final List<Histogram> shifted = new ArrayList<>();
        for (final Histogram interval : intervals)
        {
            final Histogram moved = new Histogram(3);
            interval.recordedValues().forEach(value ->
                moved.recordValueWithCount(value.getValueIteratedTo() + nanos, value.getCountAtValueIteratedTo()));
            shifted.add(moved);
        }
        return shifted;
    }
}
