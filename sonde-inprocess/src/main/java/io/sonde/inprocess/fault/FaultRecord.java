package io.sonde.inprocess.fault;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * One fault as {@code faults.json} records it, stamped with the wall clock so a report can place it on a run's time
 * axis whichever process applied it (docs/faults.md).
 *
 * @param kind           its kind, as the command line names it.
 * @param argument       its argument as written, empty when it takes none.
 * @param at             seconds into the measured window it was due.
 * @param wallClockStart when it began (ISO-8601).
 * @param wallClockEnd   when its action was over: the sessions back, reading resumed, the member restarted; null
 *                       when it never was.
 * @param sessions       the sessions it acted on; null for a fault on the exchange.
 * @param member         the exchange member it acted on; null for a fault on Sonde's sessions.
 * @param appliedBy      the process that applied it, e.g. {@code sonde run (pid 4242)}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FaultRecord(
    String kind,
    String argument,
    double at,
    String wallClockStart,
    String wallClockEnd,
    List<String> sessions,
    Integer member,
    String appliedBy)
{
}
