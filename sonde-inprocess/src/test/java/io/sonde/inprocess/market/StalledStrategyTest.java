package io.sonde.inprocess.market;

import io.sonde.api.Percentiles;
import io.sonde.api.Stall;
import io.sonde.api.TickToTrade;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The coordinated-omission rule holds for tick-to-trade: an application that stalls is measured from each trigger's
 * intended publish time, so every trigger that fell in a stall waits for its end, and the tail shows it.
 * <p>
 * The truth: triggers arrive at a steady rate, and the strategy stalls for S = 200 ms of every P = 2 s. A share S/P
 * of the triggers meet a stall, their waits spread evenly from 0 to S, so the p-th percentile of corrected
 * tick-to-trade is S - (1 - p) × P: p99 = 200 ms - 0.01 × 2,000 ms = 180 ms (the same derivation as calibrate's
 * self-check against the stalled acceptor). A tool that timed from the strategy's reading of the trigger, or that
 * held back the feed while the strategy was stalled, would report a few microseconds.
 */
@Timeout(90)
class StalledStrategyTest
{
    private static final Stall STALL = new Stall(Duration.ofMillis(200), Duration.ofSeconds(2));

    @Test
    void aStallOf200msEvery2sGivesACorrectedP99OfAbout180ms(@TempDir final Path dir)
    {
        final StrategyRun run = StrategyRun.of(TestMarkets.market(dir.resolve("market"))
            // 2,000 events a second, every 2nd a trigger: 1,000 triggers a second.
            .rate(2_000)
            .triggerEvery(2)
            .warmup(Duration.ofSeconds(2))
            // Five stall cycles measured.
            .duration(Duration.ofSeconds(10)),
            StrategyRun.Feed.UDP, StrategyRun.ECHO_IN_TEXT, STALL);

        final TickToTrade tickToTrade = run.tickToTrade();
        final Percentiles corrected = run.report.corrected();
        final String context = corrected + "\n" + tickToTrade + "\n" + run.report.checks() + "\n" + run.console;
        assertEquals(0, tickToTrade.missed(), context);
        assertEquals(tickToTrade.triggers(), tickToTrade.answered(), context);
        // A tool that timed from the reading of the trigger, skipped the triggers the stall held or dropped the late
        // ones would come out far below 160 ms. A busy host only ever adds: this JVM's own pauses (its hiccup meter,
        // which watches market and strategy alike) may lift the tail above 200 ms by at most as long as they lasted.
        final double hostPause = run.report.hiccup().max();
        assertTrue(corrected.p99() >= 160_000 && corrected.p99() <= 200_000 + hostPause,
            "corrected p99 " + corrected.p99() + " µs, expected 180 ms ± 20 ms (+ " + hostPause + " µs of the " +
                "host's own pauses): " + context);
        assertTrue(corrected.p50() < 20_000, "most triggers met no stall: " + context);
        // The market never waits for the application: its triggers' lateness is Sonde's and the host's alone, far
        // below the stall that a market held back by its application would show.
        assertTrue(run.report.lateness().p99() < 100_000, "Sonde published on time, stall or not: " +
            run.report.lateness() + "\n" + context);
    }
}
