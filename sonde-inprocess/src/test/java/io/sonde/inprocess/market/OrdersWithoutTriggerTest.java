package io.sonde.inprocess.market;

import io.sonde.api.Check;
import io.sonde.api.TickToTrade;
import io.sonde.api.Verdict;
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
 * Orders that carry no trigger's identity are the application's to explain, not a reason to throw the run away:
 * each is counted, the first ones are named with why, a warning says so, and the run keeps its verdict.
 */
@Timeout(120)
class OrdersWithoutTriggerTest
{
    @Test
    void ordersWithoutTheTriggersIdentityAreCountedAndNamedAndTheRunIsNotVoid(@TempDir final Path dir)
    {
        final ReactorRun run = ReactorRun.of(TestMarkets.market(dir.resolve("market"))
            .rate(1_000)
            .triggerEvery(10)
            // Measured from the start: every order the reactor sends falls in the measured window.
            .warmup(Duration.ZERO)
            .duration(Duration.ofSeconds(3))
            .build(), QuickFixJReactor.Mode.ALSO_UNMARKED_ORDERS, UnaryOperator.identity());

        final TickToTrade tickToTrade = run.report.tickToTrade().orElseThrow();
        final String context = tickToTrade + "\n" + run.report.checks() + "\n" + run.console;
        final List<String> unmarked = run.reactor.unmarkedOrders();
        assertTrue(unmarked.size() >= 20, "an order without an echo after every 5th reaction: " + unmarked.size());
        // Passed: nothing about these orders fails the run or voids it. Only Sonde's own schedule may void it, on a
        // host too busy to keep to it, which says nothing about the orders.
        assertTrue(run.report.verdict() == Verdict.PASSED || run.report.checks().stream()
            .filter(check -> !check.passed())
            .allMatch(check -> check.outcome() == Check.Outcome.VOID && "generator".equals(check.group())), context);
        // The last one may follow its reaction after the run has ended, and then is not counted.
        final long counted = tickToTrade.withoutTrigger();
        assertTrue(counted == unmarked.size() || counted == unmarked.size() - 1, unmarked.size() + " sent: " + context);
        assertEquals(tickToTrade.triggers(), tickToTrade.answered(), context);
        assertEquals(0, tickToTrade.duplicates(), "an unmarked order is no second reaction: " + context);

        final List<String> named = tickToTrade.withoutTriggerOrders();
        assertEquals(Math.min(unmarked.size(), 10), named.size(), named.toString());
        for (int i = 0; i < named.size(); i++)
        {
            assertEquals("ClOrdID " + unmarked.get(i) + ": tag 58 absent", named.get(i));
        }
        assertTrue(run.report.checks().stream().anyMatch(check -> "orders".equals(check.group()) &&
            check.outcome() == Check.Outcome.WARNING && check.detail().contains("ClOrdID " + unmarked.get(0) + ": ")),
            "a warning names the first of them: " + run.report.checks());
    }
}
