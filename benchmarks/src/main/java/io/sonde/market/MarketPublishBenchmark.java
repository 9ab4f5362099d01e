package io.sonde.market;

import io.sonde.benchmarks.HotPathBenchmark;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.md.FeedPackets;
import io.sonde.md.publish.FeedSettings;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.NanoClock;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.List;

/**
 * The market's publish path on its thread, as a run drives it: {@code triggerWithFillers} is one trigger sent by
 * the load agent (the nine fillers queued before it drawn by the book model, encoded, applied to the replica and
 * gathered, then the trigger drawn at a free sub-tick, recorded in the trigger table and the price keys, and the
 * packet sent over loopback UDP at once) and the duty cycle's poll after it (which misses the trigger, its timeout
 * being 1 ns, and frees its price); {@code fillerOnly} is one filler falling due in a poll, published and sent in
 * a datagram of its own. Every event's lateness is recorded in HdrHistogram. A receiver drains the socket each
 * operation so the kernel never drops what the market sends. No FIX session subscribes.
 */
@State(Scope.Thread)
public class MarketPublishBenchmark extends HotPathBenchmark
{
    private static final int TRIGGER_EVERY = 10;
    private static final List<MarketSymbol> SYMBOLS = List.of(
        new MarketSymbol("SONDE.A", 1_000_000, 100, 100), new MarketSymbol("SONDE.B", 505_000, 50, 10));

    private long now = 1_000_000_000L;
    private final ByteBuffer received = ByteBuffer.allocateDirect(FeedPackets.DEFAULT_MAX_PACKET_LENGTH);
    private final CompletionHandler nobody = new CompletionHandler()
    {
        public void onAcknowledged(final long requestId, final long responseNanos)
        {
        }

        public void onRejected(final long requestId, final long responseNanos, final int reason)
        {
        }
    };
    private final NanoClock clock = () -> now;
    private final EpochNanoClock epochClock = () -> now;
    private DatagramChannel receiver;
    private MarketFeed feed;
    private FillerTimes fillers;
    private TriggerSchedule schedule;
    private MarketTransport transport;
    private long requestId;

    @Setup(Level.Trial)
    public void setUp() throws IOException
    {
        receiver = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
        receiver.configureBlocking(false);
        feed = new MarketFeed(FeedSettings.unicast(List.of((InetSocketAddress)receiver.getLocalAddress()), 0),
            "127.0.0.1", List.of("SONDE.A", "SONDE.B"), epochClock);
        final TriggerTable table = new TriggerTable(Market.TRIGGER_CAPACITY);
        final PriceKeys keys = new PriceKeys(Market.TRIGGER_CAPACITY);
        final ReactionMatcher matcher = new ReactionMatcher(MatchMode.ECHO, 58, table, keys, new SymbolIndex(SYMBOLS));
        fillers = new FillerTimes(TRIGGER_EVERY);
        schedule = new TriggerSchedule(new ConstantRateSchedule(1_000_000_000), TRIGGER_EVERY, fillers);
        final HopSeries lateness = HopSeries.ofFeed("lateness");
        transport = new MarketTransport(clock, epochClock, fillers, new MarketBook(SYMBOLS, MarketShape.DEFAULT, 1,
            keys), table, keys, matcher, feed, () -> 0, lateness, 1, () -> { }, () -> { });
        schedule.start(now);
        lateness.begin(now);
        transport.poll(nobody);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException
    {
        feed.close();
        receiver.close();
    }

    /**
     * @return events published so far.
     */
    @Benchmark
    public long triggerWithFillers() throws IOException
    {
        now = schedule.nextIntendedNanos();
        transport.trySend(requestId++, now);
        now++;
        transport.poll(nobody);
        drain();
        return transport.events();
    }

    /**
     * @return events published so far.
     */
    @Benchmark
    public long fillerOnly() throws IOException
    {
        fillers.add(now);
        transport.poll(nobody);
        now++;
        drain();
        return transport.events();
    }

    private void drain() throws IOException
    {
        received.clear();
        while (receiver.receive(received) != null)
        {
            received.clear();
        }
    }
}
