package io.sonde.inprocess;

import io.sonde.api.BookReport;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The book flow against a venue that is not Sonde's own and never matches an order: the run completes, reports no
 * trade with a warning saying why the order-to-trade ratio is out of reach, and cancels every order it left resting.
 */
@Timeout(120)
class BookAgainstForeignVenueTest
{
    @Test
    void aVenueThatNeverMatchesGivesNoTradeAWarningAndARunThatCompletes(@TempDir final Path dir) throws Exception
    {
        try (QuickFixJVenue venue = new QuickFixJVenue(Duration.ZERO, 1, QuickFixJVenue.Misbehaviour.NEVER_MATCHES))
        {
            final StringWriter console = new StringWriter();
            final RunSpec.Builder builder = RunSpec.builder().target("127.0.0.1", venue.port());
            builder.set("flow", "book");
            builder.set("symbols", "A,B");
            builder.set("book-depth", "5");
            final RunReport report = Sonde.run(builder
                .rate(200)
                .warmup(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(3))
                .out(dir.resolve("run"))
                .build(), new PrintWriter(console));

            assertEquals(report.outcomes().sent(), report.outcomes().acknowledged(), console.toString());
            final BookReport book = report.book().orElseThrow();
            assertEquals(0, book.trades(), book.toString());
            assertTrue(book.aggressive() > 0, book.toString());
            assertNull(book.orderToTrade(), book.toString());
            assertTrue(book.warnings().get(0).startsWith("no trade: none of the"), book.warnings().toString());
            final BookReport.CloseOut closeOut = book.closeOut();
            assertTrue(closeOut.resting() > 0, closeOut.toString());
            assertEquals(closeOut.resting(), closeOut.cancelled(), closeOut.toString());
            assertEquals(0, closeOut.left(), closeOut.toString());
            assertEquals(Set.of(), venue.openOrders(), "nothing left resting at the venue");
        }
    }
}
