package com.example.trading;

import io.sonde.api.IdleMode;
import io.sonde.api.MarketSpec;
import io.sonde.api.RunReport;
import io.sonde.api.TickToTrade;
import io.sonde.api.Verdict;
import io.sonde.testcontainers.SondeMarketContainer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * (c) Tick-to-trade: Sonde in a container is the market of our trading application. It publishes FIX market data
 * on a schedule, marks one event in 10 as a trigger, and times our application's order for each trigger from the
 * moment the trigger was due: the application, its FIX engine and the way there and back.
 */
@Timeout(300)
class TradingAppTickToTradeTest
{
    private static final List<String> SYMBOLS = List.of("SONDE.A");

    @Test
    void ourApplicationAnswersEveryTriggerWithin200ms(@TempDir final Path results) throws Exception
    {
        final MarketSpec spec = MarketSpec.builder()
            .symbols(SYMBOLS)
            // 1,000 market data events a second, one in 10 a trigger: 100 orders a second from our application.
            .rate(1_000)
            .triggerEvery(10)
            // Long enough for both JVMs to compile the path before anything is measured.
            .warmup(Duration.ofSeconds(3))
            .duration(Duration.ofSeconds(5))
            // A shared CI machine stalls Sonde's own process for tens of milliseconds at times; the defaults would
            // then call the run void. This test judges our application by the figures below, so Sonde's own limits
            // are loosened to match.
            .maxSendLateness(Duration.ofMillis(200))
            .maxHiccup(Duration.ofMillis(500))
            .build();
        try (SondeMarketContainer market = SondeMarketContainer.market(spec)
            .withImagePullPolicy(image -> false)
            // The container shares the build machine's cores with our application: its thread backs off when idle.
            .withIdle(IdleMode.BACKOFF)
            .withResultsOn(results))
        {
            market.start();

            // Our application connects once the market listens; the run starts when it has subscribed.
            try (EchoingTradingApp app =
                new EchoingTradingApp(market.fixHost(), market.fixPort(), market.targetCompId(), SYMBOLS))
            {
                assertTrue(app.awaitSubscribed(60, TimeUnit.SECONDS), "our application logged on and subscribed");

                final RunReport report = market.report(Duration.ofSeconds(120));
                System.out.println(report + "\n" + report.checks());

                // Void: Sonde could not keep to its schedule, so nothing below would say anything about our app.
                assertNotEquals(Verdict.VOID, report.verdict(), report.checks().toString());
                final TickToTrade tickToTrade = report.tickToTrade().orElseThrow();
                assertTrue(tickToTrade.triggers() > 0, tickToTrade.toString());
                assertEquals(0, tickToTrade.missed(), "every trigger answered: " + tickToTrade);
                assertEquals(tickToTrade.triggers(), tickToTrade.answered(), tickToTrade.toString());
                assertEquals(0, tickToTrade.withoutTrigger(), tickToTrade.withoutTriggerOrders().toString());
                // Percentiles are in microseconds; corrected = from each trigger's intended publish time.
                assertTrue(report.corrected().p99() < 200_000, "tick-to-trade p99 " + report.corrected());
            }
        }
    }
}
