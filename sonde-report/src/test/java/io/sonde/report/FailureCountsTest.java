package io.sonde.report;

import io.sonde.api.RunReport;
import io.sonde.loadgen.record.IntervalLog;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run's failures as the tables print them: a count that is not a failure ({@code faultOrders.kept}) is never in
 * an errors column, two disconnects for one {@code disconnect:1} fault say which two (the fault's own, and Artio
 * dropping the venue's Logon whose numbers went back), and the run's block of counts has headings.
 */
class FailureCountsTest
{
    private static final String FAILURES = "\"failures\": {\"orderRejected\": 0, \"statusRequests\": 3, " +
        "\"sessionNotActiveSkips\": 93, \"disconnects\": 2, \"disconnects.APPLICATION_DISCONNECT\": 1, " +
        "\"disconnects.MSG_SEQ_NO_TOO_LOW\": 1, \"faultOrders.kept\": 799, \"faultOrders.lost\": 0}";

    @TempDir
    Path dir;

    @Test
    void theReportsErrorsColumnListsFailuresOnlyAndSaysWhyEachDisconnectHappened() throws IOException
    {
        final StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text))
        {
            ReportTables.print(out, ReportInput.read("A", List.of(run())));
        }

        final String row = text.toString().lines().filter(line -> line.contains("1000/s")).findFirst().orElseThrow();
        assertTrue(row.endsWith("disconnects 2 (APPLICATION_DISCONNECT 1, MSG_SEQ_NO_TOO_LOW 1), " +
            "sessionNotActiveSkips 93"), row);
        assertFalse(row.contains("faultOrders.kept") || row.contains("statusRequests"), "not errors: " + row);
        final String html = HtmlReport.render(List.of(ReportInput.read("A", List.of(run()))), List.of());
        assertTrue(html.contains("<td class=\"text\">disconnects</td><td>2 (APPLICATION_DISCONNECT 1, " +
            "MSG_SEQ_NO_TOO_LOW 1)</td>") && html.contains("<td class=\"text\">faultOrders.kept (a count, not a " +
            "failure)</td><td>799</td>"), html);
    }

    @Test
    void theRunsCountsAreHeadedFailuresApartFromTheCountsThatAreNot() throws IOException
    {
        final StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text))
        {
            RunTable.print(out, RunReport.read(run()));
        }

        assertTrue(text.toString().contains(String.join(System.lineSeparator(), "failures and session events:",
            "  sessionNotActiveSkips  93",
            "  disconnects            2 (APPLICATION_DISCONNECT 1, MSG_SEQ_NO_TOO_LOW 1)",
            "counts (not failures):",
            "  statusRequests         3",
            "  faultOrders.kept       799")), text.toString());
    }

    private Path run() throws IOException
    {
        final Path folder = Files.createDirectories(dir.resolve("run"));
        Files.writeString(folder.resolve("summary.json"), "{\"kind\": \"run\", \"targetRate\": 1000, " +
            "\"achievedRate\": 1000, \"sent\": 1000, \"acknowledged\": 1000, \"intervalLogs\": [\"run.hlog\"], " +
            FAILURES + "}");
        final long startMs = 1_800_000_000_000L;
        try (IntervalLog log = new IntervalLog(folder.resolve("run.hlog"), startMs, "run"))
        {
            final Histogram interval = new Histogram(3);
            interval.setTag("corrected");
            interval.setStartTimeStamp(startMs);
            interval.setEndTimeStamp(startMs + 1000);
            interval.recordValue(20_000);
            log.write(interval);
        }
        return folder;
    }
}
