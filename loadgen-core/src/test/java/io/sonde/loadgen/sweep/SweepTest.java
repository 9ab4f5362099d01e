package io.sonde.loadgen.sweep;

import io.sonde.api.StepVerdict;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.transport.Transport;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(120)
class SweepTest
{
    /**
     * Loose enough that a hypervisor stall on a shared 2-vCPU host does not fail a step that kept up, tight
     * enough that a queue overloaded by 20 % for 1.5 s (p99 in the hundreds of ms) breaches it.
     */
    private static final double SLO_P99_MICROS = 50_000;
    /**
     * The generator-limited case judges Sonde's own lateness (limit 50 ms, reached in seconds at 6k/s);
     * its objective only has to stay out of the way below that.
     */
    private static final double LOOSE_SLO_P99_MICROS = 200_000;
    private static final SweepCriteria CRITERIA = new SweepCriteria(0.01, 50_000, 100_000);

    @Test
    void aQueueThatSaturatesAbove6600PerSecondHasItsKneeAt4000()
    {
        final QueueingTransport server = new QueueingTransport(TimeUnit.MICROSECONDS.toNanos(150), 0);

        final Sweep.Outcome outcome = new Sweep(CRITERIA, true).run(List.of(1_000.0, 2_000.0, 4_000.0, 8_000.0,
            16_000.0), (index, rate) -> measure(server, rate, SLO_P99_MICROS));

        assertEquals(List.of(StepVerdict.MET, StepVerdict.MET, StepVerdict.MET, StepVerdict.SLO_BREACHED),
            outcome.verdicts(), outcome.steps().toString());
        assertEquals(OptionalDouble.of(4_000), outcome.knee());
        assertEquals(StepVerdict.SLO_BREACHED, outcome.stopReason());
        assertTrue(outcome.steps().get(3).corrected().p99() > 100_000,
            "overloaded by 20 %, the queue grows for the whole step: " + outcome.steps().get(3).corrected());
    }

    @Test
    void aStepWhereSondeFellBehindIsGeneratorLimitedAndNotTheKnee()
    {
        final QueueingTransport expensiveToDrive = new QueueingTransport(TimeUnit.MICROSECONDS.toNanos(10),
            TimeUnit.MICROSECONDS.toNanos(300));

        final Sweep.Outcome outcome = new Sweep(CRITERIA, true).run(List.of(500.0, 1_000.0, 6_000.0),
            (index, rate) -> measure(expensiveToDrive, rate, LOOSE_SLO_P99_MICROS));

        assertEquals(List.of(StepVerdict.MET, StepVerdict.MET, StepVerdict.GENERATOR_LIMITED), outcome.verdicts(),
            outcome.steps().toString());
        assertEquals(OptionalDouble.of(1_000), outcome.knee());
    }

    @Test
    void theGeneratorIsJudgedBeforeTheSystemAndAMissedRateBeforeTheObjectives()
    {
        final KneeFinder finder = new KneeFinder(CRITERIA);
        final Percentiles fast = new Percentiles(10, 20, 30, 40, 50, 60, 1000);
        final Percentiles slow = new Percentiles(10, 20, 60_000, 150_000, 160_000, 170_000, 1000);

        assertEquals(StepVerdict.MET,
            finder.judge(new StepMeasurement(1000, 995, fast, fast, fast, true, false, false)));
        assertEquals(StepVerdict.RATE_MISSED,
            finder.judge(new StepMeasurement(1000, 985, fast, fast, fast, false, false, false)));
        assertEquals(StepVerdict.SLO_BREACHED,
            finder.judge(new StepMeasurement(1000, 1000, fast, fast, fast, false, false, false)));
        assertEquals(StepVerdict.GENERATOR_LIMITED,
            finder.judge(new StepMeasurement(1000, 900, fast, slow, fast, false, false, false)));
        assertEquals(StepVerdict.GENERATOR_LIMITED,
            finder.judge(new StepMeasurement(1000, 1000, fast, fast, slow, true, false, false)));
        assertEquals(StepVerdict.RATE_MISSED,
            finder.judge(new StepMeasurement(1000, 900, fast, slow, fast, false, true, false)),
            "late because the system pushed back: the system's verdict");
        assertEquals(OptionalDouble.empty(),
            finder.knee(List.of(new StepMeasurement(1000, 1000, fast, fast, fast, false, false, false))));
    }

    @Test
    void aStepCutShortByAStopEndsTheSweepEvenWhenEveryStepShouldRunAndIsNeverTheKnee()
    {
        final Percentiles fast = new Percentiles(10, 20, 30, 40, 50, 60, 1000);
        final List<Double> ran = new ArrayList<>();

        final Sweep.Outcome outcome = new Sweep(CRITERIA, false).run(List.of(1_000.0, 2_000.0, 4_000.0),
            (index, rate) ->
            {
                ran.add(rate);
                return new StepMeasurement(rate, rate, fast, fast, fast, true, false, index == 1);
            });

        assertEquals(List.of(1_000.0, 2_000.0), ran, "no step starts after a stop");
        assertEquals(List.of(StepVerdict.MET, StepVerdict.CUT_SHORT), outcome.verdicts());
        assertEquals(StepVerdict.CUT_SHORT, outcome.stopReason());
        assertEquals(OptionalDouble.of(1_000), outcome.knee());
    }

    @Test
    void aStopBeforeTheFirstStepStartsNoStepAndEndsTheSweepCutShortWithoutAKnee()
    {
        final Sweep.Outcome outcome = new Sweep(CRITERIA, true).run(List.of(1_000.0, 2_000.0),
            (index, rate) ->
            {
                throw new AssertionError("no step starts after a stop");
            }, () -> true);

        assertEquals(List.of(), outcome.steps());
        assertEquals(StepVerdict.CUT_SHORT, outcome.stopReason(), "not null, which says every planned step met");
        assertEquals(OptionalDouble.empty(), outcome.knee());
    }

    private static StepMeasurement measure(final Transport transport, final double rate, final double sloP99Micros)
    {
        final RunConfig config = new RunConfig(new ConstantRateSchedule(rate),
            RunTiming.of(Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(5)))
            .idleStrategy(new BackoffIdleStrategy());
        final RunResult result = new LoadRun(config).execute(transport);
        return StepMeasurement.of(result, result.totals().get("corrected").getValueAtPercentile(99) / 1000.0 <=
            sloP99Micros);
    }
}
