package io.sonde.inprocess;

import quickfix.Application;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.IncorrectTagValue;
import quickfix.Message;
import quickfix.MemoryStoreFactory;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionNotFound;
import quickfix.SessionSettings;
import quickfix.SocketAcceptor;
import quickfix.UnsupportedMessageType;
import quickfix.UtcTimestampPrecision;
import quickfix.field.AvgPx;
import quickfix.field.BeginSeqNo;
import quickfix.field.ClOrdID;
import quickfix.field.CumQty;
import quickfix.field.CxlRejResponseTo;
import quickfix.field.ExecID;
import quickfix.field.ExecType;
import quickfix.field.LastPx;
import quickfix.field.LastQty;
import quickfix.field.LeavesQty;
import quickfix.field.MsgType;
import quickfix.field.OrdRejReason;
import quickfix.field.OrdStatus;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.OrigClOrdID;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.Text;
import quickfix.field.TimeInForce;
import quickfix.field.TransactTime;
import quickfix.fix44.ExecutionReport;
import quickfix.fix44.OrderCancelReject;

import java.net.ServerSocket;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A venue on QuickFIX/J, not Artio: it acknowledges every NewOrderSingle with an ExecutionReport stamped, as
 * QuickFIX/J stamps, with TransactTime (60) and SendingTime (52) in microseconds on its own clock, under an OrderID of
 * its own, and fills an immediate-or-cancel order at once in a second report. A day order rests, and an
 * OrderStatusRequest reports it open; an order it does not hold is reported unknown (OrdStatus 8, OrdRejReason 5).
 * It can take a set time over each order, on its one thread: a venue that keeps up below one order per that time and
 * queues above it. It can also misbehave in one of the ways a run's faults must catch, or answer as a venue that keeps
 * no order open ({@link Misbehaviour}). It takes no OrderMassCancelRequest: it refuses the type, as QuickFIX/J does
 * for a message its application does not handle, or ignores it when told to. It counts the NewOrderSingles its
 * application received: those its session layer took in sequence, which is what a venue acts on.
 */
final class QuickFixJVenue implements AutoCloseable
{
    /**
     * What the venue gets wrong on purpose, or does otherwise than a venue that rests day orders and answers
     * OrderStatusRequest.
     */
    enum Misbehaviour
    {
        /** An honest venue. */
        NONE,
        /**
         * Answers every NewOrderSingle with New, then Expired, so no order stays open, and refuses OrderStatusRequest
         * as a message type it does not support: QuickFIX/J answers the application's {@link UnsupportedMessageType}
         * with a BusinessMessageReject (BusinessRejectReason 3). Nothing can be asked about an order it never
         * answered.
         */
        EXPIRES_ORDERS_REFUSES_STATUS,
        /** Refuses every ResendRequest (with a session Reject): a session layer that never recovers a gap. */
        IGNORES_RESENDS,
        /**
         * Takes every {@link #DUPLICATE_EVERY}th NewOrderSingle twice, as a venue that took a resent copy
         * (PossDupFlag) for a new order would: a second acknowledgement under a second OrderID.
         */
        DUPLICATES_ORDERS,
        /**
         * Keeps no order it acknowledged, as a venue whose order store was lost in a failover that kept the sessions
         * up: an OrderStatusRequest finds every one unknown.
         */
        FORGETS_ORDERS,
        /**
         * Matches nothing: rests day orders, expires an immediate-or-cancel order unfilled (OrdStatus 4, canceled,
         * as IOC remainders are), and confirms every OrderCancelRequest of an order it holds.
         */
        NEVER_MATCHES
    }

    /** How often a duplicating venue takes an order twice. */
    static final int DUPLICATE_EVERY = 20;

    private final SocketAcceptor acceptor;
    private final int port;
    private final AtomicLong execIds = new AtomicLong();
    private final AtomicLong orderIds = new AtomicLong();
    private final Map<String, String> openOrderIds = new ConcurrentHashMap<>();
    private final Set<String> newOrdersReceived = ConcurrentHashMap.newKeySet();
    private final long perOrderNanos;
    private final Misbehaviour misbehaviour;
    private volatile boolean ignoresMassCancel;

    QuickFixJVenue() throws Exception
    {
        this(Duration.ZERO);
    }

    /**
     * @param perOrder how long the venue works on each NewOrderSingle before it answers.
     */
    QuickFixJVenue(final Duration perOrder) throws Exception
    {
        this(perOrder, 1, Misbehaviour.NONE);
    }

    /**
     * @param perOrder     how long the venue works on each NewOrderSingle before it answers.
     * @param sessions     how many of Sonde's sessions it takes: SONDE1, SONDE2, ...
     * @param misbehaviour what it gets wrong on purpose.
     */
    QuickFixJVenue(final Duration perOrder, final int sessions, final Misbehaviour misbehaviour) throws Exception
    {
        perOrderNanos = perOrder.toNanos();
        this.misbehaviour = misbehaviour;
        try (ServerSocket probe = new ServerSocket(0))
        {
            port = probe.getLocalPort();
        }
        final SessionSettings settings = new SessionSettings();
        for (int i = 1; i <= sessions; i++)
        {
            final SessionID session = new SessionID("FIX.4.4", "EXCH", "SONDE" + i);
            settings.setString(session, "ConnectionType", "acceptor");
            settings.setString(session, "SocketAcceptAddress", "127.0.0.1");
            settings.setLong(session, "SocketAcceptPort", port);
            settings.setString(session, "StartTime", "00:00:00");
            settings.setString(session, "EndTime", "00:00:00");
            settings.setString(session, "UseDataDictionary", "Y");
            settings.setString(session, "DataDictionary", "FIX44.xml");
            settings.setString(session, "ValidateUserDefinedFields", "N");
            settings.setString(session, "TimeStampPrecision", "MICROS");
            settings.setString(session, "ResetOnLogon", "Y");
        }
        acceptor = new SocketAcceptor(new Answers(), new MemoryStoreFactory(), settings, null,
            new DefaultMessageFactory());
        acceptor.start();
    }

    int port()
    {
        return port;
    }

    /**
     * @return the ClOrdIDs of the NewOrderSingles the venue's application received, each once.
     */
    Set<String> newOrdersReceived()
    {
        return Set.copyOf(newOrdersReceived);
    }

    /**
     * @return the ClOrdIDs of the day orders it holds open.
     */
    Set<String> openOrders()
    {
        return Set.copyOf(openOrderIds.keySet());
    }

    /**
     * Never answer an OrderMassCancelRequest, rather than refuse it.
     */
    QuickFixJVenue ignoringMassCancel()
    {
        ignoresMassCancel = true;
        return this;
    }

    public void close()
    {
        acceptor.stop(true);
    }

    private final class Answers implements Application
    {
        public void fromApp(final Message message, final SessionID sessionId)
            throws FieldNotFound, UnsupportedMessageType
        {
            final String type = message.getHeader().getString(MsgType.FIELD);
            if (MsgType.ORDER_STATUS_REQUEST.equals(type))
            {
                if (misbehaviour == Misbehaviour.EXPIRES_ORDERS_REFUSES_STATUS)
                {
                    throw new UnsupportedMessageType();
                }
                answerStatus(message, sessionId);
                return;
            }
            if (MsgType.ORDER_MASS_CANCEL_REQUEST.equals(type) && !ignoresMassCancel)
            {
                throw new UnsupportedMessageType();
            }
            if (MsgType.ORDER_CANCEL_REQUEST.equals(type) && misbehaviour == Misbehaviour.NEVER_MATCHES)
            {
                answerCancel(message, sessionId);
                return;
            }
            if (!MsgType.ORDER_SINGLE.equals(type))
            {
                return;
            }
            work();
            final String orderId = "Q" + orderIds.incrementAndGet();
            final String clOrdId = message.getString(ClOrdID.FIELD);
            newOrdersReceived.add(clOrdId);
            final ExecutionReport report = new ExecutionReport(new OrderID(orderId),
                new ExecID(Long.toString(execIds.incrementAndGet())), new ExecType(ExecType.NEW),
                new OrdStatus(OrdStatus.NEW), new Side(message.getChar(Side.FIELD)),
                new LeavesQty(message.getDouble(OrderQty.FIELD)), new CumQty(0), new AvgPx(0));
            report.set(new ClOrdID(clOrdId));
            report.set(new Symbol(message.getString(Symbol.FIELD)));
            report.setUtcTimeStamp(TransactTime.FIELD, LocalDateTime.now(ZoneOffset.UTC), UtcTimestampPrecision.MICROS);
            send(report, sessionId);
            if (misbehaviour == Misbehaviour.DUPLICATES_ORDERS && orderIds.get() % DUPLICATE_EVERY == 0)
            {
                report.set(new OrderID("Q" + orderIds.incrementAndGet()));
                report.set(new ExecID(Long.toString(execIds.incrementAndGet())));
                send(report, sessionId);
            }
            if (misbehaviour == Misbehaviour.EXPIRES_ORDERS_REFUSES_STATUS)
            {
                report.set(new ExecID(Long.toString(execIds.incrementAndGet())));
                report.set(new ExecType(ExecType.EXPIRED));
                report.set(new OrdStatus(OrdStatus.EXPIRED));
                report.set(new LeavesQty(0));
                send(report, sessionId);
                return;
            }
            final boolean immediateOrCancel = message.isSetField(TimeInForce.FIELD) &&
                message.getChar(TimeInForce.FIELD) == TimeInForce.IMMEDIATE_OR_CANCEL;
            if (!immediateOrCancel && misbehaviour != Misbehaviour.FORGETS_ORDERS)
            {
                openOrderIds.put(clOrdId, orderId);
            }
            if (immediateOrCancel && misbehaviour == Misbehaviour.NEVER_MATCHES)
            {
                report.set(new ExecID(Long.toString(execIds.incrementAndGet())));
                report.set(new ExecType(ExecType.CANCELED));
                report.set(new OrdStatus(OrdStatus.CANCELED));
                report.set(new LeavesQty(0));
                send(report, sessionId);
            }
            else if (immediateOrCancel)
            {
                final double quantity = message.getDouble(OrderQty.FIELD);
                report.set(new ExecID(Long.toString(execIds.incrementAndGet())));
                report.set(new ExecType(ExecType.TRADE));
                report.set(new OrdStatus(OrdStatus.FILLED));
                report.set(new LeavesQty(0));
                report.set(new CumQty(quantity));
                report.set(new LastQty(quantity));
                report.set(new LastPx(message.getDouble(Price.FIELD)));
                send(report, sessionId);
            }
        }

        /**
         * Cancel the day order named by OrigClOrdID, if it holds it; else refuse with an OrderCancelReject.
         */
        private void answerCancel(final Message request, final SessionID sessionId) throws FieldNotFound
        {
            final String clOrdId = request.getString(ClOrdID.FIELD);
            final String origClOrdId = request.getString(OrigClOrdID.FIELD);
            final String orderId = openOrderIds.remove(origClOrdId);
            if (orderId == null)
            {
                final OrderCancelReject reject = new OrderCancelReject(new OrderID("NONE"), new ClOrdID(clOrdId),
                    new OrigClOrdID(origClOrdId), new OrdStatus(OrdStatus.REJECTED),
                    new CxlRejResponseTo(CxlRejResponseTo.ORDER_CANCEL_REQUEST));
                try
                {
                    Session.sendToTarget(reject, sessionId);
                }
                catch (final SessionNotFound ex)
                {
                    throw new IllegalStateException(ex);
                }
                return;
            }
            final ExecutionReport report = new ExecutionReport(new OrderID(orderId),
                new ExecID(Long.toString(execIds.incrementAndGet())), new ExecType(ExecType.CANCELED),
                new OrdStatus(OrdStatus.CANCELED), new Side(request.getChar(Side.FIELD)), new LeavesQty(0),
                new CumQty(0), new AvgPx(0));
            report.set(new ClOrdID(clOrdId));
            report.set(new OrigClOrdID(origClOrdId));
            report.set(new Symbol(request.getString(Symbol.FIELD)));
            send(report, sessionId);
        }

        /**
         * ExecType I: a day order it holds is open (it never trades); any other is unknown.
         */
        private void answerStatus(final Message request, final SessionID sessionId) throws FieldNotFound
        {
            final String clOrdId = request.getString(ClOrdID.FIELD);
            final String orderId = openOrderIds.get(clOrdId);
            final ExecutionReport report = new ExecutionReport(new OrderID(orderId == null ? "NONE" : orderId),
                new ExecID(Long.toString(execIds.incrementAndGet())), new ExecType(ExecType.ORDER_STATUS),
                new OrdStatus(orderId == null ? OrdStatus.REJECTED : OrdStatus.NEW),
                new Side(request.getChar(Side.FIELD)), new LeavesQty(0), new CumQty(0), new AvgPx(0));
            report.set(new ClOrdID(clOrdId));
            report.set(new Symbol(request.getString(Symbol.FIELD)));
            if (orderId == null)
            {
                report.set(new OrdRejReason(OrdRejReason.UNKNOWN_ORDER));
                report.set(new Text("unknown order"));
            }
            send(report, sessionId);
        }

        private void work()
        {
            final long deadline = System.nanoTime() + perOrderNanos;
            for (long left = perOrderNanos; left > 0; left = deadline - System.nanoTime())
            {
                LockSupport.parkNanos(left);
            }
        }

        private void send(final ExecutionReport report, final SessionID sessionId)
        {
            try
            {
                Session.sendToTarget(report, sessionId);
            }
            catch (final SessionNotFound ex)
            {
                throw new IllegalStateException(ex);
            }
        }

        public void onCreate(final SessionID sessionId)
        {
        }

        public void onLogon(final SessionID sessionId)
        {
        }

        public void onLogout(final SessionID sessionId)
        {
        }

        public void toAdmin(final Message message, final SessionID sessionId)
        {
        }

        public void fromAdmin(final Message message, final SessionID sessionId)
            throws FieldNotFound, IncorrectTagValue
        {
            if (misbehaviour == Misbehaviour.IGNORES_RESENDS &&
                MsgType.RESEND_REQUEST.equals(message.getHeader().getString(MsgType.FIELD)))
            {
                throw new IncorrectTagValue(BeginSeqNo.FIELD);
            }
        }

        public void toApp(final Message message, final SessionID sessionId)
        {
        }
    }
}
