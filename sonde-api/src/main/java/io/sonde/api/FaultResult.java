package io.sonde.api;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * How a run's system went through one scheduled {@link Fault}, as its {@code summary.json} lists it (docs/faults.md):
 * whether and when it recovered, what became of the orders in flight, and the corrected latency before, during and
 * after it. Recovery is the time from the fault's start until the affected sessions are logged on again, every order
 * sent before the fault has its answer, and the interval p99 is back within twice its value before the fault.
 *
 * @param atSeconds          when it was due, seconds into the measured window.
 * @param kind               what it did.
 * @param argument           its argument as written ({@code 2}, {@code 500ms}), empty when it takes none.
 * @param sessions           the sessions it acted on (their SenderCompIDs); empty for a fault on the exchange.
 * @param member             the exchange member it acted on; empty for a fault on Sonde's sessions.
 * @param wallClockStart     when it began, by the wall clock; {@link Instant#EPOCH} for a fault never applied (a
 *                           stop ended the run before it was due), whose reason says so.
 * @param recoveryMillis     its recovery; empty when it never recovered.
 * @param reason             why it never recovered; empty when it did.
 * @param inFlight           orders sent and unanswered when it began.
 * @param inFlightOutcomes   what became of those.
 * @param lost               orders acknowledged, then never final and unknown to an OrderStatusRequest.
 * @param lostClOrdIds       the first ten of those.
 * @param duplicated         orders executed twice, e.g. a resent NewOrderSingle taken as new.
 * @param duplicatedClOrdIds the first ten of those.
 * @param unknown            orders left unknown after recovery and settled by an OrderStatusRequest.
 * @param windows            the corrected latency before, during and after it.
 */
public record FaultResult(
    double atSeconds,
    FaultKind kind,
    String argument,
    List<String> sessions,
    OptionalInt member,
    Instant wallClockStart,
    OptionalDouble recoveryMillis,
    Optional<String> reason,
    long inFlight,
    InFlightOutcomes inFlightOutcomes,
    long lost,
    List<String> lostClOrdIds,
    long duplicated,
    List<String> duplicatedClOrdIds,
    long unknown,
    Windows windows)
{
    /**
     * @throws NullPointerException for a missing component.
     */
    public FaultResult
    {
        sessions = List.copyOf(sessions);
        lostClOrdIds = List.copyOf(lostClOrdIds);
        duplicatedClOrdIds = List.copyOf(duplicatedClOrdIds);
    }

    /**
     * @return whether it recovered before the run's end and its drain.
     */
    public boolean recovered()
    {
        return recoveryMillis.isPresent();
    }

    /**
     * What became of the orders in flight when a fault began.
     *
     * @param answered        answered by the venue in the ordinary way, late or not.
     * @param settledByStatus left unknown, then settled by an OrderStatusRequest.
     * @param timedOut        never answered within the timeout.
     */
    public record InFlightOutcomes(long answered, long settledByStatus, long timedOut)
    {
    }

    /**
     * The corrected latency around a fault: before is from the measured start (or the previous fault's recovery) to
     * the fault; during is from the fault to its recovery (or the end, when it never recovered); after is from its
     * recovery to the next fault or the end.
     *
     * @param before corrected latency before the fault.
     * @param during corrected latency while the system recovered.
     * @param after  corrected latency once it had.
     */
    public record Windows(Percentiles before, Percentiles during, Percentiles after)
    {
    }
}
