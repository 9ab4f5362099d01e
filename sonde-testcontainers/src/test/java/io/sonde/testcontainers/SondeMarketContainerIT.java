package io.sonde.testcontainers;

import io.sonde.api.MarketSpec;
import io.sonde.api.RunReport;
import io.sonde.api.TickToTrade;
import io.sonde.api.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Application;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.Group;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionNotFound;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.ClOrdID;
import quickfix.field.MDReqID;
import quickfix.field.MarketDepth;
import quickfix.field.OrdType;
import quickfix.field.Side;
import quickfix.field.SubscriptionRequestType;
import quickfix.field.TimeInForce;
import quickfix.field.TransactTime;
import quickfix.fix44.MarketDataIncrementalRefresh;
import quickfix.fix44.MarketDataRequest;
import quickfix.fix44.NewOrderSingle;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The market's container in real Docker, with a minimal QuickFIX/J application in this JVM taking FIX market data
 * through the mapped port and answering each trigger, echoing it.
 */
@Timeout(300)
class SondeMarketContainerIT
{
    private static final String SYMBOL = "SONDE.A";

    @Test
    void itStartsOnceTheMarketListensAndReportsTheApplicationsTickToTradeOnceTheRunEnds(@TempDir final Path dir)
        throws Exception
    {
        final MarketSpec spec = MarketSpec.builder()
            .rate(500)
            .triggerEvery(5)
            .warmup(Duration.ofSeconds(1))
            .duration(Duration.ofSeconds(3))
            .maxSendLateness(Duration.ofMillis(200))
            .maxHiccup(Duration.ofMillis(500))
            .build();
        try (SondeMarketContainer market = SondeMarketContainer.market(spec)
            .withImagePullPolicy(image -> false)
            .withResultsOn(dir.resolve("market")))
        {
            market.start();
            assertTrue(market.getLogs().contains("sonde market: READY"), market.getLogs());

            final Echo echo = new Echo();
            final SocketInitiator app = new SocketInitiator(echo, new MemoryStoreFactory(),
                settings(market.fixHost(), market.fixPort(), market.targetCompId()), null,
                new DefaultMessageFactory());
            app.start();
            try
            {
                assertTrue(echo.subscribed.await(60, TimeUnit.SECONDS), "the application logged on and subscribed");
                final RunReport report = market.report(Duration.ofSeconds(120));

                System.out.println("sonde market in a container: " + report + "\n" + report.checks());
                assertNotEquals(Verdict.VOID, report.verdict(), report.checks().toString());
                final TickToTrade tickToTrade = report.tickToTrade().orElseThrow();
                assertTrue(tickToTrade.triggers() > 0, tickToTrade.toString());
                assertEquals(tickToTrade.triggers(), tickToTrade.answered(), tickToTrade.toString());
                assertTrue(echo.reactions.get() >= tickToTrade.answered(), "reactions " + echo.reactions);
                assertTrue(Files.isRegularFile(dir.resolve("market").resolve("summary.json")));
                assertEquals(report.verdict().exitCode().code(), market.exitCode());
            }
            finally
            {
                app.stop();
            }
        }
    }

    private static SessionSettings settings(final String host, final int port, final String targetCompId)
    {
        final SessionSettings settings = new SessionSettings();
        final SessionID session = new SessionID("FIX.4.4", "QFJIT", targetCompId);
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
        return settings;
    }

    /**
     * Subscribes on logon and answers each X entry marked 58=TRIGGER with an IOC order on the other side at its
     * price and size, its MDEntryID (278) in Text (58).
     */
    private static final class Echo implements Application
    {
        final CountDownLatch subscribed = new CountDownLatch(1);
        final AtomicInteger reactions = new AtomicInteger();

        public void onCreate(final SessionID sessionId)
        {
        }

        public void onLogon(final SessionID sessionId)
        {
            final MarketDataRequest request = new MarketDataRequest(new MDReqID("it"),
                new SubscriptionRequestType(SubscriptionRequestType.SNAPSHOT_UPDATES), new MarketDepth(0));
            for (final char type : new char[] {'0', '1'})
            {
                final MarketDataRequest.NoMDEntryTypes entryType = new MarketDataRequest.NoMDEntryTypes();
                entryType.setChar(269, type);
                request.addGroup(entryType);
            }
            final MarketDataRequest.NoRelatedSym related = new MarketDataRequest.NoRelatedSym();
            related.setString(55, SYMBOL);
            request.addGroup(related);
            send(request, sessionId);
            subscribed.countDown();
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
            if (!(message instanceof MarketDataIncrementalRefresh))
            {
                return;
            }
            for (final Group entry : message.getGroups(268))
            {
                if (entry.isSetField(58) && "TRIGGER".equals(entry.getString(58)))
                {
                    final NewOrderSingle order = new NewOrderSingle(new ClOrdID("IT" + reactions.incrementAndGet()),
                        new Side(entry.getChar(269) == '0' ? Side.SELL : Side.BUY), new TransactTime(),
                        new OrdType(OrdType.LIMIT));
                    order.setString(55, entry.getString(55));
                    order.setString(44, entry.getString(270));
                    order.setString(38, entry.getString(271));
                    order.set(new TimeInForce(TimeInForce.IMMEDIATE_OR_CANCEL));
                    order.setString(58, entry.getString(278));
                    send(order, sessionId);
                }
            }
        }

        private static void send(final Message message, final SessionID sessionId)
        {
            try
            {
                Session.sendToTarget(message, sessionId);
            }
            catch (final SessionNotFound ex)
            {
                throw new IllegalStateException(ex);
            }
        }
    }
}
