package io.sonde.report;

import io.sonde.api.BookFeed;
import io.sonde.api.BookReport;
import io.sonde.api.Percentiles;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's order book section shows, for a run that read market data, the depth the feed showed and
 * order-to-tick for passive orders and for trades; nothing for runs without.
 */
class BookFeedSectionTest
{
    private static final BookReport BOOK = new BookReport(10, 80, 80, 25, 0.8, 25.0, 0.8, 1000, 100, 800, 0, 96,
        790, 0, 90, new BookReport.CloseOut("one-by-one", 80, 80, 0, 0), List.of(80, 80), List.of());

    @Test
    void aRunThatReadTheFeedShowsItsDepthAndOrderToTickByAction()
    {
        final BookFeed feed = new BookFeed("udp", 30, List.of(new BookFeed.SymbolDepth("A", 9.5, 10.5, 10, 10)),
            new Percentiles(120, 200, 900, 1000, 1000, 1200, 990), new Percentiles(80, 100, 400, 500, 500, 600, 96),
            990, 96);

        final String html = html(BOOK.withFeed(feed, List.of()));

        assertTrue(html.contains("<table id=\"book-feed-run\">"), html);
        assertTrue(html.contains("<td>500/s</td><td>10</td><td class=\"achieved\">10.0</td><td>30</td>" +
            "<td>120\u00b5s</td><td>900\u00b5s</td><td>990</td><td>80.0\u00b5s</td><td>400\u00b5s</td><td>96</td>"),
            html);
    }

    @Test
    void runsWithoutMarketDataAddNothing()
    {
        assertEquals("", html(BOOK));
    }

    private static String html(final BookReport book)
    {
        final ReportRow row = new ReportRow(500, null);
        row.addBook(book);
        final StringBuilder html = new StringBuilder();
        BookFeedSection.appendHtml(html, new ReportInput("run", List.of(row), null, Map.of(), "run"), "run");
        return html.toString();
    }
}
