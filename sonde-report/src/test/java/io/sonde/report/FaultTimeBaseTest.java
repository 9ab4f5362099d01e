package io.sonde.report;

import io.sonde.loadgen.record.IntervalLog;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A report counts a run's time from its measured start, as {@code --fault AT} and the run's own lines do: a fault due
 * 1 s into the measured window of a run with a 2 s warm-up is at 1.0 s in the faults table, not 3.0 s from the first
 * interval, and so is a fault another process applied; the worst moment and the plot say the same base.
 */
class FaultTimeBaseTest
{
    private static final long START_MS = 1_800_000_000_000L;
    private static final int WARMUP_SECONDS = 2;

    @TempDir
    Path dir;

    @Test
    void faultsAreTimedFromTheMeasuredStartLikeTheTerminalAndTheirAtOption() throws IOException
    {
        final ReportInput input = ReportInput.read("A", List.of(run()));

        final String html = HtmlReport.render(List.of(input), List.of());

        final String table = html.substring(html.indexOf("<table id=\"faults-"));
        final String rows = table.substring(0, table.indexOf("</table>"));
        assertTrue(rows.contains("<td class=\"text\">disconnect:1</td><td class=\"text\">SONDE1</td><td>1.0 s</td>"),
            "the judged fault at its --fault time: " + rows);
        assertTrue(rows.contains("<td class=\"text\">member 2</td><td>2.0 s</td>"),
            "the other process's fault on the same base: " + rows);
        assertTrue(html.contains("seconds into the measured window"), "the plot's axis names its base");
        final StringWriter terminal = new StringWriter();
        try (PrintWriter out = new PrintWriter(terminal))
        {
            ReportTables.print(out, input);
        }
        assertTrue(terminal.toString().contains("in the interval 2.0-3.0 s into the measured window"),
            terminal.toString());
    }

    /**
     * A run at 1000/s: its log's measured series from the run's start, empty through a 2 s warm-up, then three
     * measured seconds, the last the slowest; a judged fault due 1 s into the window and a faults.json fault 2 s in.
     */
    private Path run() throws IOException
    {
        final Path folder = Files.createDirectories(dir.resolve("run"));
        final Instant judgedAt = Instant.ofEpochMilli(START_MS + (WARMUP_SECONDS + 1) * 1000L + 3);
        Files.writeString(folder.resolve("summary.json"), "{\"kind\": \"run\", \"targetRate\": 1000, " +
            "\"achievedRate\": 1000, \"sent\": 3000, \"acknowledged\": 3000, \"intervalLogs\": [\"run.hlog\"], " +
            "\"warmupSeconds\": " + WARMUP_SECONDS + ", \"faults\": [{\"at\": 1.0, \"kind\": \"disconnect\", " +
            "\"argument\": \"1\", \"sessions\": [\"SONDE1\"], \"wallClockStart\": \"" + judgedAt + "\", " +
            "\"recovered\": true, \"recoveryMillis\": 200.0, \"inFlight\": 1, \"inFlightOutcomes\": {\"answered\": " +
            "1, \"settledByStatus\": 0, \"timedOut\": 0}, \"lost\": 0, \"lostClOrdIds\": [], \"duplicated\": 0, " +
            "\"duplicatedClOrdIds\": [], \"unknown\": 0, \"windows\": {}}]}");
        Files.writeString(folder.resolve("faults.json"), "[{\"kind\": \"pause-leader\", \"argument\": \"1s\", " +
            "\"member\": 2, \"wallClockStart\": \"" + Instant.ofEpochMilli(START_MS + 4000) + "\"}]");
        try (IntervalLog log = new IntervalLog(folder.resolve("run.hlog"), START_MS, "run"))
        {
            for (int second = 0; second < WARMUP_SECONDS + 3; second++)
            {
                final Histogram interval = new Histogram(3);
                interval.setTag("corrected");
                interval.setStartTimeStamp(START_MS + second * 1000L);
                interval.setEndTimeStamp(START_MS + (second + 1) * 1000L);
                if (second >= WARMUP_SECONDS)
                {
                    interval.recordValue(20_000L * second);
                }
                log.write(interval);
            }
        }
        return folder;
    }
}
