package io.sonde.inprocess.fault;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.sonde.api.Percentiles;

import java.util.List;
import java.util.Map;

/**
 * One fault in a run's {@code summary.json} (docs/faults.md), as {@code io.sonde.api.FaultResult} reads it back.
 *
 * @param at                 seconds into the measured window it was due.
 * @param kind               its kind, as the command line names it.
 * @param argument           its argument as written, empty when it takes none.
 * @param sessions           the sessions it acted on; null for a fault on the exchange.
 * @param member             the exchange member it acted on; null for a fault on Sonde's sessions.
 * @param wallClockStart     when it began (ISO-8601).
 * @param recovered          whether it recovered.
 * @param recoveryMillis     its recovery, or null when it never did.
 * @param reason             why it never recovered, or null.
 * @param inFlight           orders sent and unanswered when it began.
 * @param inFlightOutcomes   what became of those: answered, settledByStatus, timedOut.
 * @param lost               of its orders (in flight at it, or sent since, before its recovery), those acknowledged,
 *                           never final, and unknown to an OrderStatusRequest once the run had drained.
 * @param lostClOrdIds       the first ten of those.
 * @param duplicated         of its orders, those executed twice: acknowledged twice, or filled beyond their
 *                           quantity.
 * @param duplicatedClOrdIds the first ten of those.
 * @param unknown            orders left unknown after it and settled by OrderStatusRequest.
 * @param windows            corrected latency before, during and after it, µs.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record FaultSummary(
    double at,
    String kind,
    String argument,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<String> sessions,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer member,
    String wallClockStart,
    boolean recovered,
    Double recoveryMillis,
    String reason,
    long inFlight,
    Map<String, Long> inFlightOutcomes,
    long lost,
    List<String> lostClOrdIds,
    long duplicated,
    List<String> duplicatedClOrdIds,
    long unknown,
    Map<String, Percentiles> windows)
{
}
