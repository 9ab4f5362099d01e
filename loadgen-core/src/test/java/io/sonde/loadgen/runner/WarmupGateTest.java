package io.sonde.loadgen.runner;

import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A warm-up gate keeps a run warming past its planned second, half a second at a time, until the gate opens or
 * three seconds have passed; the measurement keeps its length and starts later. 1,000 requests/s, answered in
 * 20 µs, on a manual clock.
 */
@Timeout(60)
class WarmupGateTest
{
    private static final long SECOND = 1_000_000_000L;
    private static final long START_NANOS = 1_000_000;
    private static final long TICK_NANOS = 10_000;
    private static final RunTiming TIMING = new RunTiming(SECOND, SECOND, SECOND, SECOND);

    private final ManualClock clock = new ManualClock(START_NANOS);
    private final WarmupGate gate = new WarmupGate(3 * SECOND, SECOND / 2);
    private final PhasedSeries stage = new PhasedSeries("stage");
    private final AgentHarness harness = new AgentHarness(clock, new ConstantRateSchedule(1_000),
        new ScriptedTransport(clock, 20_000), TIMING, 256, gate, stage::begin);

    @Test
    void aGateThatNeverOpensWarmsUpToItsBoundThenMeasuresTheWholeDuration()
    {
        harness.runToEnd(TICK_NANOS);

        assertEquals(3 * SECOND, gate.warmupNanos());
        assertFalse(gate.opened());
        assertEquals(3_000, harness.counters.warmup().sent());
        assertEquals(1_000, harness.counters.measurement().sent());
        assertEquals(START_NANOS + 3 * SECOND, harness.agent.measureStartNanos());
    }

    @Test
    void aGateOpenedDuringTheWarmUpStartsTheMeasurementAtTheNextStep()
    {
        harness.run((long)(1.7 * SECOND / TICK_NANOS), TICK_NANOS);
        gate.open();
        harness.runToEnd(TICK_NANOS);

        assertTrue(gate.opened());
        assertEquals(2 * SECOND, gate.warmupNanos());
        assertEquals(2_000, harness.counters.warmup().sent());
        assertEquals(1_000, harness.counters.measurement().sent());
    }

    @Test
    void aGateOpenBeforeThePlannedEndKeepsThePlannedWarmUp()
    {
        gate.open();
        harness.runToEnd(TICK_NANOS);

        assertEquals(SECOND, gate.warmupNanos());
        assertEquals(1_000, harness.counters.warmup().sent());
        assertEquals(1_000, harness.counters.measurement().sent());
    }

    @Test
    void theOtherSeriesOfTheLoadThreadAreToldWhereTheMeasurementNowStarts()
    {
        harness.runToEnd(TICK_NANOS);

        final long measureStart = harness.agent.measureStartNanos();
        assertSame(stage.warmup(), stage.seriesFor(measureStart - 1));
        assertSame(stage.measured(), stage.seriesFor(measureStart));
        assertEquals(Phase.WARMUP, harness.agent.phaseSeenAt(START_NANOS + 2 * SECOND));
    }
}
