package io.sonde.api.engine;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.sonde.fix.client.order.VenueRejects;
import io.sonde.loadgen.result.RunSummary;
import io.sonde.api.Check;

import java.util.List;
import java.util.Map;

/**
 * The {@code summary.json} of {@code sonde run}: the run's own fields (a request is one order lifecycle),
 * then each lifecycle stage, the FIX failure taxonomy, the session health and the SLO verdicts.
 *
 * @param run      the usual run summary.
 * @param target   the acceptor driven.
 * @param flows    the flow mix.
 * @param sessions sessions used.
 * @param sequenceResets logons that reset both sides' sequence numbers (ResetSeqNumFlag) because the venue
 *                 refused the persisted ones; always 0 without {@code --persistent-sequences}, where every
 *                 logon resets by design.
 * @param stages   per stage: new-ack, new-fill, replace, cancel.
 * @param hops     the hops each NewOrderSingle's answer crossed, in path order, adding up to its latency.
 * @param venueClock what the answers told of the venue's clock, or null when no answer was split into hops.
 * @param failures counts per failure kind.
 * @param venueRejects each distinct reject text (58) and RefTagID (371) the venue sent, by kind, with its count:
 *                 what a profile is missing when a venue rejects orders.
 * @param fills    fill reports received (both sides of every trade with the run's own orders) and, of
 *                 those, fills of day orders that came after the acknowledgement ended their lifecycle.
 * @param exchange for an embedded run, the matching engine's own counts at the end (orders accepted,
 *                 trades, open orders), else null.
 * @param slo      objectives and whether they were met.
 * @param checks   everything the run was judged on (the generator's own schedule, the rate, the error rate, each
 *                 objective) and how each went: what the exit code and the JUnit report say.
 */
public record FixRunSummary(
    @JsonUnwrapped RunSummary run,
    String target,
    String flows,
    int sessions,
    long sequenceResets,
    Map<String, StageSummary> stages,
    List<HopSummary> hops,
    VenueClockSummary venueClock,
    Map<String, Long> failures,
    List<VenueRejects.Entry> venueRejects,
    Map<String, Long> fills,
    Map<String, Long> exchange,
    List<SloResult> slo,
    List<Check> checks)
{
}
