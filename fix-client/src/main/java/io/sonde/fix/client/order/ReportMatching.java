package io.sonde.fix.client.order;

import io.sonde.fix.codecs.decoder_flyweight.BusinessMessageRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderCancelRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.RejectDecoder;

/**
 * What every reader of a venue's order reports does alike, whatever it sends: find the order a report names
 * through its ClOrdID alone, counting one that names none, and end the stage the venue refused, counting the
 * refusal by kind with the venue's own words.
 */
final class ReportMatching
{
    private final OrderTable orders;
    private final ClOrdIdCodec clOrdIds;
    private final LifecycleStages stages;
    private final SentSequences sentSequences;
    private final LifecycleEnds ends;
    private final FixFailures failures;

    ReportMatching(
        final OrderTable orders,
        final ClOrdIdCodec clOrdIds,
        final LifecycleStages stages,
        final SentSequences sentSequences,
        final LifecycleEnds ends,
        final FixFailures failures)
    {
        this.orders = orders;
        this.clOrdIds = clOrdIds;
        this.stages = stages;
        this.sentSequences = sentSequences;
        this.ends = ends;
        this.failures = failures;
    }

    /**
     * Find the live order a report belongs to; count it when there is none.
     *
     * @return the slot, or -1.
     */
    int slotOf(final int sessionIndex, final char[] id, final int idLength)
    {
        final int slot = slotOrEnded(sessionIndex, id, idLength);
        if (slot == OrderTable.NOT_LIVE)
        {
            failures.reportsAfterEnd++;
        }
        return Math.max(slot, -1);
    }

    /**
     * As {@link #slotOf}, leaving a report about an order that has ended to the caller to count.
     *
     * @return the slot; {@link OrderTable#NOT_LIVE} for an order that ended; -1 for none of this run's (counted).
     */
    int slotOrEnded(final int sessionIndex, final char[] id, final int idLength)
    {
        final int slot = orders.slotNamedBy(clOrdIds, id, idLength);
        if (slot == OrderTable.NOT_LIVE)
        {
            return slot;
        }
        if (slot == OrderTable.NOT_OURS || orders.session[slot] != sessionIndex)
        {
            failures.unknownClOrdIds++;
            return -1;
        }
        return slot;
    }

    /**
     * The venue rejected the order's stage in flight with an ExecutionReport: the stage is answered, the order
     * ends.
     */
    void orderRejected(final int slot, final ExecutionReportDecoder report, final long nowNanos)
    {
        stages.recordResponse(slot, nowNanos);
        failures.orderRejects++;
        failures.venueRejects.record(
            VenueRejects.ORDER_REJECTED, report.hasText() ? report.text() : null, report.textLength(),
            VenueRejects.NO_TAG);
        ends.rejected(slot, nowNanos, RejectReasons.ORDER_REJECTED);
    }

    void onCancelReject(final int sessionIndex, final OrderCancelRejectDecoder reject, final long nowNanos)
    {
        final int slot = slotOf(sessionIndex, reject.clOrdID(), reject.clOrdIDLength());
        if (slot >= 0)
        {
            stages.recordResponse(slot, nowNanos);
            failures.cancelRejects++;
            if (orders.orderIdKey[slot] != OrderIdKeys.NONE)
            {
                ends.effects().onFollowUpRefused(
                    orders.orderIdKey[slot], orders.state[slot] == OrderTable.CANCEL_SENT);
            }
            failures.venueRejects.record(
                VenueRejects.CANCEL_REJECTED, reject.hasText() ? reject.text() : null, reject.textLength(),
                VenueRejects.NO_TAG);
            ends.rejected(slot, nowNanos, RejectReasons.CANCEL_REJECTED);
        }
    }

    /**
     * A session-level Reject names only the sequence number of what it refuses: the order it went out for, if
     * still remembered, ends.
     */
    void onSessionReject(final int sessionIndex, final RejectDecoder reject, final long nowNanos)
    {
        failures.sessionRejects++;
        failures.venueRejects.record(VenueRejects.SESSION_REJECT, reject.hasText() ? reject.text() : null,
            reject.textLength(), reject.hasRefTagID() ? reject.refTagID() : VenueRejects.NO_TAG);
        final int slot = sentSequences.slotOf(sessionIndex, reject.refSeqNum());
        if (slot >= 0 && orders.isUsed(slot) && orders.session[slot] == sessionIndex)
        {
            ends.rejected(slot, nowNanos, RejectReasons.SESSION_REJECT);
        }
    }

    void onBusinessReject(final int sessionIndex, final BusinessMessageRejectDecoder reject, final long nowNanos)
    {
        failures.businessRejects++;
        failures.venueRejects.record(VenueRejects.BUSINESS_REJECT, reject.hasText() ? reject.text() : null,
            reject.textLength(), VenueRejects.NO_TAG);
        if (reject.hasBusinessRejectRefID())
        {
            final int slot =
                slotOf(sessionIndex, reject.businessRejectRefID(), reject.businessRejectRefIDLength());
            if (slot >= 0)
            {
                ends.rejected(slot, nowNanos, RejectReasons.BUSINESS_REJECT);
            }
        }
    }

    /**
     * The session dropped: every order sent on it ends, for it will get no answer there.
     */
    void onSessionDown(final int sessionIndex, final long nowNanos)
    {
        for (int slot = 0; slot < orders.capacity(); slot++)
        {
            if (orders.isUsed(slot) && orders.state[slot] != OrderTable.CLAIMED && orders.session[slot] == sessionIndex)
            {
                failures.endedBySessionDown++;
                ends.rejected(slot, nowNanos, RejectReasons.SESSION_DOWN);
            }
        }
    }
}
