package io.sonde.market;

import io.sonde.api.BookQuantity;
import io.sonde.api.FixVersion;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.runner.LoadAgent;
import io.sonde.loadgen.runner.OutcomeCounts;
import io.sonde.loadgen.runner.RunCounters;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.SystemNanoClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A market without a UDP destination serves its feed as FIX market data: it waits for a subscription covering
 * every symbol, answers it with a full refresh per symbol, then sends an incremental refresh per event; an
 * application that answers the ones marked TRIGGER, echoing their MDEntryID, answers every trigger.
 */
@Timeout(60)
class MarketFixFeedTest
{
    private Market market;
    private RawFixApplication application;

    @AfterEach
    void close() throws Exception
    {
        application.close();
        market.close();
    }

    @Test
    void theApplicationIsReadyOnlyOnceItsSubscriptionsCoverEverySymbolThenTheEventsFlowAsIncrementalRefreshes()
        throws Exception
    {
        market = Market.open(new MarketSettings("127.0.0.1", 0, "SONDEMKT", FixVersion.FIX_4_4, "secret",
            List.of(new MarketSymbol("SONDE.A", 1_000_000, 100, 1), new MarketSymbol("SONDE.B", 505_000, 50, 1)),
            List.of(), null, null, 0, MatchMode.ECHO, 58, 7,
            new MarketShape(5, 1, 50, BookQuantity.DEFAULT, 0.45, 0.40, 0.15), TimeUnit.SECONDS.toNanos(1)),
            new BackoffIdleStrategy());
        assertEquals(0, market.snapshotPort());
        application = new RawFixApplication(market.fixPort(), "APP", "SONDEMKT");
        application.send("A", "98=0|108=30|141=Y|554=secret|");
        assertEquals("A", application.next("A", 10).get(35));

        assertFalse(market.awaitApplication(TimeUnit.MILLISECONDS.toNanos(200), line -> { }));
        application.send("V", "262=MD1|263=1|264=0|265=1|267=2|269=0|269=1|146=1|55=SONDE.A|");
        assertNotNull(application.next("W", 10));
        assertFalse(market.awaitApplication(TimeUnit.MILLISECONDS.toNanos(200), line -> { }));
        application.send("V", "262=MD2|263=1|264=0|265=1|267=2|269=0|269=1|146=1|55=SONDE.B|");
        assertNotNull(application.next("W", 10));
        assertTrue(market.awaitApplication(TimeUnit.SECONDS.toNanos(10), line -> { }));

        final AtomicLong incrementals = new AtomicLong();
        final AtomicBoolean stop = new AtomicBoolean();
        final Thread reacting = new Thread(() -> react(incrementals, stop), "reacting-application");
        reacting.start();
        final MarketStep step = market.step(new ConstantRateSchedule(1_000), 5);
        final RunCounters counters = new RunCounters();
        final LoadAgent agent = new LoadAgent(SystemNanoClock.INSTANCE, step.schedule(), step.transport(),
            new RunTiming(0, 1_000_000_000L, 1_000_000_000L, 1_000_000_000L), Market.TRIGGER_CAPACITY, 64,
            new RequestSeries("warmup-"), new RequestSeries(""), counters);
        final long start = System.nanoTime();
        agent.begin(start);
        step.feedLateness().begin(start);
        market.loadThread().attach(agent, new BackoffIdleStrategy());
        while (!agent.isFinished())
        {
            TimeUnit.MILLISECONDS.sleep(10);
        }
        market.loadThread().detach(agent);
        stop.set(true);
        reacting.join(5_000);

        assertEquals(new OutcomeCounts(200, 200, 0, 0, 0), OutcomeCounts.of(counters.measurement()));
        assertTrue(incrementals.get() >= 1_000, "incremental refreshes: " + incrementals.get());
        assertEquals(0, step.counts().withoutTrigger(), step.counts().withoutTriggerOrders().toString());
        assertEquals(2, step.counts().subscriptions());
        assertEquals(0, step.counts().fixBackPressured());
        assertEquals(0, step.counts().packets());
    }

    /**
     * The application: an incremental refresh marked TRIGGER gets a limit order on the other side at its price,
     * echoing its MDEntryID (278) in 58.
     */
    private void react(final AtomicLong incrementals, final AtomicBoolean stop)
    {
        try
        {
            while (!stop.get())
            {
                final Map<Integer, String> message = application.next(1);
                if (message == null || !"X".equals(message.get(35)))
                {
                    continue;
                }
                incrementals.incrementAndGet();
                if ("TRIGGER".equals(message.get(58)))
                {
                    application.send("D", "11=F" + message.get(278) + "|55=" + message.get(55) + "|54=" +
                        ("0".equals(message.get(269)) ? "2" : "1") + "|38=1|40=2|44=" + message.get(270) +
                        "|60=20261128-06:00:00.000|58=" + message.get(278) + "|");
                }
            }
        }
        catch (final IOException | InterruptedException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
