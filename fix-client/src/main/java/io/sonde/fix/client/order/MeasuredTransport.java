package io.sonde.fix.client.order;

import io.sonde.fix.client.session.SessionEvents;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.HopsByLatency;
import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.loadgen.transport.Transport;

import java.util.List;
import java.util.Map;

/**
 * A FIX transport a measured run drives, generated load and a replayed log alike: it sends over the client's
 * sessions, hears what they deliver, times the stages and hops of what it sent, and counts what went wrong, so
 * one run path and one summary serve both.
 */
public interface MeasuredTransport extends Transport, SessionEvents
{
    /**
     * @return the lifecycle stages it records, logged beside the run's own series.
     */
    List<PhasedSeries> stages();

    /**
     * @return the hops of the answers it records, in path order; empty when it splits none.
     */
    List<HopSeries> hops();

    /**
     * @return the same hops by the answers' latency, each known by its index in {@link #hops()}.
     */
    HopsByLatency hopsByLatency();

    /**
     * @return every failure, by kind.
     */
    FixFailures failures();

    /**
     * @return counts of the reports beyond each request's answer (fills, reports after the answer), by name.
     */
    Map<String, Long> reportCounts();
}
