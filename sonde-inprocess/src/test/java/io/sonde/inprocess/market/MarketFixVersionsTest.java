package io.sonde.inprocess.market;

import io.sonde.api.FixVersion;
import io.sonde.api.TickToTrade;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The market accepts order sessions of each FIX version Sonde speaks, one version per run, and answers them in that
 * version: the reference strategy logs on with it, reacts to the UDP feed, and every trigger is answered, with no
 * order refused and the session never dropped.
 */
@Timeout(120)
class MarketFixVersionsTest
{
    @ParameterizedTest
    @EnumSource(FixVersion.class)
    void everyTriggerIsAnsweredOverAnOrderSessionOfEachFixVersion(final FixVersion version, @TempDir final Path dir)
    {
        final StrategyRun run = StrategyRun.of(TestMarkets.market(dir.resolve("market"))
            .fixVersion(version)
            .rate(1_000)
            .triggerEvery(10)
            .warmup(Duration.ofSeconds(1))
            .duration(Duration.ofSeconds(1)),
            StrategyRun.Feed.UDP, StrategyRun.ECHO_IN_TEXT, null, version);

        final TickToTrade tickToTrade = run.tickToTrade();
        final String context = version + ": " + tickToTrade + "\n" + run.report.checks() + "\nstrategy: " +
            run.counts.describe() + ", logons " + run.counts.logons() + "\n" + run.console;
        assertTrue(tickToTrade.triggers() > 0, context);
        assertEquals(tickToTrade.triggers(), tickToTrade.answered(), context);
        assertEquals(0, tickToTrade.malformed(), context);
        assertEquals(0, tickToTrade.withoutTrigger(), context);
        assertEquals(0, run.counts.reactionsNotSent(), "the strategy sent every reaction: " + run.counts.describe());
        assertEquals(1, run.counts.logons(), "one logon, no reconnect: " + run.counts.describe());
    }
}
