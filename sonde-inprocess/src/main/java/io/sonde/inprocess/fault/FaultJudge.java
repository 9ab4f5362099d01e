package io.sonde.inprocess.fault;

import io.sonde.api.DurationText;
import io.sonde.api.FaultKind;
import io.sonde.api.FaultResult;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.HistogramPercentiles;
import io.sonde.report.SummaryIntervals;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Judges a run's faults once it has ended (docs/faults.md). A fault has recovered when (a) its sessions are logged on
 * and healthy again (a resend answered, reading resumed; for a fault on the exchange, its member back), (b) every
 * order in flight at the fault has its answer or was settled by OrderStatusRequest, and (c) the interval p99 of the
 * corrected latency, from the interval in which (a) and (b) were met on, is back within twice its value in the last
 * interval before the fault, plus Sonde's own longest stall in that interval (the hiccup meter's): a stall of
 * Sonde's is not the system's failure to recover. Recovery is the time from the fault to the latest of the three.
 * <p>
 * A fault's orders are those in flight at its start and those sent since, before its recovery (to the end when it
 * never recovered): of those, the ones the venue lost or executed twice count against it ({@link OrderVerdicts}).
 * Its timed-out orders are the run's own timeouts from its start to the next fault's (or the run's end): the count
 * the run's failures report, so the two never disagree; an order that timed out keeps the fault from recovering
 * before its timeout.
 */
final class FaultJudge
{
    /** How far above its value before the fault the interval p99 may be and count as recovered. */
    static final double P99_RECOVERED_FACTOR = 2.0;
    /** How many ClOrdIDs of a fault's lost or duplicated orders are named. */
    static final int NAMED_ORDERS = 10;

    private final List<FaultWindows.Interval> intervals;
    private final SessionStates transport;
    private final OrderVerdicts orders;
    private final long endNanos;
    private final String appliedBy;

    /**
     * @param intervals the run's measured corrected latency, interval by interval.
     * @param transport the run's sessions and orders as they are at the end.
     * @param orders    the orders kept while faults were under way.
     * @param endNanos  when the run ended.
     * @param appliedBy this process, as {@code faults.json} names it.
     */
    FaultJudge(
        final List<FaultWindows.Interval> intervals,
        final SessionStates transport,
        final OrderVerdicts orders,
        final long endNanos,
        final String appliedBy)
    {
        this.intervals = intervals;
        this.transport = transport;
        this.orders = orders;
        this.endNanos = endNanos;
        this.appliedBy = appliedBy;
    }

    FaultJudgement judge(final List<FaultTrack> tracks, final double measuredSeconds)
    {
        final List<FaultResult> summaries = new ArrayList<>();
        final List<FaultRecord> records = new ArrayList<>();
        final Histogram during = new Histogram(3);
        long previousRecoveryEpochMs = Long.MIN_VALUE;
        for (int i = 0; i < tracks.size(); i++)
        {
            final FaultTrack track = tracks.get(i);
            final FaultTrack next = i + 1 < tracks.size() && tracks.get(i + 1).hasBegun() ? tracks.get(i + 1) : null;
            final long nextStartEpochMs = next != null ? next.wallClockStart().toEpochMilli() : Long.MAX_VALUE;
            final Span span = next != null ? new Span(next.timedOutBefore(), next.settledBefore()) :
                new Span(transport.timedOut(), transport.settled());
            final Judged judged = judge(track, previousRecoveryEpochMs, nextStartEpochMs, span, during,
                measuredSeconds);
            summaries.add(judged.summary);
            if (judged.record != null)
            {
                records.add(judged.record);
            }
            previousRecoveryEpochMs = judged.recoveryEpochMs;
        }
        return new FaultJudgement(List.copyOf(summaries), HistogramPercentiles.of(during), List.copyOf(records),
            orders.totals());
    }

    private record Judged(FaultResult summary, FaultRecord record, long recoveryEpochMs)
    {
    }

    /**
     * The run's counts where a fault's span ends (the next fault's start, or the run's end): its timeouts, the same
     * count the run's failures report, and the orders OrderStatusRequest settled.
     */
    private record Span(long timedOutAtEnd, long settledAtEnd)
    {
    }

    private Judged judge(
        final FaultTrack track,
        final long previousRecoveryEpochMs,
        final long nextStartEpochMs,
        final Span span,
        final Histogram during,
        final double measuredSeconds)
    {
        final double at = track.fault().at().toNanos() / 1e9;
        if (!track.hasBegun())
        {
            final String why = String.format(Locale.ROOT, "not applied: the run ended after %.1f s, before it was due",
                measuredSeconds);
            return new Judged(summary(track, at, Long.MAX_VALUE, why, 0, 0, 0, emptyWindows(),
                Kept.NONE), null, Long.MAX_VALUE);
        }
        final long startEpochMs = track.wallClockStart().toEpochMilli();
        final long timedOut = Math.max(track.unanswered(), span.timedOutAtEnd() - track.timedOutBefore());
        final long settled = Math.min(timedOut, span.settledAtEnd() - track.settledBefore());
        String reason = track.notAppliedReason();
        final long sessionsBackEpochMs = sessionsBack(track, startEpochMs);
        if (reason == null && sessionsBackEpochMs == Long.MAX_VALUE)
        {
            reason = sessionsNotBack(track);
        }
        final long ordersSettledEpochMs = timedOut > settled ? Long.MAX_VALUE :
            epochMs(track, track.inFlightSettledNanos(transport.timeoutNanos()));
        if (reason == null && ordersSettledEpochMs == Long.MAX_VALUE)
        {
            reason = (timedOut - settled) + " order(s) of the fault timed out and " +
                (transport.statusRefused() ? "are unknown: the venue refuses OrderStatusRequest as an unsupported " +
                "message type, so they cannot be settled" : "were never settled by OrderStatusRequest");
        }
        long recoveryEpochMs = Long.MAX_VALUE;
        if (reason == null)
        {
            final long baselineNanos = baselineP99(startEpochMs);
            final long backEpochMs = Math.max(sessionsBackEpochMs, ordersSettledEpochMs);
            final long latencyBackEpochMs = latencyBack(startEpochMs, backEpochMs, baselineNanos);
            if (latencyBackEpochMs == Long.MAX_VALUE)
            {
                reason = String.format(Locale.ROOT, "the interval p99 never came back within %.0fx of its %.3f ms " +
                    "before the fault", P99_RECOVERED_FACTOR, baselineNanos / 1e6);
            }
            else
            {
                recoveryEpochMs = Math.max(backEpochMs, latencyBackEpochMs);
            }
        }
        final long duringEndEpochMs = recoveryEpochMs == Long.MAX_VALUE ? Long.MAX_VALUE :
            Math.max(recoveryEpochMs, startEpochMs + 1);
        final FaultResult.Windows windows = new FaultResult.Windows(
            HistogramPercentiles.of(merged(previousRecoveryEpochMs, startEpochMs, null)),
            HistogramPercentiles.of(merged(startEpochMs, duringEndEpochMs, during)),
            HistogramPercentiles.of(merged(duringEndEpochMs, nextStartEpochMs, null)));
        final FaultResult summary = summary(track, at,
            recoveryEpochMs == Long.MAX_VALUE ? Long.MAX_VALUE : recoveryEpochMs - startEpochMs, reason, timedOut,
            settled, Math.max(0, timedOut - settled), windows, kept(track, startEpochMs, recoveryEpochMs));
        return new Judged(summary, record(track, at, sessionsBackEpochMs), recoveryEpochMs);
    }

    private FaultResult summary(
        final FaultTrack track,
        final double at,
        final long recoveryMillis,
        final String reason,
        final long timedOut,
        final long settled,
        final long unsettled,
        final FaultResult.Windows windows,
        final Kept kept)
    {
        final AppliedFault exchange = track.exchangeApplied();
        final boolean recovered = recoveryMillis != Long.MAX_VALUE;
        return new FaultResult(at, track.fault().kind(), track.fault().argument(),
            track.fault().kind().onExchange() ? List.of() : track.sessionNames(),
            exchange == null ? OptionalInt.empty() : OptionalInt.of(exchange.member()),
            track.hasBegun() ? track.wallClockStart() : Instant.EPOCH,
            recovered ? OptionalDouble.of(recoveryMillis) : OptionalDouble.empty(), Optional.ofNullable(reason),
            track.inFlight(), new FaultResult.InFlightOutcomes(track.answered(), settled, timedOut), kept.lost(),
            kept.lostClOrdIds(), kept.duplicated(), kept.duplicatedClOrdIds(), settled, windows);
    }

    /**
     * The lost and duplicated orders of a fault, with the first ClOrdIDs of each.
     */
    private record Kept(long lost, List<String> lostClOrdIds, long duplicated, List<String> duplicatedClOrdIds)
    {
        static final Kept NONE = new Kept(0, List.of(), 0, List.of());
    }

    /**
     * @return of the orders in flight at the fault's start or sent since, before its recovery, those lost or
     *         duplicated.
     */
    private Kept kept(final FaultTrack track, final long startEpochMs, final long recoveryEpochMs)
    {
        final long startNanos = track.startNanos();
        final long recoveryNanos = recoveryEpochMs == Long.MAX_VALUE ? Long.MAX_VALUE :
            startNanos + (recoveryEpochMs - startEpochMs) * 1_000_000;
        long lost = 0;
        long duplicated = 0;
        final List<String> lostIds = new ArrayList<>();
        final List<String> duplicatedIds = new ArrayList<>();
        for (int i = 0; i < orders.size(); i++)
        {
            final long sent = orders.sentNanos(i);
            final boolean ofThisFault = sent < recoveryNanos &&
                (sent >= startNanos || orders.answeredNanos(i) >= startNanos);
            if (!ofThisFault)
            {
                continue;
            }
            if (orders.isLost(i))
            {
                lost++;
                name(lostIds, orders.clOrdId(i));
            }
            if (orders.isDuplicated(i))
            {
                duplicated++;
                name(duplicatedIds, orders.clOrdId(i));
            }
        }
        return new Kept(lost, List.copyOf(lostIds), duplicated, List.copyOf(duplicatedIds));
    }

    private static void name(final List<String> ids, final String id)
    {
        if (ids.size() < NAMED_ORDERS)
        {
            ids.add(id);
        }
    }

    private FaultRecord record(final FaultTrack track, final double at, final long endEpochMs)
    {
        final AppliedFault exchange = track.exchangeApplied();
        final String end = exchange != null ? exchange.wallClockEnd().toString() :
            endEpochMs == Long.MAX_VALUE ? null : Instant.ofEpochMilli(endEpochMs).toString();
        return new FaultRecord(track.fault().kind().cliName(), track.fault().argument(), at,
            (exchange != null ? exchange.wallClockStart() : track.wallClockStart()).toString(), end,
            track.fault().kind().onExchange() ? null : track.sessionNames(), exchange == null ? null :
            exchange.member(), appliedBy);
    }

    private long sessionsBack(final FaultTrack track, final long startEpochMs)
    {
        final AppliedFault exchange = track.exchangeApplied();
        if (exchange != null)
        {
            return Math.max(startEpochMs, exchange.wallClockEnd().toEpochMilli());
        }
        return track.sessionsBackNanos() == FaultTrack.NOT_YET ? Long.MAX_VALUE :
            epochMs(track, track.sessionsBackNanos());
    }

    private String sessionsNotBack(final FaultTrack track)
    {
        final String waited = DurationText.format(Duration.ofMillis(
            Math.max(0, (endNanos - track.startNanos()) / 1_000_000)));
        final List<String> stuck = new ArrayList<>();
        final int[] indexes = track.sessions();
        for (int i = 0; i < indexes.length; i++)
        {
            if (track.fault().kind() == FaultKind.RESEND && transport.resendAnsweredNanos(indexes[i]) == 0)
            {
                stuck.add("session " + track.sessionNames().get(i) + ": ResendRequest 1..0 unanswered after " +
                    waited);
            }
            else if (!transport.isActive(indexes[i]))
            {
                stuck.add("session " + track.sessionNames().get(i) + ": not logged on again after " + waited);
            }
        }
        return stuck.isEmpty() ? "its sessions were not back by the end of the run" : String.join("; ", stuck);
    }

    /**
     * @return the corrected p99 of the last interval with answers that ended by the fault's start, ns; 0 when none
     *         did (a fault at the window's start), and the latency criterion is then met once anything is answered.
     */
    private long baselineP99(final long startEpochMs)
    {
        long baseline = 0;
        for (final FaultWindows.Interval interval : intervals)
        {
            if (interval.endEpochMs() <= startEpochMs && interval.corrected().getTotalCount() > 0)
            {
                baseline = interval.corrected().getValueAtPercentile(99);
            }
        }
        return baseline;
    }

    /**
     * @return the start (no earlier than the fault) of the first interval that ends after {@code fromEpochMs} (when
     *         sessions and orders were back) with answers and a p99 within the factor of the baseline, or MAX_VALUE
     *         when none does.
     */
    private long latencyBack(final long startEpochMs, final long fromEpochMs, final long baselineNanos)
    {
        for (final FaultWindows.Interval interval : intervals)
        {
            final Histogram corrected = interval.corrected();
            if (interval.endEpochMs() > fromEpochMs && corrected.getTotalCount() > 0 &&
                (baselineNanos == 0 ||
                corrected.getValueAtPercentile(99) <= P99_RECOVERED_FACTOR * baselineNanos + interval.hiccupNanos()))
            {
                return Math.max(startEpochMs, interval.startEpochMs());
            }
        }
        return Long.MAX_VALUE;
    }

    /**
     * @return the intervals of the window [from, to), added up, by the rule the windows' confidence intervals are
     *         read by ({@link SummaryIntervals#inFaultWindow}): an interval in which a fault began or recovered
     *         counts in its "during" window, not before or after it; also into {@code also} when given (the window
     *         during the fault).
     */
    private Histogram merged(final long fromEpochMs, final long toEpochMs, final Histogram also)
    {
        final boolean during = also != null;
        final Histogram sum = new Histogram(3);
        for (final FaultWindows.Interval interval : intervals)
        {
            if (SummaryIntervals.inFaultWindow(interval.startEpochMs(), interval.endEpochMs(), fromEpochMs, toEpochMs,
                during))
            {
                sum.add(interval.corrected());
                if (also != null)
                {
                    also.add(interval.corrected());
                }
            }
        }
        return sum;
    }

    private static FaultResult.Windows emptyWindows()
    {
        final Percentiles empty = HistogramPercentiles.of(new Histogram(3));
        return new FaultResult.Windows(empty, empty, empty);
    }

    private static long epochMs(final FaultTrack track, final long nanos)
    {
        return track.wallClockStart().toEpochMilli() + (nanos - track.startNanos()) / 1_000_000;
    }
}
