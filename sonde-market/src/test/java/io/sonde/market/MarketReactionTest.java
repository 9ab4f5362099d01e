package io.sonde.market;

import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.runner.LoadAgent;
import io.sonde.loadgen.runner.OutcomeCounts;
import io.sonde.loadgen.runner.RunCounters;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.md.FeedPacketReader;
import io.sonde.md.FeedPackets;
import io.sonde.md.sbe.MessageHeaderDecoder;
import io.sonde.md.sbe.OrderAddedDecoder;
import io.sonde.md.sbe.Side;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The market end to end in one process: an application reads the UDP feed and answers every trigger over FIX,
 * by echo or at the trigger's price, while a load agent on the market's thread runs the trigger schedule; every
 * trigger is answered, and nothing else is counted.
 */
@Timeout(60)
class MarketReactionTest
{
    private static final long SECOND = 1_000_000_000L;
    private static final int EVENTS_PER_SECOND = 2_000;
    private static final int TRIGGER_EVERY = 10;

    private DatagramChannel feedReceiver;
    private Market market;
    private RawFixApplication application;
    private Thread reacting;

    @AfterEach
    void close() throws Exception
    {
        feedReceiver.close();
        if (reacting != null)
        {
            reacting.join(5_000);
        }
        application.close();
        market.close();
    }

    @Test
    void everyTriggerEchoedIsAnsweredOnce() throws Exception
    {
        runAndCheck(MatchMode.ECHO);
    }

    @Test
    void everyTriggerAnsweredAtItsPriceIsAnsweredOnce() throws Exception
    {
        runAndCheck(MatchMode.PRICE);
    }

    private void runAndCheck(final MatchMode match) throws Exception
    {
        feedReceiver = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
        market = Market.open(MarketSessionsTest.settings(match, 58,
            (InetSocketAddress)feedReceiver.getLocalAddress()), new BackoffIdleStrategy());
        application = new RawFixApplication(market.fixPort(), "APP", "SONDEMKT");
        application.logon();
        assertTrue(market.awaitApplication(TimeUnit.SECONDS.toNanos(10), line -> { }));
        reacting = new Thread(() -> react(match), "reacting-application");
        reacting.setDaemon(true);
        reacting.start();

        final MarketStep step = market.step(new ConstantRateSchedule(EVENTS_PER_SECOND), TRIGGER_EVERY);
        final RequestSeries measured = new RequestSeries("");
        final RunCounters counters = new RunCounters();
        final LoadAgent agent = new LoadAgent(SystemNanoClock.INSTANCE, step.schedule(), step.transport(),
            new RunTiming(0, 2 * SECOND, SECOND, SECOND), Market.TRIGGER_CAPACITY, 64, new RequestSeries("warmup-"),
            measured, counters);
        final long start = System.nanoTime() + 10_000_000;
        agent.begin(start);
        step.feedLateness().begin(start);
        market.loadThread().attach(agent, new BackoffIdleStrategy());
        while (!agent.isFinished())
        {
            TimeUnit.MILLISECONDS.sleep(10);
        }
        market.loadThread().detach(agent);

        final OutcomeCounts outcomes = OutcomeCounts.of(counters.measurement());
        final MarketCounts counts = step.counts();
        final long triggers = 2 * EVENTS_PER_SECOND / TRIGGER_EVERY;
        assertEquals(new OutcomeCounts(triggers, triggers, 0, 0, 0), outcomes);
        assertEquals(triggers * TRIGGER_EVERY, counts.measuredEvents());
        assertTrue(counts.events() >= counts.measuredEvents());
        assertEquals(0, counts.withoutTrigger(), counts.withoutTriggerOrders().toString());
        assertEquals(0, counts.duplicates());
        assertEquals(0, counts.late());
        assertEquals(0, counts.malformed());
        assertEquals(0, counts.datagramsNotSent());
        assertEquals(1, counts.orderSessions());
        assertTrue(counts.packets() >= triggers);
        assertEquals(triggers, measured.corrected().takeInterval(null).getTotalCount());
    }

    /**
     * The application: each trigger on the feed gets a limit order back, echoing its number in 58 or standing at
     * its price on the other side.
     */
    private void react(final MatchMode match)
    {
        final ByteBuffer datagram = ByteBuffer.allocateDirect(FeedPackets.DEFAULT_MAX_PACKET_LENGTH)
            .order(ByteOrder.LITTLE_ENDIAN);
        final UnsafeBuffer buffer = new UnsafeBuffer(datagram);
        final FeedPacketReader reader = new FeedPacketReader(FeedPackets.INCREMENTAL_CHANNEL);
        final MessageHeaderDecoder header = new MessageHeaderDecoder();
        final OrderAddedDecoder added = new OrderAddedDecoder();
        final FeedPacketReader.MessageHandler onMessage =
            (final long sequence, final DirectBuffer message, final int offset, final int length) ->
            {
                header.wrap(message, offset);
                if (header.templateId() != OrderAddedDecoder.TEMPLATE_ID)
                {
                    return;
                }
                added.wrapAndApplyHeader(message, offset, header);
                if (!added.flags().trigger())
                {
                    return;
                }
                final String side = added.side() == Side.BUY ? "2" : "1";
                final String price = String.valueOf(added.price() / 10_000.0);
                final String echo = match == MatchMode.ECHO ? "58=" + sequence + "|" : "";
                try
                {
                    application.send("D", "11=R" + sequence + "|55=" + added.symbol() + "|54=" + side +
                        "|38=1|40=2|44=" + price + "|60=20261128-06:00:00.000|" + echo);
                }
                catch (final IOException ex)
                {
                    throw new IllegalStateException(ex);
                }
            };
        try
        {
            while (true)
            {
                datagram.clear();
                feedReceiver.receive(datagram);
                reader.read(buffer, 0, datagram.position(), onMessage);
            }
        }
        catch (final IOException ex)
        {
            // The test closed the channel: it is over.
        }
    }
}
