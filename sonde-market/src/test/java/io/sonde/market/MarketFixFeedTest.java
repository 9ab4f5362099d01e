package io.sonde.market;

import io.sonde.api.BookQuantity;
import io.sonde.api.FixVersion;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.runner.LoadAgent;
import io.sonde.loadgen.runner.RunCounters;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.SystemNanoClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A market without a UDP destination serves its feed as FIX market data: it waits for a subscription covering
 * every symbol, answers it with a full refresh per symbol, then sends an incremental refresh per event.
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

        final MarketStep step = market.step(new ConstantRateSchedule(500), 5);
        final LoadAgent agent = new LoadAgent(SystemNanoClock.INSTANCE, step.schedule(), step.transport(),
            new RunTiming(0, 200_000_000L, 100_000_000L, 100_000_000L), Market.TRIGGER_CAPACITY, 64,
            new RequestSeries("warmup-"), new RequestSeries(""), new RunCounters());
        final long start = System.nanoTime();
        agent.begin(start);
        step.feedLateness().begin(start);
        market.loadThread().attach(agent, new BackoffIdleStrategy());
        while (!agent.isFinished())
        {
            TimeUnit.MILLISECONDS.sleep(10);
        }
        market.loadThread().detach(agent);

        final Map<Integer, String> incremental = application.next("X", 10);
        assertNotNull(incremental, "no incremental refresh");
        assertEquals(2, step.counts().subscriptions());
        assertEquals(0, step.counts().fixBackPressured());
        assertEquals(0, step.counts().packets());
    }
}
