package io.sonde.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A book's {@code feed} written into a summary reads back whole, and a book written before it had one reads as
 * without.
 */
class BookFeedReadingTest
{
    @TempDir
    Path dir;

    @Test
    void aBooksFeedIsWrittenAndReadBackWithItsDepthAndOrderToTickByAction() throws Exception
    {
        final Path summary = Files.writeString(dir.resolve(RunReport.SUMMARY_FILE), "{}");
        final BookFeed feed = new BookFeed("udp", 30, List.of(new BookFeed.SymbolDepth("A", 9.5, 10.5, 10, 10),
            new BookFeed.SymbolDepth("B", 10, 11, 10, 9)), new Percentiles(10, 20, 30, 40, 50, 60, 700),
            new Percentiles(1, 2, 3, 4, 5, 6, 25), 700, 25);

        BookSummary.addTo(summary, book().withFeed(feed, List.of("the depth")));
        final BookReport read = BookSummary.read(summary).orElseThrow();

        assertEquals(feed, read.feed());
        assertEquals(List.of("the depth"), read.warnings());
        assertEquals(10.25, read.feed().meanDepth(), 1e-9);
    }

    @Test
    void aBookWithoutMarketDataHasNoFeed() throws Exception
    {
        final Path summary = Files.writeString(dir.resolve(RunReport.SUMMARY_FILE), "{}");

        BookSummary.addTo(summary, book());

        assertNull(BookSummary.read(summary).orElseThrow().feed());
        assertEquals(-1, Files.readString(summary).indexOf("\"feed\""));
    }

    private static BookReport book()
    {
        return new BookReport(10, 80, 80, 25, 0.8, 25.0, 0.8, 100, 10, 80, 0, 10, 80, 0, 10,
            new BookReport.CloseOut("one-by-one", 80, 80, 0, 0), List.of(80, 80), List.of());
    }
}
