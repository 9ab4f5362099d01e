package io.sonde.acceptor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import quickfix.Application;
import quickfix.DataDictionary;
import quickfix.DefaultMessageFactory;
import quickfix.Field;
import quickfix.FieldMap;
import quickfix.FieldNotFound;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.ClOrdID;
import quickfix.field.ExecType;
import quickfix.field.MsgType;
import quickfix.field.OrdType;
import quickfix.field.OrderQty;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TransactTime;
import quickfix.fix44.NewOrderSingle;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A QuickFIX/J initiator with its default settings (it validates every message against the standard FIX 4.4
 * dictionary, user-defined fields and field order included) logs on to the reference acceptor and trades: the
 * acceptor's Logon answer carries no field outside the standard dictionary (no CancelOnDisconnectType 35002 or
 * CODTimeoutWindow 35003 that Artio's session proxy would fill in), and no message of the session is rejected.
 */
class QuickFixJInitiatorTest
{
    private static final long WAIT_SECONDS = 20;

    @Test
    @Timeout(60)
    void aQuickFixJInitiatorWithDefaultSettingsLogsOnAndGetsExecutionReports() throws Exception
    {
        final Recorder recorder = new Recorder();
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null))
        {
            final SessionID sessionId = new SessionID("FIX.4.4", "QFJ1", ReferenceAcceptor.ACCEPTOR_COMP_ID);
            final SocketInitiator initiator = new SocketInitiator(recorder, new MemoryStoreFactory(),
                settings(sessionId, acceptor.port()), null, new DefaultMessageFactory());
            initiator.start();
            try
            {
                final Message logon = recorder.admin.poll(WAIT_SECONDS, TimeUnit.SECONDS);
                assertNotNull(logon, "no Logon answer the initiator took; it sent " + recorder.refused);
                assertEquals(MsgType.LOGON, logon.getHeader().getString(MsgType.FIELD));
                assertEquals(List.of(), outsideTheDictionary(logon), logon.toString());

                Session.sendToTarget(order("Q1"), sessionId);
                final Message report = recorder.application.poll(WAIT_SECONDS, TimeUnit.SECONDS);
                assertNotNull(report, "no ExecutionReport");
                assertEquals(MsgType.EXECUTION_REPORT, report.getHeader().getString(MsgType.FIELD));
                assertEquals(ExecType.NEW, report.getChar(ExecType.FIELD));
                assertEquals("Q1", report.getString(ClOrdID.FIELD));
                assertTrue(recorder.refused.isEmpty(), "the initiator refused: " + recorder.refused);
            }
            finally
            {
                initiator.stop(true);
            }
        }
    }

    private static SessionSettings settings(final SessionID sessionId, final int port)
    {
        final SessionSettings settings = new SessionSettings();
        settings.setString(sessionId, "ConnectionType", "initiator");
        settings.setString(sessionId, "SocketConnectHost", "127.0.0.1");
        settings.setLong(sessionId, "SocketConnectPort", port);
        settings.setString(sessionId, "StartTime", "00:00:00");
        settings.setString(sessionId, "EndTime", "00:00:00");
        settings.setLong(sessionId, "HeartBtInt", 30);
        settings.setLong(sessionId, "ReconnectInterval", 1);
        return settings;
    }

    private static NewOrderSingle order(final String clOrdId)
    {
        final NewOrderSingle order = new NewOrderSingle(new ClOrdID(clOrdId), new Side(Side.BUY),
            new TransactTime(LocalDateTime.now()), new OrdType(OrdType.LIMIT));
        order.set(new Symbol("SONDE.A"));
        order.set(new OrderQty(100));
        order.set(new Price(100.5));
        return order;
    }

    /**
     * @return the tags of the Logon that the standard FIX 4.4 dictionary does not define for a Logon.
     */
    private static List<Integer> outsideTheDictionary(final Message logon) throws Exception
    {
        final DataDictionary dictionary = new DataDictionary("FIX44.xml");
        final List<Integer> outside = new ArrayList<>();
        for (final int tag : tags(logon.getHeader()))
        {
            if (!dictionary.isHeaderField(tag))
            {
                outside.add(tag);
            }
        }
        for (final int tag : tags(logon))
        {
            if (!dictionary.isMsgField(MsgType.LOGON, tag))
            {
                outside.add(tag);
            }
        }
        for (final int tag : tags(logon.getTrailer()))
        {
            if (!dictionary.isTrailerField(tag))
            {
                outside.add(tag);
            }
        }
        return outside;
    }

    private static List<Integer> tags(final FieldMap fields)
    {
        final List<Integer> tags = new ArrayList<>();
        for (final Iterator<Field<?>> field = fields.iterator(); field.hasNext(); )
        {
            tags.add(field.next().getTag());
        }
        return tags;
    }

    /**
     * What the initiator heard from the acceptor, and every Reject or Logout it sent back.
     */
    private static final class Recorder implements Application
    {
        private final BlockingQueue<Message> admin = new LinkedBlockingQueue<>();
        private final BlockingQueue<Message> application = new LinkedBlockingQueue<>();
        private final List<String> refused = new CopyOnWriteArrayList<>();

        public void fromAdmin(final Message message, final SessionID sessionId) throws FieldNotFound
        {
            if (MsgType.LOGON.equals(message.getHeader().getString(MsgType.FIELD)))
            {
                admin.add(message);
            }
        }

        public void toAdmin(final Message message, final SessionID sessionId)
        {
            try
            {
                final String type = message.getHeader().getString(MsgType.FIELD);
                if (MsgType.REJECT.equals(type) || MsgType.LOGOUT.equals(type))
                {
                    refused.add(message.toString());
                }
            }
            catch (final FieldNotFound ex)
            {
                refused.add("a message without MsgType: " + message);
            }
        }

        public void fromApp(final Message message, final SessionID sessionId)
        {
            application.add(message);
        }

        public void toApp(final Message message, final SessionID sessionId)
        {
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
    }
}
