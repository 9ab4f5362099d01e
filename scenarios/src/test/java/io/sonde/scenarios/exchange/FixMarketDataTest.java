package io.sonde.scenarios.exchange;

import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.gateway.UserDirectory;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import quickfix.Application;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.Group;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.MDReqID;
import quickfix.field.MarketDepth;
import quickfix.field.MsgType;
import quickfix.field.SubscriptionRequestType;
import quickfix.fix44.MarketDataIncrementalRefresh;
import quickfix.fix44.MarketDataRequest;
import quickfix.fix44.MarketDataSnapshotFullRefresh;

import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bundled exchange serves FIX 4.4 market data to any FIX 4.4 client: QuickFIX/J, validating every message
 * it receives against its standard FIX 4.4 dictionary, subscribes and receives a full refresh, then incremental
 * refreshes naming its own orders by the OrderIDs of their ExecutionReports.
 */
@Timeout(120)
class FixMarketDataTest
{
    private static final long WAIT_MS = 10_000;
    private static final long QUIET_MS = 1_000;
    private static final int ENTRIES = 268;
    private static final int MD_ENTRY_ID = 278;

    private final Map<String, BlockingQueue<Message>> received = new ConcurrentHashMap<>();
    private final List<Message> rejectsSent = new CopyOnWriteArrayList<>();
    private final CountDownLatch loggedOn = new CountDownLatch(1);
    private EmbeddedExchange exchange;
    private SocketInitiator initiator;
    private SessionID session;
    private int orders;

    @BeforeEach
    void start() throws Exception
    {
        exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false);
        session = new SessionID("FIX.4.4", "QFJMD", "EXCH");
        final SessionSettings settings = new SessionSettings();
        settings.setString(session, "ConnectionType", "initiator");
        settings.setString(session, "SocketConnectHost", "127.0.0.1");
        settings.setLong(session, "SocketConnectPort", exchange.port());
        settings.setString(session, "StartTime", "00:00:00");
        settings.setString(session, "EndTime", "00:00:00");
        settings.setLong(session, "HeartBtInt", 30);
        settings.setLong(session, "ReconnectInterval", 1);
        settings.setString(session, "ResetOnLogon", "Y");
        settings.setString(session, "UseDataDictionary", "Y");
        settings.setString(session, "DataDictionary", "FIX44.xml");
        settings.setString(session, "ValidateIncomingMessage", "Y");
        initiator = new SocketInitiator(new Client(), new MemoryStoreFactory(), settings, null,
            new DefaultMessageFactory());
        initiator.start();
        assertTrue(loggedOn.await(WAIT_MS, TimeUnit.MILLISECONDS), "QuickFIX/J logged on");
    }

    @AfterEach
    void stop() throws Exception
    {
        if (initiator != null)
        {
            initiator.stop(true);
        }
        if (exchange != null)
        {
            exchange.close();
        }
    }

    @Test
    void aSubscriberReceivesAFullRefreshThenIncrementalRefreshesNamingItsOwnOrders() throws Exception
    {
        send(subscription("md-a", SubscriptionRequestType.SNAPSHOT_UPDATES, "SONDE.A"));
        final Message fullRefresh = next(MsgType.MARKET_DATA_SNAPSHOT_FULL_REFRESH);
        assertEquals("SONDE.A", fullRefresh.getString(55));
        assertEquals("md-a", fullRefresh.getString(262));

        final String resting = orderId(newOrder('1', 10, "100.5"));
        final Group added = onlyEntry(next(MsgType.MARKET_DATA_INCREMENTAL_REFRESH));
        assertEquals("0", added.getString(279), "new");
        assertEquals("0", added.getString(269), "bid");
        assertEquals(resting, added.getString(MD_ENTRY_ID));
        assertEquals(100.5, added.getDouble(270));
        assertEquals(10, added.getInt(271));

        final String aggressor = orderId(newOrder('2', 4, "100"));
        final Message traded = next(MsgType.MARKET_DATA_INCREMENTAL_REFRESH);
        assertEquals(2, traded.getInt(ENTRIES), traded.toString());
        final Group trade = entry(traded, 1);
        assertEquals("2", trade.getString(269), "trade");
        assertEquals(aggressor, trade.getString(MD_ENTRY_ID));
        assertEquals(100.5, trade.getDouble(270));
        assertEquals(4, trade.getInt(271));
        final Group restingNow = entry(traded, 2);
        assertEquals("1", restingNow.getString(279), "change");
        assertEquals(resting, restingNow.getString(MD_ENTRY_ID));
        assertEquals(6, restingNow.getInt(271));

        send(subscription("md-a", SubscriptionRequestType.DISABLE_PREVIOUS_SNAPSHOT_UPDATE_REQUEST, "SONDE.A"));
        orderId(newOrder('1', 1, "99"));
        assertNull(queue(MsgType.MARKET_DATA_INCREMENTAL_REFRESH).poll(QUIET_MS, TimeUnit.MILLISECONDS),
            "no incremental refresh after the unsubscribe");
        assertTrue(rejectsSent.isEmpty(), "QuickFIX/J rejected nothing: " + rejectsSent);
    }

    @Test
    void aSubscriberThatJoinsLateGetsTheRestingOrdersInItsFullRefresh() throws Exception
    {
        final String bid = orderId(newOrder('1', 10, "100"));
        final String offer = orderId(newOrder('2', 3, "101.25"));

        send(subscription("md-late", SubscriptionRequestType.SNAPSHOT, "SONDE.A"));
        final Message fullRefresh = next(MsgType.MARKET_DATA_SNAPSHOT_FULL_REFRESH);

        assertEquals(2, fullRefresh.getInt(ENTRIES), fullRefresh.toString());
        final Group first = new MarketDataSnapshotFullRefresh.NoMDEntries();
        fullRefresh.getGroup(1, first);
        assertEquals("0", first.getString(269));
        assertEquals(bid, first.getString(37));
        final Group second = new MarketDataSnapshotFullRefresh.NoMDEntries();
        fullRefresh.getGroup(2, second);
        assertEquals("1", second.getString(269));
        assertEquals(offer, second.getString(37));
        assertEquals(101.25, second.getDouble(270));
        assertTrue(rejectsSent.isEmpty(), "QuickFIX/J rejected nothing: " + rejectsSent);
    }

    @Test
    void anUnknownSymbolGetsAMarketDataRequestRejectNamingIt() throws Exception
    {
        send(subscription("md-x", SubscriptionRequestType.SNAPSHOT_UPDATES, "SONDE.A", "NOPE"));

        final Message reject = next(MsgType.MARKET_DATA_REQUEST_REJECT);
        assertEquals("md-x", reject.getString(262));
        assertEquals("0", reject.getString(281));
        assertTrue(reject.getString(58).contains("NOPE"), reject.toString());
        assertNull(queue(MsgType.MARKET_DATA_SNAPSHOT_FULL_REFRESH).poll(QUIET_MS, TimeUnit.MILLISECONDS));
    }

    @Test
    void aRequestNamingNoSymbolGetsASessionRejectForNoRelatedSym() throws Exception
    {
        final MarketDataRequest request = subscription("md-none", SubscriptionRequestType.SNAPSHOT_UPDATES);
        request.setInt(146, 0);
        send(request);

        final Message reject = next(MsgType.REJECT);
        assertEquals(146, reject.getInt(371), reject.toString());
        assertEquals(1, reject.getInt(373), reject.toString());
        assertEquals("V", reject.getString(372));

        send(subscription("md-after", SubscriptionRequestType.SNAPSHOT, "SONDE.B"));
        assertEquals("SONDE.B", next(MsgType.MARKET_DATA_SNAPSHOT_FULL_REFRESH).getString(55),
            "the session carries on");
    }

    @Test
    void aRequestWithoutMdReqIdGetsASessionRejectNamingIt() throws Exception
    {
        final MarketDataRequest request = subscription("md-gone", SubscriptionRequestType.SNAPSHOT, "SONDE.A");
        request.removeField(262);
        send(request);

        final Message reject = next(MsgType.REJECT);
        assertEquals(262, reject.getInt(371), reject.toString());
        assertEquals(1, reject.getInt(373), reject.toString());
    }

    private static MarketDataRequest subscription(final String mdReqId, final char type, final String... symbols)
    {
        final MarketDataRequest request =
            new MarketDataRequest(new MDReqID(mdReqId), new SubscriptionRequestType(type), new MarketDepth(0));
        for (final char entryType : new char[] {'0', '1', '2'})
        {
            final MarketDataRequest.NoMDEntryTypes group = new MarketDataRequest.NoMDEntryTypes();
            group.setChar(269, entryType);
            request.addGroup(group);
        }
        for (final String symbol : symbols)
        {
            final MarketDataRequest.NoRelatedSym group = new MarketDataRequest.NoRelatedSym();
            group.setString(55, symbol);
            request.addGroup(group);
        }
        return request;
    }

    private Message newOrder(final char side, final int quantity, final String price) throws Exception
    {
        final quickfix.fix44.NewOrderSingle order = new quickfix.fix44.NewOrderSingle(
            new quickfix.field.ClOrdID("qfj-" + (++orders)), new quickfix.field.Side(side),
            new quickfix.field.TransactTime(), new quickfix.field.OrdType(quickfix.field.OrdType.LIMIT));
        order.setString(55, "SONDE.A");
        order.setInt(38, quantity);
        order.setString(44, price);
        send(order);
        return next(MsgType.EXECUTION_REPORT);
    }

    /**
     * @return the order's OrderID (37), from its first ExecutionReport: an acknowledgement, or a fill for an
     * order that traded on arrival.
     */
    private static String orderId(final Message executionReport) throws FieldNotFound
    {
        assertNotEquals("8", executionReport.getString(39), "not rejected: " + executionReport);
        return executionReport.getString(37);
    }

    private static Group onlyEntry(final Message incremental) throws FieldNotFound
    {
        assertEquals(1, incremental.getInt(ENTRIES), incremental.toString());
        return entry(incremental, 1);
    }

    private static Group entry(final Message incremental, final int number) throws FieldNotFound
    {
        final Group entry = new MarketDataIncrementalRefresh.NoMDEntries();
        incremental.getGroup(number, entry);
        return entry;
    }

    private void send(final Message message) throws Exception
    {
        assertTrue(Session.sendToTarget(message, session));
    }

    private Message next(final String msgType) throws InterruptedException
    {
        final Message message = queue(msgType).poll(WAIT_MS, TimeUnit.MILLISECONDS);
        assertNotNull(message, "a message of type " + msgType + " within " + WAIT_MS + " ms; received: " + received);
        return message;
    }

    private BlockingQueue<Message> queue(final String msgType)
    {
        return received.computeIfAbsent(msgType, type -> new LinkedBlockingQueue<>());
    }

    private final class Client implements Application
    {
        public void onCreate(final SessionID sessionId)
        {
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
            if (message.getHeader().isSetField(35) && MsgType.REJECT.equals(typeOf(message)))
            {
                rejectsSent.add(message);
            }
        }

        public void fromAdmin(final Message message, final SessionID sessionId)
        {
            collect(message);
        }

        public void toApp(final Message message, final SessionID sessionId)
        {
        }

        public void fromApp(final Message message, final SessionID sessionId)
        {
            collect(message);
        }

        private void collect(final Message message)
        {
            queue(typeOf(message)).add(message);
        }

        private String typeOf(final Message message)
        {
            try
            {
                return message.getHeader().getString(35);
            }
            catch (final FieldNotFound ex)
            {
                throw new IllegalStateException("a message without MsgType: " + message, ex);
            }
        }
    }
}
