package io.sonde.report;

import io.sonde.api.Percentiles;
import io.sonde.api.TickToTrade;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A market run's lines on the terminal, pinned: the feed and its triggers, their answers, the feed's cost, the
 * application's sessions, the first orders without a trigger, and the floors when there is a calibration.
 */
class TickToTradeLinesTest
{
    @Test
    void aMarketRunEchoingInTextWithACalibrationPrintsEveryLine()
    {
        final String printed = print(tickToTrade(58, List.of("ClOrdID X17: tag 58 absent"),
            new TickToTrade.Floors("results/cal", 6.1, 9.8, 11.0, 2.2)));

        assertEquals(String.join("\n",
            "tick-to-trade: 1 trigger in 10 events at 10k events/s (achieved 9,998.7/s); feed " +
                "udp://127.0.0.1:40001 + fix; echo in tag 58",
            "  triggers 30,000: 29,990 answered, 10 missed, 0 awaited at the end; 1 late, 2 duplicate, 3 malformed, " +
                "1 without a trigger",
            "  feed: 300,000 events in 150,213 packets, 0 datagrams not sent, 0 FIX messages back-pressured; publish " +
                "lateness p50 3.10µs, p99 9.80µs, max 210µs",
            "  application: 1 order session, 1 FIX market data subscription",
            "  orders without a trigger, the first: ClOrdID X17: tag 58 absent",
            "  floors (results/cal): UDP one-way p50 6.10µs + half the TCP round-trip p50 4.90µs = 11.0µs; " +
                "tick-to-trade p50 ÷ that 2.2×", ""), printed);
    }

    @Test
    void matchingByPriceWithoutACalibrationSaysSoAndPrintsNoFloors()
    {
        final String printed = print(tickToTrade(null, List.of(), null));

        assertEquals("tick-to-trade: 1 trigger in 10 events at 10k events/s (achieved 9,998.7/s); feed " +
            "udp://127.0.0.1:40001 + fix; matched by price", printed.lines().findFirst().orElseThrow());
        assertEquals(4, printed.lines().count());
    }

    private static String print(final TickToTrade tickToTrade)
    {
        final StringWriter text = new StringWriter();
        try (PrintWriter console = new PrintWriter(text))
        {
            TickToTradeLines.print(console, tickToTrade);
        }
        return text.toString().replace(System.lineSeparator(), "\n");
    }

    static TickToTrade tickToTrade(final Integer echoTag, final List<String> without, final TickToTrade.Floors floors)
    {
        return new TickToTrade(List.of("udp://127.0.0.1:40001", "fix"), echoTag == null ? "price" : "echo", echoTag,
            10_000, 9_998.7, 10, 300_000, 150_213, 0, 0, 30_000, 29_990, 10, 0, 1, 2, 3, without.size(), without, 1,
            1, new Percentiles(3.1, 4.0, 9.8, 30.2, 80.0, 210.0, 300_000), floors);
    }
}
