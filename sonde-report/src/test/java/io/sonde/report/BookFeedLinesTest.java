package io.sonde.report;

import io.sonde.api.BookFeed;
import io.sonde.api.BookReport;
import io.sonde.api.Percentiles;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A book run with market data prints, under the book's lines, the depth the feed showed beside the target and
 * order-to-tick for passive orders and for trades.
 */
class BookFeedLinesTest
{
    private static final BookReport BOOK = new BookReport(10, 80, 80, 25, 0.8, 25.0, 0.8, 1000, 100, 800, 0, 96,
        790, 0, 90, new BookReport.CloseOut("one-by-one", 80, 80, 0, 0), List.of(80, 80), List.of());

    @Test
    void theFeedsDepthIsSetAgainstTheTargetWithEachSymbolAndOrderToTickByAction()
    {
        final BookFeed feed = new BookFeed("udp", 30, List.of(new BookFeed.SymbolDepth("SONDE.A", 9.5, 10.5, 10, 10),
            new BookFeed.SymbolDepth("SONDE.B", 10, 10, 10, 10)), new Percentiles(120, 200, 900, 1000, 1000, 1200,
            990), new Percentiles(80, 100, 400, 500, 500, 600, 96), 990, 96);

        final String printed = printed(BOOK.withFeed(feed, List.of()));

        assertTrue(printed.contains("""
              feed (udp): depth 10.0 levels a side (target 10; mean of 30 s sampled each second; 10.0 when measuring \
            began)
                SONDE.A          bids   9.5  offers  10.5
                SONDE.B          bids  10.0  offers  10.0
              passive-to-tick p50 120us p99 900us (990 adds seen of 1,000 passive); trade-to-tick p50 80.0us p99 \
            400us (96 of 96 trades)
            """.replace("us", "\u00b5s")), printed);
    }

    @Test
    void fixMarketDataShowsOrderToTickButNoDepthAndSaysWhy()
    {
        final Percentiles none = new Percentiles(0, 0, 0, 0, 0, 0, 0);
        final BookFeed feed = new BookFeed("fix", 0, List.of(), none, none, 0, 0);

        final String printed = printed(BOOK.withFeed(feed, List.of("a warning")));

        assertTrue(printed.contains("  feed (fix): depth not followed (it needs the UDP feed, --market-data udp)\n"),
            printed);
        assertTrue(printed.contains("passive-to-tick none (0 adds seen of 1,000 passive)"), printed);
        assertTrue(printed.endsWith("WARNING book: a warning\n"), printed);
    }

    @Test
    void aBookWithoutMarketDataPrintsNoFeedLine()
    {
        assertEquals(-1, printed(BOOK).indexOf("feed ("));
    }

    private static String printed(final BookReport book)
    {
        final StringWriter text = new StringWriter();
        final PrintWriter console = new PrintWriter(text);
        BookLines.print(console, book);
        console.flush();
        return text.toString().replace(System.lineSeparator(), "\n");
    }
}
