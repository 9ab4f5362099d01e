package io.sonde.inprocess.market;

import io.sonde.api.Check;
import io.sonde.api.TickToTrade;
import io.sonde.api.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An application that logs on and subscribes but never reacts has missed every trigger: the run is judged missed,
 * never void (the feed went out on time; the application did not answer), and says how many of how many.
 */
@Timeout(120)
class SilentApplicationTest
{
    @Test
    void anApplicationThatNeverReactsMissesEveryTrigger(@TempDir final Path dir)
    {
        final ReactorRun run = ReactorRun.of(TestMarkets.market(dir.resolve("market"))
            .rate(1_000)
            .triggerEvery(10)
            .warmup(Duration.ZERO)
            .duration(Duration.ofSeconds(2))
            .timeout(Duration.ofMillis(200))
            .build(), QuickFixJReactor.Mode.NEVER_REACTS, UnaryOperator.identity());

        final TickToTrade tickToTrade = run.report.tickToTrade().orElseThrow();
        final String context = tickToTrade + "\n" + run.report.checks() + "\n" + run.console;
        assertEquals(Verdict.MISSED, run.report.verdict(), context);
        assertTrue(tickToTrade.triggers() > 0, context);
        assertEquals(0, tickToTrade.answered(), context);
        assertEquals(tickToTrade.triggers(), tickToTrade.missed() + tickToTrade.awaited(), context);
        assertTrue(run.reactor.triggersSeen() > 0, "the triggers reached it: " + run.reactor.triggersSeen());
        assertTrue(run.report.checks().stream().anyMatch(check -> check.outcome() == Check.Outcome.FAILED &&
            check.detail().startsWith("0 of ") && check.detail().contains(" triggers answered")),
            "a failed check says 0 of N triggers answered: " + run.report.checks());
    }
}
