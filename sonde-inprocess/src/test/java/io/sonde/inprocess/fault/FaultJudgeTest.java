package io.sonde.inprocess.fault;

import io.sonde.api.Fault;
import io.sonde.api.FaultResult;
import org.HdrHistogram.Histogram;
import org.agrona.collections.Long2LongHashMap;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A fault has recovered once its sessions are back, every order in flight at it has ended, and the interval p99 is
 * within twice its value before the fault (plus Sonde's own stall in that interval); its windows split the run's
 * intervals before, during and after it; the orders lost or duplicated in flight at it or sent since, before its
 * recovery, count against it. Times here are exact: the fault begins at 2.5 s on a 1 s interval grid.
 */
class FaultJudgeTest
{
    private static final long MS = 1_000_000L;
    private static final long EPOCH_MS = 1_700_000_000_000L;
    private static final long START_NANOS = 2_500 * MS;

    private final List<FaultWindows.Interval> intervals = new ArrayList<>();
    private final States states = new States();
    private final Orders orders = new Orders();

    @Test
    void recoveryEndsWhenTheSessionsAreBackTheOrdersAnsweredAndTheP99WithinTwiceItsValueBefore()
    {
        interval(0, 2, 0);
        interval(1, 2, 0);
        interval(2, 90, 0);
        interval(3, 30, 0);
        interval(4, 3, 0);
        final FaultTrack track = begun("2s:disconnect:1", 2);
        track.onAnswer(1, START_NANOS + 100 * MS);
        track.onAnswer(2, START_NANOS + 300 * MS);
        track.sessionsBackAt(START_NANOS + 800 * MS);

        final FaultResult fault = judge(track);

        assertTrue(fault.recovered(), fault.reason().orElse(""));
        assertEquals(4_000 - 2_500, fault.recoveryMillis().getAsDouble(),
            "the 4-5 s interval is the first back within 2x");
        assertEquals(2, fault.inFlight());
        assertEquals(2, fault.inFlightOutcomes().answered());
        assertEquals(200, fault.windows().before().count(), "the whole intervals before the fault");
        assertEquals(200, fault.windows().during().count(), "the intervals it began and lasted in");
        assertEquals(100, fault.windows().after().count());
    }

    @Test
    void aStallOfSondesOwnInAnIntervalIsNotHeldAgainstTheSystemsRecovery()
    {
        interval(1, 2, 0);
        interval(2, 2, 0);
        interval(3, 12, 20);
        final FaultTrack track = begun("2s:slow-reader:500ms", 0);
        track.sessionsBackAt(START_NANOS + 500 * MS);

        final FaultResult fault = judge(track);

        assertTrue(fault.recovered(), fault.reason().orElse(""));
        assertEquals(500, fault.recoveryMillis().getAsDouble(),
            "12 ms is within 2 x 2 ms plus the 20 ms Sonde stalled");
    }

    @Test
    void aSessionThatNeverAnsweredItsResendRequestIsNamedAndTheFaultNeverRecovers()
    {
        interval(1, 2, 0);
        interval(2, 2, 0);
        interval(3, 2, 0);
        final FaultTrack track = begun("2s:resend:1", 0);

        final FaultResult fault = judge(track);

        assertFalse(fault.recovered());
        assertTrue(fault.recoveryMillis().isEmpty());
        final String reason = fault.reason().orElseThrow();
        assertTrue(reason.startsWith("session SONDE1: ResendRequest 1..0 unanswered after"), reason);
        assertEquals(0, fault.windows().after().count(), "never recovered: it lasts to the end");
    }

    @Test
    void ordersInFlightThatTimedOutUnsettledKeepTheFaultFromRecovering()
    {
        interval(1, 2, 0);
        interval(3, 2, 0);
        final FaultTrack track = begun("2s:gap:1", 3);
        track.onAnswer(1, START_NANOS + 10 * MS);
        track.sessionsBackAt(START_NANOS);
        states.settled = 1;
        states.timedOut = 2;

        final FaultResult fault = judge(track);

        assertFalse(fault.recovered());
        assertEquals("1 order(s) of the fault timed out and were never settled by OrderStatusRequest",
            fault.reason().orElseThrow());
        assertEquals(2, fault.inFlightOutcomes().timedOut());
        assertEquals(1, fault.inFlightOutcomes().settledByStatus());
        assertEquals(1, fault.unknown());
    }

    @Test
    void ordersInFlightAVenueThatRefusesOrderStatusRequestNeverAnsweredAreUnknownWithTheRefusalAsTheReason()
    {
        interval(1, 2, 0);
        interval(3, 2, 0);
        final FaultTrack track = begun("2s:resend:1", 2);
        track.sessionsBackAt(START_NANOS);
        states.statusRefused = true;

        final FaultResult fault = judge(track);

        assertFalse(fault.recovered());
        assertEquals("2 order(s) of the fault timed out and are unknown: the venue refuses " +
            "OrderStatusRequest as an unsupported message type, so they cannot be settled",
            fault.reason().orElseThrow());
        assertEquals(2, fault.inFlightOutcomes().timedOut());
    }

    @Test
    void ordersSentIntoAFaultThatTimedOutAreItsTimeoutsAsTheRunsFailuresCountThem()
    {
        interval(1, 2, 0);
        interval(2, 2, 0);
        interval(3, 2, 0);
        interval(4, 2, 0);
        interval(5, 2, 0);
        final FaultTrack track = begun("2s:kill-leader", 2);
        track.onAnswer(1, START_NANOS + 10 * MS);
        track.onAnswer(2, START_NANOS + 20 * MS);
        track.sessionsBackAt(START_NANOS);
        track.onTimeout(START_NANOS + 2_300 * MS);
        states.timedOut = 4;
        states.settled = 4;

        final FaultResult fault = judge(track);

        assertEquals(2, fault.inFlightOutcomes().answered(), "both orders in flight at it were answered");
        assertEquals(4, fault.inFlightOutcomes().timedOut(), "the four sent into it and never answered");
        assertEquals(4, fault.inFlightOutcomes().settledByStatus());
        assertTrue(fault.recovered(), fault.reason().orElse(""));
        assertEquals(2_300, fault.recoveryMillis().getAsDouble(), "not before the last of them timed out");
    }

    @Test
    void eachFaultCountsTheRunsTimeoutsUntilTheNextOneBegins()
    {
        interval(1, 2, 0);
        interval(2, 2, 0);
        final FaultTrack first = begun("2s:kill-leader", 0);
        first.sessionsBackAt(START_NANOS);
        final FaultTrack second = new FaultTrack(Fault.parse("3s:kill-leader"), new int[0], List.of());
        second.begin(START_NANOS + 1_000 * MS, Instant.ofEpochMilli(EPOCH_MS + 3_500), new Long2LongHashMap(
            Long.MIN_VALUE), 3, 3);
        second.sessionsBackAt(START_NANOS + 1_000 * MS);
        states.timedOut = 5;
        states.settled = 5;

        final List<FaultResult> faults = new FaultJudge(intervals, states, orders, START_NANOS + 5_000 * MS, "test")
            .judge(List.of(first, second), 5).faults();

        assertEquals(3, faults.get(0).inFlightOutcomes().timedOut());
        assertEquals(2, faults.get(1).inFlightOutcomes().timedOut());
        assertEquals(states.timedOut, faults.get(0).inFlightOutcomes().timedOut() +
            faults.get(1).inFlightOutcomes().timedOut(), "together, the run's timeouts");
    }

    @Test
    void theOrdersLostOrDuplicatedInFlightAtAFaultOrSentBeforeItsRecoveryCountAgainstIt()
    {
        interval(0, 2, 0);
        interval(1, 2, 0);
        interval(2, 2, 0);
        interval(3, 2, 0);
        interval(4, 2, 0);
        final FaultTrack track = begun("2s:disconnect:1", 0);
        track.sessionsBackAt(START_NANOS + 500 * MS);
        orders.add("ANSWERED-BEFORE", START_NANOS - 20 * MS, START_NANOS - 10 * MS, true, true);
        orders.add("IN-FLIGHT", START_NANOS - 5 * MS, START_NANOS + 600 * MS, true, false);
        orders.add("DURING", START_NANOS + 100 * MS, START_NANOS + 700 * MS, false, true);
        orders.add("HONEST", START_NANOS + 200 * MS, START_NANOS + 201 * MS, false, false);
        orders.add("AFTER-RECOVERY", START_NANOS + 900 * MS, START_NANOS + 901 * MS, true, true);

        final FaultResult fault = judge(track);

        assertEquals(500, fault.recoveryMillis().getAsDouble());
        assertEquals(1, fault.lost());
        assertEquals(List.of("IN-FLIGHT"), fault.lostClOrdIds());
        assertEquals(1, fault.duplicated());
        assertEquals(List.of("DURING"), fault.duplicatedClOrdIds());
    }

    private FaultResult judge(final FaultTrack track)
    {
        final FaultJudgement judgement = new FaultJudge(intervals, states, orders, START_NANOS + 5_000 * MS, "test")
            .judge(List.of(track), 5);
        return judgement.faults().get(0);
    }

    private FaultTrack begun(final String fault, final int ordersInFlight)
    {
        final FaultTrack track = new FaultTrack(Fault.parse(fault), new int[]{0}, List.of("SONDE1"));
        final Long2LongHashMap inFlight = new Long2LongHashMap(Long.MIN_VALUE);
        for (int id = 1; id <= ordersInFlight; id++)
        {
            inFlight.put(id, START_NANOS - id * MS);
        }
        track.begin(START_NANOS, Instant.ofEpochMilli(EPOCH_MS + 2_500), inFlight, 0, 0);
        return track;
    }

    /**
     * One second of answers from {@code second}, their p99 about {@code p99Millis}, Sonde stalled {@code hiccupMillis}.
     */
    private void interval(final int second, final long p99Millis, final long hiccupMillis)
    {
        final Histogram corrected = new Histogram(3);
        corrected.recordValueWithCount(MS, 98);
        corrected.recordValueWithCount(p99Millis * MS, 2);
        intervals.add(new FaultWindows.Interval(EPOCH_MS + second * 1_000L, EPOCH_MS + (second + 1) * 1_000L,
            corrected, hiccupMillis * MS));
    }

    private static final class Orders implements OrderVerdicts
    {
        private final List<String> ids = new ArrayList<>();
        private final List<long[]> times = new ArrayList<>();
        private final List<boolean[]> verdicts = new ArrayList<>();

        void add(final String id, final long sentNanos, final long answeredNanos, final boolean lost,
            final boolean duplicated)
        {
            ids.add(id);
            times.add(new long[]{sentNanos, answeredNanos});
            verdicts.add(new boolean[]{lost, duplicated});
        }

        public int size()
        {
            return ids.size();
        }

        public Map<String, Long> totals()
        {
            return Map.of();
        }

        public long sentNanos(final int index)
        {
            return times.get(index)[0];
        }

        public long answeredNanos(final int index)
        {
            return times.get(index)[1];
        }

        public boolean isLost(final int index)
        {
            return verdicts.get(index)[0];
        }

        public boolean isDuplicated(final int index)
        {
            return verdicts.get(index)[1];
        }

        public String clOrdId(final int index)
        {
            return ids.get(index);
        }
    }

    private static final class States implements SessionStates
    {
        private long settled;
        private boolean statusRefused;
        private long timedOut;

        public long timedOut()
        {
            return timedOut;
        }

        public boolean isActive(final int index)
        {
            return true;
        }

        public long resendAnsweredNanos(final int index)
        {
            return 0;
        }

        public long settled()
        {
            return settled;
        }

        public boolean statusRefused()
        {
            return statusRefused;
        }

        public long timeoutNanos()
        {
            return 2_000 * MS;
        }
    }
}
