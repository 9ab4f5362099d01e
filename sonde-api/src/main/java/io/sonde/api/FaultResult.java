package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * How a run's system went through one scheduled {@link Fault}, as its {@code summary.json} lists it (docs/faults.md):
 * whether and when it recovered, what became of the orders in flight, and the corrected latency before, during and
 * after it, written and read as one entry of {@code summary.json}'s {@code faults} (field names in
 * {@code docs/schema/summary.schema.json}). Recovery is the time from the fault's start until the affected sessions
 * are logged on again, every order sent before the fault has its answer, and the interval p99 is back within twice
 * its value before the fault.
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
 * @param inFlightOutcomes   what became of those, and the timeouts of the orders sent into it.
 * @param lost               orders acknowledged, then never final and unknown to an OrderStatusRequest.
 * @param lostClOrdIds       the first ten of those.
 * @param duplicated         orders executed twice, e.g. a resent NewOrderSingle taken as new.
 * @param duplicatedClOrdIds the first ten of those.
 * @param unknown            orders left unknown after recovery and settled by an OrderStatusRequest.
 * @param windows            the corrected latency before, during and after it.
 */
@JsonPropertyOrder({ "at", "kind", "argument", "sessions", "member", "wallClockStart", "recovered", "recoveryMillis",
    "reason", "inFlight", "inFlightOutcomes", "lost", "lostClOrdIds", "duplicated", "duplicatedClOrdIds", "unknown",
    "windows" })
public record FaultResult(
    @JsonProperty("at") double atSeconds,
    FaultKind kind,
    String argument,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> sessions,
    @JsonIgnore OptionalInt member,
    @JsonIgnore Instant wallClockStart,
    @JsonIgnore OptionalDouble recoveryMillis,
    @JsonIgnore Optional<String> reason,
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
    @JsonProperty("recovered")
    public boolean recovered()
    {
        return recoveryMillis.isPresent();
    }

    /**
     * @param figures the windows' figures, e.g. with their confidence intervals.
     * @return the same fault with those windows.
     */
    public FaultResult withWindows(final Windows figures)
    {
        return new FaultResult(atSeconds, kind, argument, sessions, member, wallClockStart, recoveryMillis, reason,
            inFlight, inFlightOutcomes, lost, lostClOrdIds, duplicated, duplicatedClOrdIds, unknown, figures);
    }

    @JsonCreator
    private static FaultResult read(
        @JsonProperty("at") final double at,
        @JsonProperty("kind") final String kind,
        @JsonProperty("argument") final String argument,
        @JsonProperty("sessions") final List<String> sessions,
        @JsonProperty("member") final Integer member,
        @JsonProperty("wallClockStart") final String wallClockStart,
        @JsonProperty("recoveryMillis") final Double recoveryMillis,
        @JsonProperty("reason") final String reason,
        @JsonProperty("inFlight") final long inFlight,
        @JsonProperty("inFlightOutcomes") final InFlightOutcomes inFlightOutcomes,
        @JsonProperty("lost") final long lost,
        @JsonProperty("lostClOrdIds") final List<String> lostClOrdIds,
        @JsonProperty("duplicated") final long duplicated,
        @JsonProperty("duplicatedClOrdIds") final List<String> duplicatedClOrdIds,
        @JsonProperty("unknown") final long unknown,
        @JsonProperty("windows") final Windows windows)
    {
        final Percentiles none = new Percentiles(0, 0, 0, 0, 0, 0, 0);
        return new FaultResult(at, FaultKind.of(kind), argument == null ? "" : argument,
            sessions == null ? List.of() : sessions, member == null ? OptionalInt.empty() : OptionalInt.of(member),
            wallClockStart == null ? Instant.EPOCH : Instant.parse(wallClockStart),
            recoveryMillis == null ? OptionalDouble.empty() : OptionalDouble.of(recoveryMillis),
            Optional.ofNullable(reason), inFlight,
            inFlightOutcomes == null ? new InFlightOutcomes(0, 0, 0) : inFlightOutcomes, lost,
            lostClOrdIds == null ? List.of() : lostClOrdIds, duplicated,
            duplicatedClOrdIds == null ? List.of() : duplicatedClOrdIds, unknown,
            windows == null ? new Windows(none, none, none) : windows);
    }

    @JsonProperty("member")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    private Integer memberOrNull()
    {
        return member.isPresent() ? member.getAsInt() : null;
    }

    /**
     * @return null for a fault never applied, as the summary has always written it.
     */
    @JsonProperty("wallClockStart")
    private String wallClockStartText()
    {
        return Instant.EPOCH.equals(wallClockStart) ? null : wallClockStart.toString();
    }

    @JsonProperty("recoveryMillis")
    private Double recoveryMillisOrNull()
    {
        return recoveryMillis.isPresent() ? recoveryMillis.getAsDouble() : null;
    }

    @JsonProperty("reason")
    private String reasonOrNull()
    {
        return reason.orElse(null);
    }

    /**
     * What became of a fault's orders.
     *
     * @param answered        of the orders in flight when it began, those answered by the venue in the ordinary way,
     *                        late or not.
     * @param settledByStatus of the timed out, those settled by an OrderStatusRequest.
     * @param timedOut        the orders the run timed out from its start until the next fault's (or the run's end),
     *                        in flight at it or sent into it: a part of the run's own count of timeouts.
     */
    @JsonPropertyOrder({ "answered", "settledByStatus", "timedOut" })
    public record InFlightOutcomes(long answered, long settledByStatus, long timedOut)
    {
        /**
         * @return the three counts as the console and the checks print them: {@code {answered=1, settledByStatus=0,
         *         timedOut=0}}.
         */
        public String toString()
        {
            return String.format(Locale.ROOT, "{answered=%d, settledByStatus=%d, timedOut=%d}", answered,
                settledByStatus, timedOut);
        }
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
    @JsonPropertyOrder({ "before", "during", "after" })
    public record Windows(Percentiles before, Percentiles during, Percentiles after)
    {
    }
}
