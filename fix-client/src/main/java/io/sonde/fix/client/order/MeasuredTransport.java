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

    /**
     * Keep an {@link OrderLedger} of the orders sent from now on while it records (a run with faults), to tell the
     * orders the venue lost or executed twice.
     *
     * @param capacity orders it keeps at most.
     * @return the ledger, or null when this transport keeps none.
     */
    default OrderLedger openLedger(final int capacity)
    {
        return null;
    }

    /**
     * Ask the venue (OrderStatusRequest) about each order of the ledger it acknowledged that never became final: a
     * few at a time, called on the polling thread once the run has drained, until {@link #ledgerSettled()}.
     *
     * @return requests sent.
     */
    default int askLedgerStatus(final long nowNanos)
    {
        return 0;
    }

    /**
     * @return whether every status request of the ledger is out and answered; true without a ledger.
     */
    default boolean ledgerSettled()
    {
        return true;
    }
}
