package io.sonde.inprocess.market;

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
import quickfix.field.MDEntryPx;
import quickfix.field.MDEntrySize;
import quickfix.field.MDReqID;
import quickfix.field.MarketDepth;
import quickfix.field.MsgType;
import quickfix.field.OrdType;
import quickfix.field.OrderQty;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.SubscriptionRequestType;
import quickfix.field.Symbol;
import quickfix.field.Text;
import quickfix.field.TimeInForce;
import quickfix.field.TransactTime;
import quickfix.fix44.MarketDataRequest;
import quickfix.fix44.NewOrderSingle;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A trading application that shares no code with Sonde: QuickFIX/J, validating everything it receives against its
 * standard {@code FIX44.xml} (user-defined fields too), logs on to the market as a FIX 4.4 initiator, subscribes to
 * its symbols' market data (V: 263=1, 264=0, 267 with 0 and 1, 146 with the symbols) and answers each entry of an
 * incremental refresh (X) that carries 58=TRIGGER with an immediate-or-cancel limit NewOrderSingle on the other side
 * at the entry's price and size, echoing its MDEntryID (278) in Text (58). Everything runs on QuickFIX/J's own
 * thread, which blocks on its socket: it is not a busy thread.
 * <p>
 * It counts what a test judges the market by: the triggers it saw, the reactions it sent, the orders it sent without
 * an echo ({@link Mode#ALSO_UNMARKED_ORDERS}), the ExecutionReports and their rejects, and every session Reject or
 * BusinessMessageReject it sent or received: QuickFIX/J sends a Reject for any message its dictionary refuses.
 */
final class QuickFixJReactor implements AutoCloseable
{
    /** The text of a trigger's entry in an incremental refresh. */
    static final String TRIGGER = "TRIGGER";
    /** The reactor's SenderCompID. */
    static final String SENDER_COMP_ID = "QFJAPP";
    /** After this many reactions, {@link Mode#ALSO_UNMARKED_ORDERS} sends one order without an echo. */
    static final int UNMARKED_EVERY = 5;
    /** The reaction after which {@link #withOneOrderWithoutPrice()} sends its malformed order. */
    static final int MALFORMED_AFTER = 20;

    private static final int MD_ENTRIES = 268;
    private static final int MD_ENTRY_ID = 278;
    private static final int MD_ENTRY_TYPE = 269;
    private static final int EXEC_TYPE = 150;
    private static final char REJECTED = '8';

    /**
     * How the application behaves.
     */
    enum Mode
    {
        /** Answers every trigger, echoing it. */
        REACTS,
        /** Answers every trigger, and after every {@link #UNMARKED_EVERY}th reaction sends one more order, same
         *  symbol, side and price, without Text (58): an order that names no trigger. */
        ALSO_UNMARKED_ORDERS,
        /** Logs on and subscribes, and never sends an order. */
        NEVER_REACTS
    }

    private final Mode mode;
    private final List<String> symbols;
    private final SessionID session;
    private final SocketInitiator initiator;
    private final CountDownLatch loggedOn = new CountDownLatch(1);
    private final AtomicInteger triggersSeen = new AtomicInteger();
    private final AtomicInteger entriesMarkedOtherwise = new AtomicInteger();
    private final AtomicInteger reactions = new AtomicInteger();
    private final AtomicInteger executionReports = new AtomicInteger();
    private final AtomicInteger ordersSent = new AtomicInteger();
    private final List<String> unmarkedOrders = new CopyOnWriteArrayList<>();
    private final List<String> orderRejects = new CopyOnWriteArrayList<>();
    private final List<String> rejectsSent = new CopyOnWriteArrayList<>();
    private final List<String> rejectsReceived = new CopyOnWriteArrayList<>();
    private volatile boolean oneOrderWithoutPrice;

    /**
     * Connects (QuickFIX/J retries every second until the market listens).
     *
     * @param host         the market's FIX host.
     * @param port         the market's FIX port.
     * @param targetCompId the market's CompID.
     * @param symbols      the symbols to subscribe to: every symbol of the market, so that the run can start.
     * @param mode         how it behaves.
     */
    QuickFixJReactor(
        final String host, final int port, final String targetCompId, final List<String> symbols, final Mode mode)
        throws Exception
    {
        this.mode = mode;
        this.symbols = List.copyOf(symbols);
        session = new SessionID("FIX.4.4", SENDER_COMP_ID, targetCompId);
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
        settings.setString(session, "ValidateIncomingMessage", "Y");
        settings.setString(session, "ValidateUserDefinedFields", "Y");
        settings.setString(session, "SocketTcpNoDelay", "Y");
        initiator = new SocketInitiator(new Reactions(), new MemoryStoreFactory(), settings, null,
            new DefaultMessageFactory());
        initiator.start();
    }

    /**
     * @param timeoutMillis how long to wait.
     * @return whether the session has logged on (and subscribed) within it.
     */
    boolean awaitLoggedOn(final long timeoutMillis) throws InterruptedException
    {
        return loggedOn.await(timeoutMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * Right after its {@link #MALFORMED_AFTER}th reaction, send one malformed order too: a limit NewOrderSingle
     * without Price (44), echoing the same trigger. The market must reject it naming the field and never take it for
     * a reaction (it would count as a duplicate). Call before the run starts.
     *
     * @return this reactor.
     */
    QuickFixJReactor withOneOrderWithoutPrice()
    {
        oneOrderWithoutPrice = true;
        return this;
    }

    /**
     * @return the entries of incremental refreshes that carried 58=TRIGGER.
     */
    int triggersSeen()
    {
        return triggersSeen.get();
    }

    /**
     * @return entries of incremental refreshes that carried a Text (58) other than TRIGGER: none should.
     */
    int entriesMarkedOtherwise()
    {
        return entriesMarkedOtherwise.get();
    }

    /**
     * @return the reactions sent, each echoing its trigger.
     */
    int reactions()
    {
        return reactions.get();
    }

    /**
     * @return the ClOrdIDs of the orders sent without an echo.
     */
    List<String> unmarkedOrders()
    {
        return List.copyOf(unmarkedOrders);
    }

    /**
     * @return the ExecutionReports received.
     */
    int executionReports()
    {
        return executionReports.get();
    }

    /**
     * @return each ExecutionReport with ExecType 8 (rejected) received, as {@code ClOrdID: Text}.
     */
    List<String> orderRejects()
    {
        return List.copyOf(orderRejects);
    }

    /**
     * @return every session Reject (35=3) or BusinessMessageReject (35=j) QuickFIX/J sent: a message from the
     *         market that its dictionary or its application refused.
     */
    List<String> rejectsSent()
    {
        return List.copyOf(rejectsSent);
    }

    /**
     * @return every session Reject or BusinessMessageReject received from the market.
     */
    List<String> rejectsReceived()
    {
        return List.copyOf(rejectsReceived);
    }

    /**
     * Logs out and stops.
     */
    public void close()
    {
        initiator.stop(true);
    }

    private void subscribe() throws SessionNotFound
    {
        final MarketDataRequest request = new MarketDataRequest(new MDReqID("qfj-md"),
            new SubscriptionRequestType(SubscriptionRequestType.SNAPSHOT_UPDATES), new MarketDepth(0));
        for (final char entryType : new char[] {'0', '1'})
        {
            final MarketDataRequest.NoMDEntryTypes group = new MarketDataRequest.NoMDEntryTypes();
            group.setChar(MD_ENTRY_TYPE, entryType);
            request.addGroup(group);
        }
        for (final String symbol : symbols)
        {
            final MarketDataRequest.NoRelatedSym group = new MarketDataRequest.NoRelatedSym();
            group.setString(Symbol.FIELD, symbol);
            request.addGroup(group);
        }
        Session.sendToTarget(request, session);
    }

    private void onIncrementalRefresh(final Message refresh) throws FieldNotFound, SessionNotFound
    {
        for (final Group entry : refresh.getGroups(MD_ENTRIES))
        {
            if (!entry.isSetField(Text.FIELD))
            {
                continue;
            }
            if (!TRIGGER.equals(entry.getString(Text.FIELD)))
            {
                entriesMarkedOtherwise.incrementAndGet();
                continue;
            }
            triggersSeen.incrementAndGet();
            if (mode != Mode.NEVER_REACTS)
            {
                react(entry);
            }
        }
    }

    private void react(final Group trigger) throws FieldNotFound, SessionNotFound
    {
        final NewOrderSingle reaction = order(trigger, "R");
        reaction.set(new Text(trigger.getString(MD_ENTRY_ID)));
        Session.sendToTarget(reaction, session);
        final int sent = reactions.incrementAndGet();
        if (mode == Mode.ALSO_UNMARKED_ORDERS && sent % UNMARKED_EVERY == 0)
        {
            final NewOrderSingle unmarked = order(trigger, "U");
            unmarkedOrders.add(unmarked.getClOrdID().getValue());
            Session.sendToTarget(unmarked, session);
        }
        if (oneOrderWithoutPrice && sent == MALFORMED_AFTER)
        {
            final NewOrderSingle malformed = order(trigger, "M");
            malformed.removeField(Price.FIELD);
            malformed.set(new Text(trigger.getString(MD_ENTRY_ID)));
            Session.sendToTarget(malformed, session);
        }
    }

    private NewOrderSingle order(final Group trigger, final String prefix) throws FieldNotFound
    {
        final char side = trigger.getChar(MD_ENTRY_TYPE) == '0' ? Side.SELL : Side.BUY;
        final NewOrderSingle order = new NewOrderSingle(new ClOrdID(prefix + ordersSent.incrementAndGet()),
            new Side(side), new TransactTime(), new OrdType(OrdType.LIMIT));
        order.set(new Symbol(trigger.getString(Symbol.FIELD)));
        order.setString(Price.FIELD, trigger.getString(MDEntryPx.FIELD));
        order.setString(OrderQty.FIELD, trigger.getString(MDEntrySize.FIELD));
        order.set(new TimeInForce(TimeInForce.IMMEDIATE_OR_CANCEL));
        return order;
    }

    private static String typeOf(final Message message)
    {
        try
        {
            return message.getHeader().getString(MsgType.FIELD);
        }
        catch (final FieldNotFound ex)
        {
            throw new IllegalStateException("a message without MsgType: " + message, ex);
        }
    }

    private static boolean isReject(final String type)
    {
        return MsgType.REJECT.equals(type) || MsgType.BUSINESS_MESSAGE_REJECT.equals(type);
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
            }
            catch (final SessionNotFound ex)
            {
                throw new IllegalStateException("the session it logged on with is gone", ex);
            }
            loggedOn.countDown();
        }

        public void onLogout(final SessionID sessionId)
        {
        }

        public void toAdmin(final Message message, final SessionID sessionId)
        {
            if (isReject(typeOf(message)))
            {
                rejectsSent.add(message.toString());
            }
        }

        public void fromAdmin(final Message message, final SessionID sessionId)
        {
            if (isReject(typeOf(message)))
            {
                rejectsReceived.add(message.toString());
            }
        }

        public void toApp(final Message message, final SessionID sessionId)
        {
            if (isReject(typeOf(message)))
            {
                rejectsSent.add(message.toString());
            }
        }

        public void fromApp(final Message message, final SessionID sessionId) throws FieldNotFound
        {
            final String type = typeOf(message);
            if (MsgType.MARKET_DATA_INCREMENTAL_REFRESH.equals(type))
            {
                try
                {
                    onIncrementalRefresh(message);
                }
                catch (final SessionNotFound ex)
                {
                    throw new IllegalStateException("the session it reacts on is gone", ex);
                }
            }
            else if (MsgType.EXECUTION_REPORT.equals(type))
            {
                executionReports.incrementAndGet();
                if (message.getChar(EXEC_TYPE) == REJECTED)
                {
                    orderRejects.add(message.getString(ClOrdID.FIELD) + ": " +
                        (message.isSetField(Text.FIELD) ? message.getString(Text.FIELD) : "(no text)"));
                }
            }
            else if (isReject(type))
            {
                rejectsReceived.add(message.toString());
            }
        }
    }
}
