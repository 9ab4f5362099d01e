package io.sonde.fix.client.order;

import io.sonde.fix.client.session.FixDictionaries;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.fix.codecs.MassCancelRequestType;
import io.sonde.fix.codecs.MassCancelResponse;
import io.sonde.fix.codecs.builder.OrderMassCancelRequestEncoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderMassCancelReportDecoder;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.session.Session;

/**
 * The first part of the book flow's close-out where the venue takes a mass cancel: one OrderMassCancelRequest
 * (35=q, every order of the session: MassCancelRequestType 7) per session, then the venue's answers. Each session's
 * OrderMassCancelReport (35=r) says how many orders it canceled; the ExecutionReport of each canceled order takes it
 * off the resting book ({@link BookReports}) and is counted here. A session whose request is rejected (35=r with
 * MassCancelResponse 0, or a session or business reject of the message type) or cannot be sent is settled, and
 * the first reason kept for the summary's warning; what still rests then is cancelled one by one by
 * {@link BookCloseOut}.
 * <p>
 * Off the measured path: runs once the run is over, on the thread that polls the FIX library.
 */
final class BookMassCancel
{
    private static final char ALL_ORDERS = MassCancelRequestType.CANCEL_ALL_ORDERS.representation();

    private final SessionPool pool;
    private final OrderMassCancelRequestEncoder[] requests;
    private final UtcTimestampEncoder transactTime = new UtcTimestampEncoder();
    private final boolean[] sent;
    private final boolean[] answered;
    private final String idPrefix;
    private boolean active;
    private int settled;
    private long affected;
    private long canceled;
    private long gone;
    private String refusal;

    BookMassCancel(final SessionPool pool)
    {
        this.pool = pool;
        final int sessions = pool.size();
        requests = new OrderMassCancelRequestEncoder[sessions];
        final String beginString = FixDictionaries.beginString(pool.version());
        for (int i = 0; i < sessions; i++)
        {
            requests[i] = new OrderMassCancelRequestEncoder();
            requests[i].header().beginString(beginString);
        }
        sent = new boolean[sessions];
        answered = new boolean[sessions];
        idPrefix = "SONDE-MC-" + Long.toString(System.currentTimeMillis(), 36) + "-";
    }

    /**
     * Send each session's request not sent yet; a session that is down is settled at once, having nothing the
     * venue would cancel for it here.
     *
     * @return the requests sent.
     */
    int send()
    {
        active = true;
        int work = 0;
        for (int i = 0; i < sent.length; i++)
        {
            if (sent[i])
            {
                continue;
            }
            if (!pool.isActive(i))
            {
                sent[i] = true;
                settle(i, "session " + pool.senderCompId(i) + " was down");
                continue;
            }
            final Session session = pool.session(i);
            final OrderMassCancelRequestEncoder request = requests[i]
                .clOrdID(idPrefix + i)
                .massCancelRequestType(ALL_ORDERS)
                .transactTime(transactTime.buffer(), transactTime.encode(System.currentTimeMillis()));
            if (session.trySend(request) >= 0)
            {
                sent[i] = true;
                work++;
            }
        }
        return work;
    }

    /**
     * @return whether every session's request was answered or refused, and every order the answers said they
     *         canceled has had its report.
     */
    boolean settled()
    {
        return settled == sent.length && canceled >= affected;
    }

    /**
     * @return orders whose ExecutionReport said the mass cancel ended them.
     */
    long canceled()
    {
        return canceled;
    }

    /**
     * @return why a session's mass cancel was refused or not sent, the first such; null when none was.
     */
    String refusal()
    {
        return refusal;
    }

    void onReport(final int sessionIndex, final OrderMassCancelReportDecoder report)
    {
        if (!active)
        {
            return;
        }
        if (report.massCancelResponse() == MassCancelResponse.CANCEL_REQUEST_REJECTED.representation())
        {
            settle(sessionIndex, "the venue rejected the mass cancel" + reason(report));
            return;
        }
        if (report.hasTotalAffectedOrders())
        {
            affected += report.totalAffectedOrders();
        }
        settle(sessionIndex, null);
    }

    /**
     * The venue refused the message type: a session Reject or BusinessMessageReject naming it.
     */
    void onRefused(final int sessionIndex, final String why)
    {
        if (active)
        {
            settle(sessionIndex, "the venue refused OrderMassCancelRequest: " + why);
        }
    }

    /**
     * A resting order's ExecutionReport said it was canceled.
     */
    void onOrderCanceled()
    {
        if (active)
        {
            canceled++;
        }
    }

    /**
     * A resting order's ExecutionReport said it ended otherwise (it traded) while the mass cancel was under way:
     * counted with the cancels refused because the order had gone, so none leaves the close-out's count unsaid.
     */
    void onOrderGone()
    {
        if (active)
        {
            gone++;
        }
    }

    long gone()
    {
        return gone;
    }

    /**
     * The wait for the answers ended before they settled: why goes in the refusal, unless one is there already.
     */
    void onTimedOut(final long waitedMillis)
    {
        if (refusal == null)
        {
            final long unanswered = sent.length - settled;
            refusal = unanswered > 0 ?
                unanswered + " session(s) had no OrderMassCancelReport within " + waitedMillis + " ms" :
                (affected - canceled) + " of the " + affected + " orders the venue said it canceled had no " +
                "ExecutionReport within " + waitedMillis + " ms";
        }
        active = false;
    }

    /**
     * The close-out goes on one by one: answers from now on are not the mass cancel's.
     */
    void end()
    {
        active = false;
    }

    private void settle(final int sessionIndex, final String why)
    {
        if (sessionIndex < 0 || sessionIndex >= answered.length || answered[sessionIndex])
        {
            return;
        }
        answered[sessionIndex] = true;
        settled++;
        if (why != null && refusal == null)
        {
            refusal = why;
        }
    }

    private static String reason(final OrderMassCancelReportDecoder report)
    {
        final StringBuilder reason = new StringBuilder();
        if (report.hasMassCancelRejectReason())
        {
            reason.append(" (MassCancelRejectReason ").append(report.massCancelRejectReason()).append(')');
        }
        if (report.hasText())
        {
            reason.append(": ").append(report.text(), 0, report.textLength());
        }
        return reason.toString();
    }
}
