package io.sonde.market;

import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.md.publish.FeedSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nothing is allocated on the market's thread per event or per order once warm: the events drawn, encoded,
 * applied to the replica and sent over loopback UDP, the triggers recorded and answered, and the orders decoded,
 * checked, scanned for their echo and matched. Measured on this thread, in the quietest of a few windows (a
 * window can catch the JIT's own first use of a path).
 */
@Timeout(120)
class MarketAllocationTest
{
    private static final List<MarketSymbol> SYMBOLS = List.of(
        new MarketSymbol("SONDE.A", 1_000_000, 100, 1), new MarketSymbol("SONDE.B", 505_000, 50, 1));
    private static final int TRIGGER_EVERY = 10;
    private static final int WINDOWS = 5;
    private static final int ORDERS = 64;

    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
    private final TestClock clock = new TestClock(1_000_000_000L);
    private final TriggerTable table = new TriggerTable(Market.TRIGGER_CAPACITY);
    private final PriceKeys keys = new PriceKeys(Market.TRIGGER_CAPACITY);
    private final ReactionMatcher matcher =
        new ReactionMatcher(MatchMode.ECHO, 58, table, keys, new SymbolIndex(SYMBOLS));
    private final CountingHandler handler = new CountingHandler();
    private final ByteBuffer drain = ByteBuffer.allocateDirect(2048);
    private DatagramChannel receiver;
    private MarketFeed feed;
    private MarketTransport transport;
    private TriggerSchedule schedule;
    private long requestId;

    @BeforeEach
    void open() throws IOException
    {
        receiver = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
        receiver.configureBlocking(false);
        feed = new MarketFeed(FeedSettings.unicast(List.of((InetSocketAddress)receiver.getLocalAddress()), 0),
            "127.0.0.1", List.of("SONDE.A", "SONDE.B"), clock);
        final FillerTimes fillers = new FillerTimes(TRIGGER_EVERY);
        final TriggerSchedule schedule =
            new TriggerSchedule(new ConstantRateSchedule(1_000_000), TRIGGER_EVERY, fillers);
        final HopSeries lateness = HopSeries.ofFeed("lateness");
        transport = new MarketTransport(clock, clock, fillers, new MarketBook(SYMBOLS, MarketShape.DEFAULT, 3, keys),
            table, keys, matcher, feed, () -> 0, lateness, 1_000_000_000L, () -> { }, () -> { });
        schedule.start(clock.nanoTime());
        lateness.begin(clock.nanoTime());
        transport.poll(handler);
        this.schedule = schedule;
    }

    @AfterEach
    void close() throws IOException
    {
        feed.close();
        receiver.close();
    }

    @Test
    void publishingEventsAndAnsweringTriggersAllocatesNothing() throws IOException
    {
        publish(400_000);
        long fewest = Long.MAX_VALUE;
        for (int window = 0; window < WINDOWS && fewest > 0; window++)
        {
            final long before = allocated();
            publish(200_000);
            fewest = Math.min(fewest, allocated() - before);
        }

        assertEquals(0, fewest, "bytes allocated over 200,000 events, in the quietest of " + WINDOWS + " windows");
        assertTrue(handler.acknowledged > 50_000, "answers " + handler.acknowledged);
    }

    @Test
    void decodingCheckingAndMatchingOrdersAllocatesNothing()
    {
        final ReactionChecks checks = new ReactionChecks(new SymbolIndex(SYMBOLS));
        final NewOrderSingleDecoder order = new NewOrderSingleDecoder();
        final MutableAsciiBuffer[] orders = new MutableAsciiBuffer[ORDERS];
        for (int i = 0; i < ORDERS; i++)
        {
            orders[i] = new MutableAsciiBuffer(("8=FIX.4.4|9=99|35=D|49=APP|56=SONDEMKT|34=" + (i + 2) +
                "|52=20261128-06:00:00.000|11=C" + i + "|55=SONDE.A|54=2|38=100|40=2|44=100.01|59=0|58=" +
                (1_000 + i) + "|60=20261128-06:00:00.000|10=000|").replace('|', '\u0001')
                .getBytes(StandardCharsets.US_ASCII));
        }
        final int[] seen = new int[1];
        final Runnable oneRound = () ->
        {
            for (int i = 0; i < ORDERS; i++)
            {
                final int slot = table.add(1_000 + i + 1_000_000L * seen[0], i, 0, 0, PriceKeys.BID, 999_901 + i);
                keys.put(999_901 + i, 0, PriceKeys.BID, slot);
            }
            for (int i = 0; i < ORDERS; i++)
            {
                order.reset();
                order.decode(orders[i], 0, orders[i].capacity());
                if (checks.check(order) == ReactionChecks.OK)
                {
                    matcher.onOrder(orders[i], 0, orders[i].capacity(), order, checks.symbolIndex(), i);
                }
            }
            table.clear();
            keys.clear();
            seen[0]++;
        };
        for (int round = 0; round < 2_000; round++)
        {
            oneRound.run();
        }
        long fewest = Long.MAX_VALUE;
        for (int window = 0; window < WINDOWS && fewest > 0; window++)
        {
            final long before = allocated();
            for (int round = 0; round < 20_000 / ORDERS; round++)
            {
                oneRound.run();
            }
            fewest = Math.min(fewest, allocated() - before);
        }

        assertEquals(0, fewest, "bytes allocated over 20,000 orders, in the quietest of " + WINDOWS + " windows");
    }

    private void publish(final int events) throws IOException
    {
        for (int i = 0; i < events / TRIGGER_EVERY; i++)
        {
            final long intended = schedule.nextIntendedNanos();
            clock.advance(intended - clock.nanoTime());
            transport.trySend(requestId++, intended);
            matcher.onTriggerNumber(feed.nextSequence() - 1, clock.nanoTime(), null);
            transport.poll(handler);
            drain();
        }
    }

    private void drain() throws IOException
    {
        drain.clear();
        while (receiver.receive(drain) != null)
        {
            drain.clear();
        }
    }

    private static final class CountingHandler implements CompletionHandler
    {
        long acknowledged;

        public void onAcknowledged(final long requestId, final long responseNanos)
        {
            acknowledged++;
        }

        public void onRejected(final long requestId, final long responseNanos, final int reason)
        {
        }
    }

    private long allocated()
    {
        return threads.getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
