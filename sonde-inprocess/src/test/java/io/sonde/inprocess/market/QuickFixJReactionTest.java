package io.sonde.inprocess.market;

import io.sonde.api.Check;
import io.sonde.api.TickToTrade;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A trading application that shares no code with Sonde, QuickFIX/J validating everything against its standard
 * FIX 4.4 dictionary, takes its market data from the market's FIX outlet and is measured through it: every trigger
 * it is sent (an X entry with 58=TRIGGER) is answered and matched by the MDEntryID it echoes, QuickFIX/J refuses
 * nothing the market sends, and a malformed order gets its reject and is never taken for a reaction.
 */
@Timeout(120)
class QuickFixJReactionTest
{
    @Test
    void aQuickFixJApplicationOnFixMarketDataIsMeasuredThroughTheFixOutlet(@TempDir final Path dir)
    {
        final ReactorRun run = ReactorRun.of(TestMarkets.market(dir.resolve("market"))
            .rate(2_000)
            .triggerEvery(10)
            // Measured from the start, so that the malformed order falls in the measured window.
            .warmup(Duration.ZERO)
            .duration(Duration.ofSeconds(3))
            .build(), QuickFixJReactor.Mode.REACTS, UnaryOperator.identity());

        final TickToTrade tickToTrade = run.report.tickToTrade().orElseThrow();
        final String context = tickToTrade + "\n" + run.report.checks() + "\n" + run.console;
        assertTrue(tickToTrade.triggers() >= 200, context);
        assertEquals(tickToTrade.triggers(), tickToTrade.answered(), context);
        assertEquals(0, tickToTrade.missed(), context);
        assertEquals(0, tickToTrade.withoutTrigger(), context);
        assertEquals(List.of("fix"), tickToTrade.feeds(), context);
        assertEquals(1, tickToTrade.orderSessions(), context);
        assertEquals(1, tickToTrade.subscriptions(), context);
        assertTrue(run.report.outcomes().balances(), run.report.outcomes().toString());
        assertTrue(run.report.corrected().p50() > 0, run.report.corrected().toString());

        assertTrue(run.reactor.triggersSeen() >= tickToTrade.triggers(), "seen " + run.reactor.triggersSeen());
        assertEquals(0, run.reactor.entriesMarkedOtherwise(), "only a trigger's entry carries 58");
        assertEquals(List.of(), run.reactor.rejectsSent(), "QuickFIX/J refused nothing the market sent");
        assertEquals(List.of(), run.reactor.rejectsReceived(), "the market refused no message of QuickFIX/J's");
        assertEquals(List.of(), run.reactor.orderRejects(), "no reaction was rejected");
    }

    @Test
    void aMalformedOrderGetsARejectNamingTheFieldAndIsNeverTakenForAReaction(@TempDir final Path dir)
    {
        final ReactorRun run = ReactorRun.of(TestMarkets.market(dir.resolve("market"))
            .rate(1_000)
            .triggerEvery(10)
            .warmup(Duration.ZERO)
            .duration(Duration.ofSeconds(2))
            .build(), QuickFixJReactor.Mode.REACTS, QuickFixJReactor::withOneOrderWithoutPrice);

        final TickToTrade tickToTrade = run.report.tickToTrade().orElseThrow();
        final String context = tickToTrade + "\n" + run.report.checks() + "\n" + run.console;
        final List<String> rejects = run.reactor.orderRejects();
        assertEquals(1, rejects.size(), rejects + "\n" + context);
        assertTrue(rejects.get(0).startsWith("M") && rejects.get(0).contains("Price (44)"), rejects.toString());
        assertEquals(1, tickToTrade.malformed(), context);
        // It echoed a trigger its reaction had answered: matched, it would have been a duplicate.
        assertEquals(0, tickToTrade.duplicates(), context);
        assertEquals(0, tickToTrade.withoutTrigger(), context);
        assertEquals(tickToTrade.triggers(), tickToTrade.answered(), context);
        assertTrue(run.report.checks().stream().anyMatch(check ->
            check.outcome() == Check.Outcome.WARNING && check.name().contains("malformed")),
            "a warning names the malformed order: " + run.report.checks());
    }
}
