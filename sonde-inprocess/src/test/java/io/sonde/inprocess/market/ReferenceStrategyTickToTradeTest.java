package io.sonde.inprocess.market;

import io.sonde.api.MatchBy;
import io.sonde.api.MarketSpec;
import io.sonde.api.TickToTrade;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reference strategy on loopback answers every trigger, whichever way it reads the feed and marks its reactions:
 * from the UDP feed echoing the trigger's sequence number, from the UDP feed by price alone, and from FIX market data
 * echoing the MDEntryID. Every trigger is answered once, no order goes unmatched, and the interval log holds the
 * tick-to-trade series and the feed's own lateness.
 */
@Timeout(120)
class ReferenceStrategyTickToTradeTest
{
    @Test
    void fromTheUdpFeedEchoingTheSequenceNumber(@TempDir final Path dir) throws IOException
    {
        final StrategyRun run = StrategyRun.of(market(dir), StrategyRun.Feed.UDP, StrategyRun.ECHO_IN_TEXT,
            null);

        answeredEveryTriggerOnce(run, dir);
        assertEquals("echo", run.tickToTrade().match());
        assertEquals(58, run.tickToTrade().echoTag());
    }

    @Test
    void fromTheUdpFeedMatchedByPriceAlone(@TempDir final Path dir) throws IOException
    {
        final StrategyRun run = StrategyRun.of(market(dir).match(MatchBy.PRICE), StrategyRun.Feed.UDP,
            StrategyRun.NO_ECHO, null);

        answeredEveryTriggerOnce(run, dir);
        assertEquals("price", run.tickToTrade().match());
    }

    @Test
    void fromFixMarketDataEchoingTheMdEntryId(@TempDir final Path dir) throws IOException
    {
        final StrategyRun run = StrategyRun.of(market(dir), StrategyRun.Feed.FIX, StrategyRun.ECHO_IN_TEXT,
            null);

        answeredEveryTriggerOnce(run, dir);
        assertTrue(run.tickToTrade().feeds().contains("fix"), run.tickToTrade().feeds().toString());
    }

    private static MarketSpec.Builder market(final Path dir)
    {
        return TestMarkets.market(dir.resolve("market"))
            .rate(2_000)
            .triggerEvery(10)
            .warmup(Duration.ofSeconds(1))
            .duration(Duration.ofSeconds(3));
    }

    private static void answeredEveryTriggerOnce(final StrategyRun run, final Path dir) throws IOException
    {
        final TickToTrade tickToTrade = run.tickToTrade();
        final String context = tickToTrade + "\n" + run.report.checks() + "\n" + run.console;
        assertTrue(tickToTrade.triggers() > 0, context);
        assertEquals(tickToTrade.triggers(), tickToTrade.answered(), context);
        assertEquals(0, tickToTrade.missed(), context);
        assertEquals(0, tickToTrade.withoutTrigger(), context);
        assertEquals(0, tickToTrade.duplicates(), context);
        assertEquals(0, tickToTrade.malformed(), context);
        assertEquals(0, tickToTrade.datagramsNotSent(), context);
        assertTrue(run.report.outcomes().balances(), run.report.outcomes().toString());
        assertEquals(tickToTrade.triggers(), run.report.outcomes().sent(), "the outcomes are the triggers'");
        assertTrue(run.report.corrected().p50() > 0, run.report.corrected().toString());

        final String log = Files.readString(dir.resolve("market").resolve("run.hlog"));
        assertTrue(log.contains("corrected"), "run.hlog holds tick-to-trade, corrected");
        assertTrue(log.contains("feed-hop.lateness"), "run.hlog holds every event's publish lateness");
    }
}
