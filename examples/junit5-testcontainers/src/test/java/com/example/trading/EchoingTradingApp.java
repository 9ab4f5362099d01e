package com.example.trading;

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
import quickfix.field.MDEntryID;
import quickfix.field.MDEntryPx;
import quickfix.field.MDEntrySize;
import quickfix.field.MDEntryType;
import quickfix.field.MDReqID;
import quickfix.field.MarketDepth;
import quickfix.field.NoMDEntries;
import quickfix.field.OrdType;
import quickfix.field.OrderQty;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.SubscriptionRequestType;
import quickfix.field.Symbol;
import quickfix.field.Text;
import quickfix.field.TimeInForce;
import quickfix.field.TransactTime;
import quickfix.fix44.ExecutionReport;
import quickfix.fix44.MarketDataIncrementalRefresh;
import quickfix.fix44.MarketDataRequest;
import quickfix.fix44.NewOrderSingle;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Stand-in for our trading application: a QuickFIX/J FIX 4.4 client that takes market data over FIX and answers
 * each trigger with an order. Sonde's market marks a trigger as an incremental refresh entry with Text (58) =
 * {@code TRIGGER}; we answer it with an immediate-or-cancel limit order on the other side, at its price and size,
 * and echo its MDEntryID (278) in our order's Text (58), so that Sonde knows which market data event caused which
 * order (docs/tick-to-trade.md in Sonde's repository).
 */
final class EchoingTradingApp implements AutoCloseable
{
    private static final String TRIGGER = "TRIGGER";

    private final SessionID session;
    private final List<String> symbols;
    private final SocketInitiator initiator;
    private final CountDownLatch subscribed = new CountDownLatch(1);
    private final AtomicInteger ordersSent = new AtomicInteger();
    private final AtomicInteger executionReports = new AtomicInteger();

    /**
     * @param host         the market's host, as this JVM reaches it.
     * @param port         the market's FIX port, as this JVM reaches it.
     * @param targetCompId the market's CompID.
     * @param symbols      the symbols we trade: we subscribe to each.
     */
    EchoingTradingApp(final String host, final int port, final String targetCompId, final List<String> symbols)
        throws Exception
    {
        this.symbols = symbols;
        session = new SessionID("FIX.4.4", "ALGO1", targetCompId);
        final SessionSettings settings = new SessionSettings();
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
        settings.setString(session, "SocketTcpNoDelay", "Y");
        initiator = new SocketInitiator(new Reactions(), new MemoryStoreFactory(), settings, null,
            new DefaultMessageFactory());
        initiator.start();
    }

    /**
     * @return whether we logged on and subscribed within the time.
     */
    boolean awaitSubscribed(final long timeout, final TimeUnit unit) throws InterruptedException
    {
        return subscribed.await(timeout, unit);
    }

    int ordersSent()
    {
        return ordersSent.get();
    }

    int executionReports()
    {
        return executionReports.get();
    }

    public void close()
    {
        initiator.stop();
    }

    private void subscribe() throws SessionNotFound
    {
        final MarketDataRequest request = new MarketDataRequest(new MDReqID("book"),
            new SubscriptionRequestType(SubscriptionRequestType.SNAPSHOT_UPDATES), new MarketDepth(0));
        for (final char type : new char[] {MDEntryType.BID, MDEntryType.OFFER})
        {
            final MarketDataRequest.NoMDEntryTypes entryType = new MarketDataRequest.NoMDEntryTypes();
            entryType.set(new MDEntryType(type));
            request.addGroup(entryType);
        }
        for (final String symbol : symbols)
        {
            final MarketDataRequest.NoRelatedSym related = new MarketDataRequest.NoRelatedSym();
            related.set(new Symbol(symbol));
            request.addGroup(related);
        }
        Session.sendToTarget(request, session);
    }

    private void react(final Group trigger) throws FieldNotFound, SessionNotFound
    {
        final char side = trigger.getChar(MDEntryType.FIELD) == MDEntryType.BID ? Side.SELL : Side.BUY;
        final NewOrderSingle order = new NewOrderSingle(new ClOrdID("ALGO-" + ordersSent.incrementAndGet()),
            new Side(side), new TransactTime(), new OrdType(OrdType.LIMIT));
        order.set(new Symbol(trigger.getString(Symbol.FIELD)));
        // The trigger's own price and size, as written: no rounding on the way.
        order.setString(Price.FIELD, trigger.getString(MDEntryPx.FIELD));
        order.setString(OrderQty.FIELD, trigger.getString(MDEntrySize.FIELD));
        order.set(new TimeInForce(TimeInForce.IMMEDIATE_OR_CANCEL));
        // The echo: the trigger's MDEntryID in Text (58), Sonde's default echo tag.
        order.set(new Text(trigger.getString(MDEntryID.FIELD)));
        Session.sendToTarget(order, session);
    }

    private final class Reactions implements Application
    {
        public void onCreate(final SessionID sessionId)
        {
        }

        public void onLogon(final SessionID sessionId)
        {
            try
            {
                subscribe();
                subscribed.countDown();
            }
            catch (final SessionNotFound ex)
            {
                throw new IllegalStateException(ex);
            }
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
            if (message instanceof MarketDataIncrementalRefresh refresh)
            {
                for (final Group entry : refresh.getGroups(NoMDEntries.FIELD))
                {
                    if (entry.isSetField(Text.FIELD) && TRIGGER.equals(entry.getString(Text.FIELD)))
                    {
                        try
                        {
                            react(entry);
                        }
                        catch (final SessionNotFound ex)
                        {
                            throw new IllegalStateException(ex);
                        }
                    }
                }
            }
            else if (message instanceof ExecutionReport)
            {
                executionReports.incrementAndGet();
            }
        }
    }
}
