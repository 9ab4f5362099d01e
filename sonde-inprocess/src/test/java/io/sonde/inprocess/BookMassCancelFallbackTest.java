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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --mass-cancel on} against a venue that takes no OrderMassCancelRequest, this QuickFIX/J acceptor: whether it
 * refuses the type (a BusinessMessageReject) or never answers (the close-out then waits half its time for a report),
 * every resting order is cancelled one by one, and the summary says so, with a warning naming why.
 */
@Timeout(120)
class BookMassCancelFallbackTest
{
    @Test
    void aMassCancelTheVenueRefusesFallsBackToOneByOneAndLeavesNothingResting(@TempDir final Path dir)
        throws Exception
    {
        try (QuickFixJVenue venue = new QuickFixJVenue(Duration.ZERO, 1, QuickFixJVenue.Misbehaviour.NEVER_MATCHES))
        {
            closesOutOneByOne(venue, dir, "the venue refused OrderMassCancelRequest: BusinessMessageReject");
        }
    }

    @Test
    void aMassCancelNobodyAnswersFallsBackToOneByOneAndLeavesNothingResting(@TempDir final Path dir)
        throws Exception
    {
        try (QuickFixJVenue venue = new QuickFixJVenue(Duration.ZERO, 1, QuickFixJVenue.Misbehaviour.NEVER_MATCHES)
            .ignoringMassCancel())
        {
            closesOutOneByOne(venue, dir, "1 session(s) had no OrderMassCancelReport within 2000 ms");
        }
    }

    private static void closesOutOneByOne(final QuickFixJVenue venue, final Path dir, final String why)
        throws Exception
    {
        final StringWriter console = new StringWriter();
        final RunSpec.Builder builder = RunSpec.builder().target("127.0.0.1", venue.port());
        builder.set("flow", "book");
        builder.set("symbols", "A,B");
        builder.set("book-depth", "5");
        builder.set("mass-cancel", "on");
        builder.set("timeout", "4s");
        final RunReport report = Sonde.run(builder
            .rate(200)
            .warmup(Duration.ofSeconds(1))
            .duration(Duration.ofSeconds(2))
            .out(dir.resolve("run"))
            .build(), new PrintWriter(console));

        final BookReport book = report.book().orElseThrow();
        final BookReport.CloseOut closeOut = book.closeOut();
        assertEquals("mass-then-one-by-one", closeOut.method(), closeOut.toString());
        assertTrue(closeOut.resting() > 0, closeOut.toString());
        assertEquals(closeOut.resting(), closeOut.cancelled(), closeOut.toString());
        assertEquals(0, closeOut.left(), closeOut.toString());
        assertTrue(book.warnings().stream().anyMatch(warning -> warning.startsWith(
            "the mass cancel at the end left orders to cancel one by one: " + why)), book.warnings().toString());
        assertEquals(Set.of(), venue.openOrders(), "nothing left resting at the venue");
    }
}
