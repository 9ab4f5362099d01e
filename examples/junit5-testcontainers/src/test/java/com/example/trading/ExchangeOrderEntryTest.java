package com.example.trading;

import io.sonde.testcontainers.SondeExchangeContainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import quickfix.Application;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.ScreenLogFactory;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.ClOrdID;
import quickfix.field.ExecType;
import quickfix.field.OrdType;
import quickfix.field.OrderQty;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TimeInForce;
import quickfix.field.TransactTime;
import quickfix.fix44.ExecutionReport;
import quickfix.fix44.NewOrderSingle;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * (a) Functional: our own FIX client (plain QuickFIX/J) against Sonde's bundled exchange in a container.
 */
@Testcontainers
@Timeout(180)
class ExchangeOrderEntryTest
{
    /** Started once for the class, stopped after it. The image is built locally: never pull it. */
    @Container
    static final SondeExchangeContainer EXCHANGE = new SondeExchangeContainer()
        .withImagePullPolicy(image -> false)
        .withSymbols("SONDE.A", "SONDE.B");

    @Test
    void aLimitOrderIsAcknowledged() throws Exception
    {
        final Client client = new Client();
        final SocketInitiator initiator = new SocketInitiator(client, new MemoryStoreFactory(),
            settings(EXCHANGE.fixHost(), EXCHANGE.fixPort()), new ScreenLogFactory(true, false, false),
            new DefaultMessageFactory());
        initiator.start();
        try
        {
            assertTrue(client.loggedOn.await(30, TimeUnit.SECONDS), "no logon within 30 s");

            // A day limit order the exchange accepts: a symbol it trades, a positive quantity and price.
            final NewOrderSingle order = new NewOrderSingle(new ClOrdID("ORDER-1"), new Side(Side.BUY),
                new TransactTime(), new OrdType(OrdType.LIMIT));
            order.set(new Symbol("SONDE.A"));
            order.set(new OrderQty(100));
            order.set(new Price(100.25));
            order.set(new TimeInForce(TimeInForce.DAY));
            assertTrue(Session.sendToTarget(order, client.sessionId));

            final ExecutionReport report = client.executionReports.poll(30, TimeUnit.SECONDS);
            assertNotNull(report, "no ExecutionReport within 30 s");
            assertEquals("ORDER-1", report.getClOrdID().getValue());
            assertEquals(ExecType.NEW, report.getExecType().getValue(), report.toString());
        }
        finally
        {
            initiator.stop();
        }
    }

    private static SessionSettings settings(final String host, final int port)
    {
        final SessionSettings settings = new SessionSettings();
        final SessionID session = new SessionID("FIX.4.4", "TRADER1", "EXCH");
        settings.setString(session, "ConnectionType", "initiator");
        settings.setString(session, "SocketConnectHost", host);
        settings.setLong(session, "SocketConnectPort", port);
        settings.setString(session, "StartTime", "00:00:00");
        settings.setString(session, "EndTime", "00:00:00");
        settings.setLong(session, "HeartBtInt", 30);
        settings.setLong(session, "ReconnectInterval", 1);
        settings.setString(session, "ResetOnLogon", "Y");
        settings.setString(session, "UseDataDictionary", "Y");
        settings.setString(session, "DataDictionary", "FIX44.xml");
        settings.setString(session, "AllowUnknownMsgFields", "Y");
        return settings;
    }

    /**
     * Counts the logon and queues every ExecutionReport.
     */
    static final class Client implements Application
    {
        final CountDownLatch loggedOn = new CountDownLatch(1);
        final BlockingQueue<ExecutionReport> executionReports = new LinkedBlockingQueue<>();
        volatile SessionID sessionId;

        public void onCreate(final SessionID sessionId)
        {
            this.sessionId = sessionId;
        }

        public void onLogon(final SessionID sessionId)
        {
            loggedOn.countDown();
        }

        public void onLogout(final SessionID sessionId)
        {
        }

        public void toAdmin(final Message message, final SessionID sessionId)
        {
        }

        public void fromAdmin(final Message message, final SessionID sessionId)
        {
        }

        public void toApp(final Message message, final SessionID sessionId)
        {
        }

        public void fromApp(final Message message, final SessionID sessionId) throws FieldNotFound
        {
            if (message instanceof ExecutionReport report)
            {
                executionReports.add(report);
            }
        }
    }
}
