package io.sonde.loadgen.runner;

import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.loadgen.transport.Transport;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every request ends as exactly one outcome and the books balance, whatever the system under test does.
 */
@Timeout(60)
class OutcomeBalanceTest
{
    private static final long MICROS = 1_000;
    private static final long MILLIS = 1_000_000;

    @Test
    void requestsNeverAnsweredTimeOutAndAreRecordedAtLeastAtTheTimeout()
    {
        final ManualClock clock = new ManualClock(0);
        final ScriptedTransport transport = new ScriptedTransport(clock, 50 * MICROS)
            .neverAnswerEvery(10)
            .rejectEvery(7);
        final RunTiming timing = new RunTiming(0, 200 * MILLIS, 10 * MILLIS, 10 * MILLIS);
        final AgentHarness harness = new AgentHarness(clock, new ConstantRateSchedule(10_000), transport, timing, 64);

        harness.runToEnd(10 * MICROS);

        final OutcomeCounts outcomes = OutcomeCounts.of(harness.counters.measurement());
        final long neverAnswered = 200;
        final long rejected = countRejectedIds(2000, 10, 7);
        assertEquals(2000, outcomes.sent());
        assertEquals(neverAnswered, outcomes.timedOut());
        assertEquals(rejected, outcomes.rejected());
        assertEquals(2000 - neverAnswered - rejected, outcomes.acknowledged());
        assertEquals(0, outcomes.inFlight());
        assertTrue(outcomes.balances());
        assertEquals(rejected, harness.counters.rejectReason(ScriptedTransport.REJECT_REASON));

        final Histogram corrected = harness.measured.corrected().takeInterval(null);
        assertEquals(outcomes.acknowledged() + outcomes.timedOut(), corrected.getTotalCount());
        assertEquals(neverAnswered, corrected.getCountBetweenValues(10 * MILLIS, Long.MAX_VALUE / 4));
    }

    @Test
    void requestsStillUnansweredWhenTheDrainEndsAreReportedInFlight()
    {
        final ManualClock clock = new ManualClock(0);
        final ScriptedTransport transport = new ScriptedTransport(clock, 50 * MICROS).neverAnswerEvery(4);
        final RunTiming timing = new RunTiming(0, 100 * MILLIS, 1_000 * MILLIS, 5 * MILLIS);
        final AgentHarness harness = new AgentHarness(clock, new ConstantRateSchedule(1_000), transport, timing, 64);

        harness.runToEnd(10 * MICROS);

        final OutcomeCounts outcomes = OutcomeCounts.of(harness.counters.measurement());
        assertEquals(new OutcomeCounts(100, 75, 0, 0, 25), outcomes);
        assertTrue(outcomes.balances());
    }

    @Test
    void answersAfterTheTimeoutAreCountedAsLateNotTwice()
    {
        final ManualClock clock = new ManualClock(0);
        final SlowTransport transport = new SlowTransport(clock, 20 * MILLIS);
        final RunTiming timing = new RunTiming(0, 50 * MILLIS, 5 * MILLIS, 30 * MILLIS);
        final AgentHarness harness = new AgentHarness(clock, new ConstantRateSchedule(1_000), transport, timing, 64);

        harness.runToEnd(10 * MICROS);

        // Request i is sent at i ms, times out at i + 5 ms and is answered at i + 20 ms; the run ends when
        // the last one (49) times out at 54 ms, by which time the answers of requests 0..34 have arrived.
        final OutcomeCounts outcomes = OutcomeCounts.of(harness.counters.measurement());
        assertEquals(new OutcomeCounts(50, 0, 0, 50, 0), outcomes);
        assertEquals(35, harness.counters.lateResponses());
        assertEquals(0, harness.counters.unknownResponses());
    }

    @Test
    void answersForIdsNeverIssuedAreCountedAsUnknown()
    {
        final ManualClock clock = new ManualClock(0);
        final ScriptedTransport transport = new ScriptedTransport(clock, 50 * MICROS);
        final RunTiming timing = new RunTiming(0, 10 * MILLIS, 5 * MILLIS, 5 * MILLIS);
        final AgentHarness harness = new AgentHarness(clock, new ConstantRateSchedule(1_000), transport, timing, 64);

        harness.agent.onAcknowledged(1_000_000, clock.nanoTime());
        harness.agent.onRejected(-5, clock.nanoTime(), 1);
        harness.runToEnd(10 * MICROS);

        assertEquals(2, harness.counters.unknownResponses());
        assertEquals(new OutcomeCounts(10, 10, 0, 0, 0), OutcomeCounts.of(harness.counters.measurement()));
    }

    @Test
    void aFullWindowDelaysRequestsWithoutDroppingThemAndTheDelayIsCountedAsLateness()
    {
        final ManualClock clock = new ManualClock(0);
        final ScriptedTransport transport = new ScriptedTransport(clock, 5 * MILLIS);
        final RunTiming timing = new RunTiming(0, 100 * MILLIS, 1_000 * MILLIS, 2_000 * MILLIS);
        final RequestSeries measured = new RequestSeries("");
        final LoadAgent agent = new LoadAgent(clock, new ConstantRateSchedule(10_000), transport, timing, 4, 64,
            new RequestSeries("warmup-"), measured, new RunCounters());
        agent.begin(0);

        while (!agent.isFinished())
        {
            agent.doWork();
            clock.advance(10 * MICROS);
        }

        final OutcomeCounts outcomes = OutcomeCounts.of(agent.counters().measurement());
        assertEquals(new OutcomeCounts(1_000, 1_000, 0, 0, 0), outcomes);
        assertTrue(agent.counters().windowFullEvents() > 0);
        // Four at a time, 5 ms each: the last request, intended at 99.9 ms, leaves after about 1.25 s.
        final Histogram lateness = measured.lateness().takeInterval(null);
        assertTrue(lateness.getMaxValue() > 1_100 * MILLIS && lateness.getMaxValue() < 1_200 * MILLIS,
            "the last request waited for the window: " + lateness.getMaxValue());
    }

    private static long countRejectedIds(final long sent, final long neverAnswerEvery, final long rejectEvery)
    {
        long rejected = 0;
        for (long id = 0; id < sent; id++)
        {
            if (id % neverAnswerEvery != 0 && id % rejectEvery == 0)
            {
                rejected++;
            }
        }
        return rejected;
    }

    /**
     * Answers every request, but only after a fixed delay longer than the runner's timeout.
     */
    private static final class SlowTransport implements Transport
    {
        private final ManualClock clock;
        private final long delayNanos;
        private final long[] sentAt = new long[1024];
        private long sent;
        private long answered;

        SlowTransport(final ManualClock clock, final long delayNanos)
        {
            this.clock = clock;
            this.delayNanos = delayNanos;
        }

        public boolean trySend(final long requestId, final long intendedNanos)
        {
            sentAt[(int)sent++] = clock.nanoTime();
            return true;
        }

        public int poll(final CompletionHandler handler)
        {
            int work = 0;
            while (answered < sent && clock.nanoTime() - sentAt[(int)answered] >= delayNanos)
            {
                handler.onAcknowledged(answered++, clock.nanoTime());
                work++;
            }
            return work;
        }
    }
}
