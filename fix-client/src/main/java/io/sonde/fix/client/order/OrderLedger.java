package io.sonde.fix.client.order;

import io.sonde.fix.client.session.SessionPool;
import io.sonde.fix.codecs.ExecType;
import io.sonde.fix.codecs.OrdStatus;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import org.agrona.collections.Long2LongHashMap;
import uk.co.real_logic.artio.session.Session;

import java.util.Arrays;

/**
 * What the venue said about each order sent while a fault was under way, kept after the order's lifecycle has ended
 * in the {@link OrderTable}, so that a run with faults can tell the orders the venue lost or executed twice
 * (docs/faults.md):
 * <ul>
 *     <li><b>duplicated</b>: a second acknowledgement of the same ClOrdID, under another OrderID, or under the same
 *     one without PossDupFlag (a resend of the first is not a second order); or fills (CumQty) above the order's
 *     quantity;</li>
 *     <li><b>lost</b>: acknowledged (any report but a rejection), never final (filled, canceled, expired,
 *     rejected), and unknown to the OrderStatusRequest {@link #ask asked} once the run has drained: the answer's
 *     OrdStatus is Rejected (FIX 4.4 answers an unknown order with OrdRejReason 5), as {@link LifecycleReports}
 *     reads a status answer that is not open. A report under the ClOrdID of the order's cancel or replace ends it
 *     when final; a replaced order is known by another ClOrdID, so it is not asked about.</li>
 * </ul>
 * Orders enter it while it {@link #record records}: those in flight when a fault begins, and every order sent
 * until the run stops it. Everything is preallocated for {@code capacity} orders; one more is counted as
 * untracked, never silently dropped. Only a run with faults keeps one, so a run without does none of this.
 * Single-threaded, on the thread that polls the FIX library.
 */
public final class OrderLedger
{
    /** A time not reached (not answered, never final). */
    public static final long NOT_YET = Long.MAX_VALUE;

    private static final char NEW = ExecType.NEW.representation();
    private static final char ORDER_STATUS = ExecType.ORDER_STATUS.representation();
    private static final char REJECTED = OrdStatus.REJECTED.representation();
    private static final char REPLACED = ExecType.REPLACED.representation();

    private final OrderTable orders;
    private final ClOrdIdCodec clOrdIds;
    private final int capacity;
    private final Long2LongHashMap indexByNumber;
    private final long[] sentNanos;
    private final long[] answeredNanos;
    private final long[] finalNanos;
    private final long[] orderIdKey;
    private final boolean[] acknowledged;
    private final boolean[] newAcknowledged;
    private final boolean[] renamed;
    private final long[] quantity;
    private final int[] session;
    private final char[][] clOrdId;
    private final int[] clOrdIdLength;
    private final char[][] symbol;
    private final int[] symbolLength;
    private final char[] side;
    private final boolean[] asked;
    private final boolean[] lost;
    private final boolean[] duplicated;
    private int size;
    private long untracked;
    private long nextNumber;
    private boolean recording;
    private int askCursor;
    private long awaitingStatus;
    private long statusUnanswerable;
    private boolean statusRefused;

    OrderLedger(final OrderTable orders, final ClOrdIdCodec clOrdIds, final int capacity)
    {
        this.orders = orders;
        this.clOrdIds = clOrdIds;
        this.capacity = capacity;
        indexByNumber = new Long2LongHashMap(2 * capacity, 0.65f, -1);
        sentNanos = new long[capacity];
        answeredNanos = new long[capacity];
        finalNanos = new long[capacity];
        orderIdKey = new long[capacity];
        acknowledged = new boolean[capacity];
        newAcknowledged = new boolean[capacity];
        renamed = new boolean[capacity];
        quantity = new long[capacity];
        session = new int[capacity];
        clOrdId = new char[capacity][clOrdIds.length()];
        clOrdIdLength = new int[capacity];
        symbol = new char[capacity][orders.symbol[0].length];
        symbolLength = new int[capacity];
        side = new char[capacity];
        asked = new boolean[capacity];
        lost = new boolean[capacity];
        duplicated = new boolean[capacity];
    }

    /**
     * A fault begins: keep every order in flight now, and every order sent from now on until {@link #stop()}.
     */
    public void record()
    {
        recording = true;
        for (int slot = 0; slot < orders.capacity(); slot++)
        {
            if (orders.isUsed(slot) && orders.state[slot] == OrderTable.NEW_SENT &&
                !indexByNumber.containsKey(orders.orderNumber[slot]))
            {
                add(slot);
            }
        }
    }

    /**
     * Keep no more orders sent from now on; those kept are still followed.
     */
    public void stop()
    {
        recording = false;
    }

    /**
     * @return whether orders sent now are kept.
     */
    public boolean isRecording()
    {
        return recording;
    }

    /**
     * The order in {@code slot} was sent (its NewOrderSingle).
     */
    void onSent(final int slot)
    {
        add(slot);
    }

    /**
     * Any ExecutionReport the venue sent, before the order table has seen it: acknowledgements, fills, final
     * states and the answers to this ledger's status requests.
     */
    void onReport(final ExecutionReportDecoder report, final long nowNanos)
    {
        final int index = indexOf(report.clOrdID(), report.clOrdIDLength());
        if (index < 0)
        {
            return;
        }
        final char execType = report.execType();
        final char ordStatus = report.ordStatus();
        if (clOrdIds.stage() != ClOrdIdCodec.NEW_STAGE)
        {
            onFollowUpReport(index, execType, ordStatus, nowNanos);
            return;
        }
        if (execType == ORDER_STATUS)
        {
            onStatusAnswer(index, ordStatus, nowNanos);
            return;
        }
        if (answeredNanos[index] == NOT_YET)
        {
            answeredNanos[index] = nowNanos;
        }
        if (!OrdStatuses.isRejection(execType, ordStatus))
        {
            onAcknowledged(index, execType, report);
        }
        if (OrdStatuses.isTrade(execType) && report.cumQtyLength() > 0 &&
            report.cumQty().toDouble() > quantity[index])
        {
            duplicated[index] = true;
        }
        if (finalNanos[index] == NOT_YET &&
            (OrdStatuses.isTerminal(ordStatus) || OrdStatuses.isRejection(execType, ordStatus)))
        {
            finalNanos[index] = nowNanos;
        }
    }

    /**
     * Ask the venue, once, about every order it acknowledged that never became final: a few per call, on its
     * session, within the session's message cap. An order whose session is down is not asked about, and counted; so
     * is every order once the venue has refused the request type. Called once the run has drained.
     *
     * @return requests sent.
     */
    int ask(final SessionPool pool, final OrderEncoders encoders, final FixFailures failures, final long nowNanos)
    {
        int sent = 0;
        while (askCursor < size && sent < pool.size())
        {
            final int index = askCursor;
            if (!needsStatus(index))
            {
                askCursor++;
                continue;
            }
            if (statusRefused || failures.statusUnsupported > 0 || !pool.isActive(session[index]))
            {
                statusUnanswerable++;
                askCursor++;
                continue;
            }
            final Session venue = pool.sendableSession(session[index], nowNanos);
            if (venue == null)
            {
                return sent;
            }
            if (venue.trySend(encoders.status(session[index], clOrdId[index], clOrdIdLength[index], symbol[index],
                symbolLength[index], side[index])) < 0)
            {
                failures.sendBackPressure++;
                return sent;
            }
            pool.onSent(session[index]);
            failures.statusRequests++;
            asked[index] = true;
            awaitingStatus++;
            askCursor++;
            sent++;
        }
        return sent;
    }

    /**
     * The venue refused OrderStatusRequest as a message type it does not support: the requests out will never be
     * answered, and the orders not yet asked about cannot be. They are unsettled now, so the run does not wait out
     * the timeout for answers that cannot come.
     */
    void onStatusRefused()
    {
        statusRefused = true;
        statusUnanswerable += awaitingStatus;
        awaitingStatus = 0;
        Arrays.fill(asked, 0, size, false);
    }

    /**
     * @return whether every status request is out and answered.
     */
    boolean allAnswered()
    {
        return askCursor == size && awaitingStatus == 0;
    }

    /**
     * @return orders kept.
     */
    public int size()
    {
        return size;
    }

    /**
     * @return orders not kept because the ledger was full: they are judged neither lost nor duplicated.
     */
    public long untracked()
    {
        return untracked;
    }

    /**
     * @return status requests still unanswered, and orders not asked about because their session was down or the
     *         venue refuses the request type.
     */
    public long statusUnsettled()
    {
        return awaitingStatus + statusUnanswerable;
    }

    public long sentNanos(final int index)
    {
        return sentNanos[index];
    }

    /**
     * @return when the venue first answered the order (acknowledged or rejected it), or {@link #NOT_YET}.
     */
    public long answeredNanos(final int index)
    {
        return answeredNanos[index];
    }

    public boolean isLost(final int index)
    {
        return lost[index];
    }

    public boolean isDuplicated(final int index)
    {
        return duplicated[index];
    }

    public String clOrdId(final int index)
    {
        return new String(clOrdId[index], 0, clOrdIdLength[index]);
    }

    /**
     * @return lost orders in all.
     */
    public long lost()
    {
        return count(lost);
    }

    /**
     * @return duplicated orders in all.
     */
    public long duplicated()
    {
        return count(duplicated);
    }

    private void add(final int slot)
    {
        if (size == capacity)
        {
            untracked++;
            return;
        }
        final int index = size++;
        indexByNumber.put(orders.orderNumber[slot], index);
        nextNumber = Math.max(nextNumber, orders.orderNumber[slot] + 1);
        sentNanos[index] = orders.newSentNanos[slot];
        answeredNanos[index] = NOT_YET;
        finalNanos[index] = NOT_YET;
        orderIdKey[index] = OrderIdKeys.NONE;
        acknowledged[index] = false;
        newAcknowledged[index] = false;
        renamed[index] = false;
        quantity[index] = orders.quantity[slot];
        session[index] = orders.session[slot];
        clOrdIdLength[index] = orders.clOrdIdLength[slot];
        System.arraycopy(orders.clOrdId[slot], 0, clOrdId[index], 0, orders.clOrdIdLength[slot]);
        symbolLength[index] = orders.symbolLength[slot];
        System.arraycopy(orders.symbol[slot], 0, symbol[index], 0, orders.symbolLength[slot]);
        side[index] = orders.side[slot];
    }

    /**
     * Any report but a rejection says the venue took the order, under the OrderID it names first. A second
     * acknowledgement (ExecType New) is a second order at the venue unless it is the first one sent again: the same
     * OrderID, marked PossDupFlag (a resend the session asked for).
     */
    private void onAcknowledged(final int index, final char execType, final ExecutionReportDecoder report)
    {
        final long key = OrderIdKeys.of(report.orderID(), report.orderIDLength());
        if (!acknowledged[index])
        {
            acknowledged[index] = true;
            orderIdKey[index] = key;
        }
        if (execType != NEW)
        {
            return;
        }
        if (!newAcknowledged[index])
        {
            newAcknowledged[index] = true;
            return;
        }
        final boolean resent = report.header().hasPossDupFlag() && report.header().possDupFlag();
        if (key != orderIdKey[index] || !resent)
        {
            duplicated[index] = true;
        }
    }

    /**
     * An order whose final report came after it was asked about is not lost: the venue ended it, then forgot it.
     */
    private void onStatusAnswer(final int index, final char ordStatus, final long nowNanos)
    {
        if (!asked[index])
        {
            return;
        }
        asked[index] = false;
        awaitingStatus--;
        if (ordStatus == REJECTED && finalNanos[index] == NOT_YET)
        {
            lost[index] = true;
        }
        else if (OrdStatuses.isTerminal(ordStatus))
        {
            finalNanos[index] = nowNanos;
        }
    }

    /**
     * A report under the ClOrdID of the order's cancel or replace: it may end the order; once replaced, the venue
     * knows the order by the replace's ClOrdID, so a status request by its first would not find it.
     */
    private void onFollowUpReport(final int index, final char execType, final char ordStatus, final long nowNanos)
    {
        if (execType == ORDER_STATUS)
        {
            return;
        }
        if (execType == REPLACED)
        {
            renamed[index] = true;
        }
        if (finalNanos[index] == NOT_YET && OrdStatuses.isTerminal(ordStatus))
        {
            finalNanos[index] = nowNanos;
        }
    }

    private boolean needsStatus(final int index)
    {
        return acknowledged[index] && !renamed[index] && finalNanos[index] == NOT_YET;
    }

    /**
     * @return the order a report names, or -1: by its NewOrderSingle's ClOrdID, or by the ClOrdID of one of its
     *         cancels or replaces (the same order number, another stage; {@link ClOrdIdCodec#stage()} tells which).
     */
    private int indexOf(final char[] id, final int idLength)
    {
        if (size == 0 || !clOrdIds.decode(id, idLength))
        {
            return -1;
        }
        final int index = (int)indexByNumber.get(clOrdIds.orderNumber(nextNumber));
        if (index < 0 || clOrdIds.stage() != ClOrdIdCodec.NEW_STAGE)
        {
            return index;
        }
        return Arrays.equals(clOrdId[index], 0, clOrdIdLength[index], id, 0, idLength) ? index : -1;
    }

    private long count(final boolean[] flags)
    {
        long count = 0;
        for (int i = 0; i < size; i++)
        {
            if (flags[i])
            {
                count++;
            }
        }
        return count;
    }
}
