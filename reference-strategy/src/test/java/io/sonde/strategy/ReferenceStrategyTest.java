package io.sonde.strategy;

import io.sonde.md.FeedPacketWriter;
import io.sonde.md.FeedPackets;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.OrderAddedEncoder;
import io.sonde.md.sbe.Side;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import quickfix.Application;
import quickfix.DefaultMessageFactory;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketAcceptor;
import quickfix.field.MDEntryID;
import quickfix.field.MDEntryPx;
import quickfix.field.MDEntrySize;
import quickfix.field.MDEntryType;
import quickfix.field.MDUpdateAction;
import quickfix.field.MsgType;
import quickfix.field.Symbol;
import quickfix.field.Text;
import quickfix.fix44.MarketDataIncrementalRefresh;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reference strategy against a foreign market (a QuickFIX/J acceptor validating with its standard FIX 4.4
 * dictionary): each trigger, from the UDP feed or from FIX market data, brings one IOC NewOrderSingle on the opposite
 * side at the trigger's price and quantity, echoing the trigger's identity; a plain event brings nothing; and the
 * strategy logs on again when the market drops its session.
 */
@Timeout(60)
class ReferenceStrategyTest
{
    private static final long WAIT_SECONDS = 20;

    private final BlockingQueue<Message> received = new LinkedBlockingQueue<>();
    private final BlockingQueue<SessionID> subscribed = new LinkedBlockingQueue<>();
    private final BlockingQueue<Message> logons = new LinkedBlockingQueue<>();
    private final int port = freePort();
    private SocketAcceptor market = market(StrategySettings.FIX_4_4);
    private ReferenceStrategy strategy;

    ReferenceStrategyTest() throws Exception
    {
    }

    @AfterEach
    void close()
    {
        if (strategy != null)
        {
            strategy.close();
        }
        market.stop(true);
    }

    @Test
    void aTriggerOnTheUdpFeedBringsOneOrderEchoingItsSequenceNumber() throws Exception
    {
        strategy = new ReferenceStrategy(StrategySettings.udp(new InetSocketAddress("127.0.0.1", 0), "127.0.0.1",
            port), new BackoffIdleStrategy());
        awaitLogon();

        try (DatagramChannel feed = DatagramChannel.open())
        {
            final UnsafeBuffer message = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
            final FeedPacketWriter packet = new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, 1472, 41);
            packet.add(message, 0, added(message, 41, Side.SELL, false));
            packet.add(message, 0, added(message, 42, Side.BUY, true));
            feed.send(packet.seal(1), strategy.feedAddress());
        }

        final Message order = nextOrder();
        assertEquals("42", order.getString(Text.FIELD));
        assertEquals('2', order.getChar(quickfix.field.Side.FIELD), "a bid trigger is sold to");
        assertEquals(100.005, order.getDouble(quickfix.field.Price.FIELD), 1e-9);
        assertEquals(7, order.getDouble(quickfix.field.OrderQty.FIELD), 1e-9);
        assertEquals('3', order.getChar(quickfix.field.TimeInForce.FIELD));
        assertEquals("SONDE.A", order.getString(Symbol.FIELD));
        assertEquals("S1", order.getString(quickfix.field.ClOrdID.FIELD));
        assertEquals(null, received.poll(200, TimeUnit.MILLISECONDS), "the plain event brought nothing");
        assertEquals(1, strategy.counts().triggersSeen());
        assertEquals(1, strategy.counts().reactionsSent());
    }

    @Test
    void aTriggerInFixMarketDataBringsOneOrderEchoingItsMdEntryIdInTheTagAsked() throws Exception
    {
        strategy = new ReferenceStrategy(StrategySettings.fix(List.of("SONDE.A"), "127.0.0.1", port)
            .withEchoTag(5001), new BackoffIdleStrategy());
        final SessionID session = subscribed.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertNotNull(session, "the strategy subscribed to market data");

        Session.sendToTarget(incremental("1048577", MDEntryType.OFFER, true), session);
        Session.sendToTarget(incremental("1048578", MDEntryType.BID, false), session);

        final Message order = nextOrder();
        assertEquals("1048577", order.getString(5001));
        assertFalse(order.isSetField(Text.FIELD));
        assertEquals('1', order.getChar(quickfix.field.Side.FIELD), "an offer trigger is bought from");
        assertEquals(null, received.poll(200, TimeUnit.MILLISECONDS), "the unmarked entry brought nothing");
    }

    @Test
    void theStrategyLogsOnAgainWhenTheMarketDropsItsSession() throws Exception
    {
        strategy = new ReferenceStrategy(StrategySettings.udp(new InetSocketAddress("127.0.0.1", 0), "127.0.0.1",
            port).withEchoTag(StrategySettings.NO_ECHO), new BackoffIdleStrategy());
        awaitLogon();

        for (final SessionID id : market.getSessions())
        {
            Session.lookupSession(id).disconnect("the market run ended", false);
        }

        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (strategy.counts().logons() < 2 && System.nanoTime() < deadline)
        {
            Thread.sleep(10);
        }
        assertEquals(2, strategy.counts().logons());
        assertTrue(strategy.isLoggedOn());
    }

    @Test
    void aPasswordTheMarketAsksForTravelsInTheLogon() throws Exception
    {
        strategy = new ReferenceStrategy(StrategySettings.udp(new InetSocketAddress("127.0.0.1", 0), "127.0.0.1",
            port).withPassword("s3cret"), new BackoffIdleStrategy());

        final Message logon = logons.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertNotNull(logon, "the strategy logged on");
        assertEquals("s3cret", logon.getString(quickfix.field.Password.FIELD));
        assertEquals("APP", logon.getString(quickfix.field.Username.FIELD));
    }

    @Test
    void everyOrderGoesUnderTheSessionsBeginString() throws Exception
    {
        market.stop(true);
        market = market(StrategySettings.FIX_4_2);
        strategy = new ReferenceStrategy(StrategySettings.udp(new InetSocketAddress("127.0.0.1", 0), "127.0.0.1",
            port).withBeginString(StrategySettings.FIX_4_2), new BackoffIdleStrategy());
        awaitLogon();

        try (DatagramChannel feed = DatagramChannel.open())
        {
            final UnsafeBuffer message = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
            for (int sequence = 1; sequence <= 3; sequence++)
            {
                final FeedPacketWriter packet =
                    new FeedPacketWriter(FeedPackets.INCREMENTAL_CHANNEL, 1472, sequence);
                packet.add(message, 0, added(message, sequence, Side.BUY, true));
                feed.send(packet.seal(1), strategy.feedAddress());
            }
        }

        for (int i = 1; i <= 3; i++)
        {
            final Message order = nextOrder();
            assertEquals(StrategySettings.FIX_4_2, order.getHeader().getString(quickfix.field.BeginString.FIELD));
            assertEquals(Integer.toString(i), order.getString(Text.FIELD));
        }
    }

    private void awaitLogon() throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!strategy.isLoggedOn() && System.nanoTime() < deadline)
        {
            Thread.sleep(10);
        }
        assertTrue(strategy.isLoggedOn(), "logged on to the market");
    }

    private Message nextOrder() throws InterruptedException
    {
        final Message order = received.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertNotNull(order, "an order reached the market");
        return order;
    }

    private static MarketDataIncrementalRefresh incremental(
        final String entryId, final char type, final boolean trigger)
    {
        final MarketDataIncrementalRefresh refresh = new MarketDataIncrementalRefresh();
        final MarketDataIncrementalRefresh.NoMDEntries entry = new MarketDataIncrementalRefresh.NoMDEntries();
        entry.set(new MDUpdateAction(MDUpdateAction.NEW));
        entry.set(new MDEntryType(type));
        entry.set(new MDEntryID(entryId));
        entry.set(new Symbol("SONDE.A"));
        entry.set(new MDEntryPx(101.0001));
        entry.set(new MDEntrySize(3));
        if (trigger)
        {
            entry.set(new Text("TRIGGER"));
        }
        refresh.addGroup(entry);
        return refresh;
    }

    private static int added(final UnsafeBuffer message, final long orderId, final Side side, final boolean trigger)
    {
        final OrderAddedEncoder encoder = new OrderAddedEncoder()
            .wrapAndApplyHeader(message, 0, new MessageHeaderEncoder())
            .orderId(orderId).transactTime(1).price(100_0050).quantity(7).side(side).symbol("SONDE.A");
        encoder.flags().clear().trigger(trigger);
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }

    private static int freePort() throws IOException
    {
        try (ServerSocket probe = new ServerSocket(0))
        {
            return probe.getLocalPort();
        }
    }

    private SocketAcceptor market(final String beginString) throws Exception
    {
        final boolean fix44 = StrategySettings.FIX_4_4.equals(beginString);
        final SessionSettings settings = new SessionSettings();
        final SessionID session = new SessionID(beginString, "SONDEMKT", "APP");
        settings.setString(session, "ConnectionType", "acceptor");
        settings.setString(session, "SocketAcceptAddress", "127.0.0.1");
        settings.setLong(session, "SocketAcceptPort", port);
        settings.setString(session, "StartTime", "00:00:00");
        settings.setString(session, "EndTime", "00:00:00");
        settings.setString(session, "UseDataDictionary", fix44 ? "Y" : "N");
        settings.setString(session, "DataDictionary", "FIX44.xml");
        settings.setString(session, "ValidateUserDefinedFields", "N");
        settings.setString(session, "ResetOnLogon", "Y");
        final SocketAcceptor acceptor = new SocketAcceptor(new Orders(), new MemoryStoreFactory(), settings, null,
            new DefaultMessageFactory());
        acceptor.start();
        return acceptor;
    }

    private final class Orders implements Application
    {
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

        public void fromAdmin(final Message message, final SessionID sessionId) throws quickfix.FieldNotFound
        {
            if (MsgType.LOGON.equals(message.getHeader().getString(MsgType.FIELD)))
            {
                logons.add(message);
            }
        }

        public void toApp(final Message message, final SessionID sessionId)
        {
        }

        public void fromApp(final Message message, final SessionID sessionId) throws quickfix.FieldNotFound
        {
            final String type = message.getHeader().getString(MsgType.FIELD);
            if (MsgType.ORDER_SINGLE.equals(type))
            {
                received.add(message);
            }
            else if (MsgType.MARKET_DATA_REQUEST.equals(type))
            {
                subscribed.add(sessionId);
            }
        }
    }
}
