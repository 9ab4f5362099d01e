package io.sonde.inprocess.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sweep's "at most ... left" is an upper bound: each step left at its warm-up stretched for the JIT, its
 * measured window, its drain, its faults' status requests, the market data grace, and the longest time a step so far
 * spent outside its load (logon, logoff, files). README's sweep: five steps, 3 s warm-up, 10 s each, 5 s timeout.
 */
@Timeout(10)
class SweepEstimateTest
{
    private static final Duration WARMUP = Duration.ofSeconds(3);
    private static final Duration STEP = Duration.ofSeconds(10);
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final List<Double> RATES = List.of(1e3, 2e3, 5e3, 10e3, 20e3);

    @Test
    void theFirstStepsLineCountsEveryPieceOfEveryStepLeftNotOnlyTheWarmUpAndTheWindow()
    {
        final SweepEstimate estimate = new SweepEstimate(WARMUP, true, STEP, TIMEOUT, false);
        estimate.stepTook(Duration.ofMillis(12_500), 10.5);

        final StringWriter console = new StringWriter();
        new SweepProgress(new PrintWriter(console), RATES, false).stepStarting(0, 1e3, estimate.left(RATES.size()));

        final Duration perStep = WARMUP.multipliedBy(JitAwareWarmup.MOST_TIMES_PLANNED).plus(STEP).plus(TIMEOUT)
            .plus(MeasuredFixRun.MARKET_DATA_GRACE).plus(Duration.ofSeconds(2));
        assertEquals(perStep.multipliedBy(5), estimate.left(5));
        assertEquals("[sweep] step 1/5 at 1000/s; at most 2m15s left" + System.lineSeparator(), console.toString(),
            "9 s of warm-up, 10 s measured, 5 s of drain, 1 s of grace and the path warm-up's 2 s outside its load, " +
            "five times; not 5 × 13 s");
    }

    @Test
    void aStepThatSpentLongerOutsideItsLoadRaisesTheAllowanceAndAShorterOneLeavesIt()
    {
        final SweepEstimate estimate = new SweepEstimate(WARMUP, true, STEP, TIMEOUT, false);
        estimate.stepTook(Duration.ofSeconds(12), 10);
        final Duration afterTwoSeconds = estimate.left(1);

        estimate.stepTook(Duration.ofSeconds(21), 16);
        assertEquals(afterTwoSeconds.plusSeconds(3), estimate.left(1), "5 s outside the load, not 2");
        estimate.stepTook(Duration.ofSeconds(14), 13);
        assertEquals(afterTwoSeconds.plusSeconds(3), estimate.left(1), "1 s outside lowers nothing");
    }

    @Test
    void everyStepThatRanWithinItsPiecesFitsTheBoundMadeBeforeIt()
    {
        final SweepEstimate estimate = new SweepEstimate(WARMUP, true, STEP, TIMEOUT, true);
        estimate.stepTook(Duration.ofSeconds(13), 10);
        final Duration bound = estimate.left(1);
        final Duration longestWarmup = WARMUP.multipliedBy(JitAwareWarmup.MOST_TIMES_PLANNED);
        final Duration longestStep = longestWarmup.plus(STEP).plus(TIMEOUT).plus(TIMEOUT).plus(Duration.ofSeconds(3));

        assertTrue(longestStep.compareTo(bound) <= 0, longestStep + " within " + bound);
    }

    @Test
    void beforeAnyStepWasTimedALogonIsAllowedItsWholeTimeoutAndAStagedWarmUpIsNotStretched()
    {
        final SweepEstimate estimate = new SweepEstimate(WARMUP, false, STEP, TIMEOUT, false);

        assertEquals(WARMUP.plus(STEP).plus(TIMEOUT).plus(MeasuredFixRun.MARKET_DATA_GRACE)
            .plus(MeasuredFixRun.LOGON_TIMEOUT).multipliedBy(2), estimate.left(2));
    }
}
