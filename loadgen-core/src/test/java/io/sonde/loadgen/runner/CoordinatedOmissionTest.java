package io.sonde.loadgen.runner;

import io.sonde.loadgen.schedule.ConstantRateSchedule;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A system that answers in 20 µs, then stalls once for 50 ms, offered 10,000 requests/s for one second.
 * The requests intended during the stall must appear with the latency a user would have seen, falling
 * linearly from the stall length to the service time; the uncorrected view sees one slow request only.
 */
@Timeout(60)
class CoordinatedOmissionTest
{
    private static final long MICROS = 1_000;
    private static final long RATE = 10_000;
    private static final long PERIOD_NANOS = 1_000_000_000L / RATE;
    private static final long SERVICE_NANOS = 20 * MICROS;
    private static final long STALL_NANOS = 50_000 * MICROS;
    private static final long START_NANOS = 1_000_000;
    private static final int STALLED_REQUEST = 3_000;
    /** The stall begins 10 µs after the stalled request was sent, while it is being served. */
    private static final long STALL_START_NANOS = START_NANOS + STALLED_REQUEST * PERIOD_NANOS + 10 * MICROS;
    private static final long STALL_END_NANOS = STALL_START_NANOS + STALL_NANOS;
    private static final int DELAYED_REQUESTS = (int)(STALL_NANOS / 1e9 * RATE);

    private Histogram corrected;
    private Histogram uncorrected;
    private OutcomeCounts outcomes;

    @BeforeEach
    void runThroughOneStall()
    {
        final ManualClock clock = new ManualClock(START_NANOS);
        final ScriptedTransport transport = new ScriptedTransport(clock, SERVICE_NANOS)
            .stallOnce(STALL_START_NANOS, STALL_NANOS);
        final RunTiming timing = new RunTiming(0, 1_000_000_000L, 1_000_000_000L, 1_000_000_000L);
        final AgentHarness harness = new AgentHarness(
            clock, new ConstantRateSchedule(RATE), transport, timing, DELAYED_REQUESTS * 2);

        harness.runToEnd(MICROS);

        corrected = harness.measured.corrected().takeInterval(null);
        uncorrected = harness.measured.uncorrected().takeInterval(null);
        outcomes = OutcomeCounts.of(harness.counters.measurement());
    }

    @Test
    void everyScheduledRequestIsSentAndAnswered()
    {
        assertEquals(new OutcomeCounts(RATE, RATE, 0, 0, 0), outcomes);
        assertEquals(RATE, corrected.getTotalCount());
        assertEquals(RATE, uncorrected.getTotalCount());
    }

    @Test
    void correctedHistogramHoldsEveryRequestIntendedDuringTheStallWithLinearlyFallingLatency()
    {
        assertEquals(500, DELAYED_REQUESTS);
        for (int k = 1; k <= DELAYED_REQUESTS; k++)
        {
            final long intended = START_NANOS + (STALLED_REQUEST + k) * PERIOD_NANOS;
            final long expectedLatency = STALL_END_NANOS + SERVICE_NANOS - intended;
            assertEquals(1, corrected.getCountAtValue(expectedLatency), "delayed request " + k + " at " +
                expectedLatency + "ns");
        }
        final long stalledRequestLatency = STALL_END_NANOS - (START_NANOS + STALLED_REQUEST * PERIOD_NANOS);
        assertEquals(1, corrected.getCountAtValue(stalledRequestLatency));
        assertEquals(RATE - DELAYED_REQUESTS - 1, corrected.getCountAtValue(SERVICE_NANOS));
        assertTrue(corrected.valuesAreEquivalent(stalledRequestLatency, corrected.getMaxValue()));
        assertTrue(corrected.valuesAreEquivalent(STALL_NANOS + 10 * MICROS, corrected.getMaxValue()));
    }

    @Test
    void uncorrectedHistogramShowsOnlyTheOneRequestCaughtInTheStall()
    {
        final long stalledRequestLatency = STALL_END_NANOS - (START_NANOS + STALLED_REQUEST * PERIOD_NANOS);
        assertEquals(RATE - 1, uncorrected.getCountAtValue(SERVICE_NANOS));
        assertEquals(1, uncorrected.getCountAtValue(stalledRequestLatency));
        assertTrue(uncorrected.valuesAreEquivalent(stalledRequestLatency, uncorrected.getMaxValue()));
    }
}
