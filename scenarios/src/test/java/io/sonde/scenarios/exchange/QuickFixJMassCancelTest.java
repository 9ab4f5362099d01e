package io.sonde.scenarios.exchange;

import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.gateway.UserDirectory;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import quickfix.ApplicationAdapter;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.ClOrdID;
import quickfix.field.ExecType;
import quickfix.field.MassCancelRejectReason;
import quickfix.field.MassCancelRequestType;
import quickfix.field.MassCancelResponse;
import quickfix.field.MsgType;
import quickfix.field.OrdType;
import quickfix.field.Side;
import quickfix.field.TimeInForce;
import quickfix.field.TotalAffectedOrders;
import quickfix.field.TransactTime;
import quickfix.fix44.NewOrderSingle;
import quickfix.fix44.OrderMassCancelRequest;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client on QuickFIX/J, not Sonde, validating what it receives against its own FIX 4.4 dictionary, mass cancels
 * its orders at the bundled exchange: an ExecutionReport (ExecType 4) for each, then an OrderMassCancelReport that
 * counts them; a request type the exchange does not serve comes back rejected, with the reason.
 */
@Timeout(120)
class QuickFixJMassCancelTest
{
    private static final long ANSWER_SECONDS = 10;

    private final BlockingQueue<Message> received = new LinkedBlockingQueue<>();
    private final CountDownLatch loggedOn = new CountDownLatch(1);

    @Test
    void aQuickFixJClientsMassCancelEndsItsOrdersAndIsReportedInValidFix44() throws Exception
    {
        try (EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false))
        {
            final SessionID session = new SessionID("FIX.4.4", "QFJMASS", "EXCH");
            final SocketInitiator initiator = new SocketInitiator(new Client(), new MemoryStoreFactory(),
                settings(session, exchange.port()), null, new DefaultMessageFactory());
            initiator.start();
            try
            {
                assertTrue(loggedOn.await(30, TimeUnit.SECONDS), "QuickFIX/J logged on");
                for (int i = 1; i <= 3; i++)
                {
                    assertTrue(Session.sendToTarget(order(i), session));
                    assertEquals(ExecType.NEW, next(MsgType.EXECUTION_REPORT).getChar(ExecType.FIELD), "resting");
                }

                assertTrue(Session.sendToTarget(new OrderMassCancelRequest(new ClOrdID("qfj-mc-1"),
                    new MassCancelRequestType(MassCancelRequestType.CANCEL_ALL_ORDERS), new TransactTime()), session));
                for (int i = 1; i <= 3; i++)
                {
                    assertEquals(ExecType.CANCELED, next(MsgType.EXECUTION_REPORT).getChar(ExecType.FIELD));
                }
                final Message report = next(MsgType.ORDER_MASS_CANCEL_REPORT);
                assertEquals("qfj-mc-1", report.getString(ClOrdID.FIELD));
                assertEquals(MassCancelResponse.CANCEL_ALL_ORDERS, report.getChar(MassCancelResponse.FIELD));
                assertEquals(3, report.getInt(TotalAffectedOrders.FIELD));

                assertTrue(Session.sendToTarget(new OrderMassCancelRequest(new ClOrdID("qfj-mc-2"),
                    new MassCancelRequestType(MassCancelRequestType.CANCEL_ORDERS_FOR_A_SECURITYTYPE),
                    new TransactTime()), session));
                final Message refused = next(MsgType.ORDER_MASS_CANCEL_REPORT);
                assertEquals(MassCancelResponse.CANCEL_REQUEST_REJECTED_SEE_MASSCANCELREJECTREASON,
                    refused.getChar(MassCancelResponse.FIELD));
                assertEquals(MassCancelRejectReason.MASS_CANCEL_NOT_SUPPORTED,
                    refused.getInt(MassCancelRejectReason.FIELD));
                assertTrue(refused.getString(58).contains("MassCancelRequestType 5 is not supported"),
                    refused.toString());
                assertEquals(List.of(), List.copyOf(received), "nothing else came");
            }
            finally
            {
                initiator.stop(true);
            }
        }
    }

    /**
     * @return the next application message, which must be of {@code msgType}.
     */
    private Message next(final String msgType) throws Exception
    {
        final Message message = received.poll(ANSWER_SECONDS, TimeUnit.SECONDS);
        assertNotNull(message, "no " + msgType + " within " + ANSWER_SECONDS + " s");
        assertEquals(msgType, message.getHeader().getString(MsgType.FIELD), message.toString());
        return message;
    }

    /**
     * Bids far below each other's asks: they rest.
     */
    private static NewOrderSingle order(final int number)
    {
        final NewOrderSingle order = new NewOrderSingle(new ClOrdID("qfj-rest-" + number), new Side(Side.BUY),
            new TransactTime(), new OrdType(OrdType.LIMIT));
        order.setString(55, "SONDE.A");
        order.setInt(38, 10);
        order.setString(44, "1." + number);
        order.set(new TimeInForce(TimeInForce.DAY));
        return order;
    }

    private static SessionSettings settings(final SessionID session, final int port)
    {
        final SessionSettings settings = new SessionSettings();
        settings.setString(session, "ConnectionType", "initiator");
        settings.setString(session, "SocketConnectHost", "127.0.0.1");
        settings.setLong(session, "SocketConnectPort", port);
        settings.setString(session, "StartTime", "00:00:00");
        settings.setString(session, "EndTime", "00:00:00");
        settings.setLong(session, "HeartBtInt", 30);
        settings.setLong(session, "ReconnectInterval", 1);
        settings.setString(session, "ResetOnLogon", "Y");
        settings.setString(session, "UseDataDictionary", "Y");
        settings.setString(session, "DataDictionary", "FIX44.xml");
        settings.setString(session, "ValidateIncomingMessage", "Y");
        return settings;
    }

    private final class Client extends ApplicationAdapter
    {
        public void onLogon(final SessionID sessionId)
        {
            loggedOn.countDown();
        }

        public void fromApp(final Message message, final SessionID sessionId) throws FieldNotFound
        {
            received.add(message);
        }
    }
}
