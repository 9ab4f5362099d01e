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
import quickfix.UtcTimestampPrecision;
import quickfix.field.AvgPx;
import quickfix.field.BeginSeqNo;
import quickfix.field.ClOrdID;
import quickfix.field.CumQty;
import quickfix.field.ExecID;
import quickfix.field.ExecType;
import quickfix.field.LastPx;
import quickfix.field.LastQty;
import quickfix.field.LeavesQty;
import quickfix.field.MsgType;
import quickfix.field.OrdStatus;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TimeInForce;
import quickfix.field.TransactTime;
import quickfix.fix44.ExecutionReport;

import java.net.ServerSocket;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A venue on QuickFIX/J, not Artio: it acknowledges every NewOrderSingle with an ExecutionReport stamped, as
 * QuickFIX/J stamps, with TransactTime (60) and SendingTime (52) in microseconds on its own clock, and fills an
 * immediate-or-cancel order at once in a second report. It can take a set time over each order, on its one
 * thread: a venue that keeps up below one order per that time and queues above it.
 */
final class QuickFixJVenue implements AutoCloseable
{
    private final SocketAcceptor acceptor;
    private final int port;
    private final AtomicLong execIds = new AtomicLong();
    private final long perOrderNanos;
    private final boolean ignoresResends;

    QuickFixJVenue() throws Exception
    {
        this(Duration.ZERO);
    }

    /**
     * @param perOrder how long the venue works on each NewOrderSingle before it answers.
     */
    QuickFixJVenue(final Duration perOrder) throws Exception
    {
        this(perOrder, 1, false);
    }

    /**
     * @param perOrder       how long the venue works on each NewOrderSingle before it answers.
     * @param sessions       how many of Sonde's sessions it takes: SONDE1, SONDE2, ...
     * @param ignoresResends whether it refuses every ResendRequest (with a session Reject) instead of resending: a
     *                       venue whose session layer never recovers a gap.
     */
    QuickFixJVenue(final Duration perOrder, final int sessions, final boolean ignoresResends) throws Exception
    {
        perOrderNanos = perOrder.toNanos();
        this.ignoresResends = ignoresResends;
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

    public void close()
    {
        acceptor.stop(true);
    }

    private final class Answers implements Application
    {
        public void fromApp(final Message message, final SessionID sessionId) throws FieldNotFound
        {
            if (!MsgType.ORDER_SINGLE.equals(message.getHeader().getString(MsgType.FIELD)))
            {
                return;
            }
            work();
            final ExecutionReport report = new ExecutionReport(new OrderID("Q1"),
                new ExecID(Long.toString(execIds.incrementAndGet())), new ExecType(ExecType.NEW),
                new OrdStatus(OrdStatus.NEW), new Side(message.getChar(Side.FIELD)),
                new LeavesQty(message.getDouble(OrderQty.FIELD)), new CumQty(0), new AvgPx(0));
            report.set(new ClOrdID(message.getString(ClOrdID.FIELD)));
            report.set(new Symbol(message.getString(Symbol.FIELD)));
            report.setUtcTimeStamp(TransactTime.FIELD, LocalDateTime.now(ZoneOffset.UTC), UtcTimestampPrecision.MICROS);
            send(report, sessionId);
            if (message.isSetField(TimeInForce.FIELD) &&
                message.getChar(TimeInForce.FIELD) == TimeInForce.IMMEDIATE_OR_CANCEL)
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
            if (ignoresResends && MsgType.RESEND_REQUEST.equals(message.getHeader().getString(MsgType.FIELD)))
            {
                throw new IncorrectTagValue(BeginSeqNo.FIELD);
            }
        }

        public void toApp(final Message message, final SessionID sessionId)
        {
        }
    }
}
