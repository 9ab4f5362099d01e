package io.sonde.report;

import io.sonde.loadgen.record.IntervalLog;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's configuration disclosure is read by people: the thread layout shows each busy thread and what it
 * runs on a line of its own, not the JSON it was recorded as.
 */
class ConfigurationTableTest
{
    private static final String METADATA = "\"metadata\": {\"startedAt\": \"2026-11-27T18:00:00Z\", " +
        "\"commandLine\": [\"run\", \"--embedded\"], \"threadLayout\": {\"busyThreads\": [" +
        "{\"name\": \"sonde-load\", \"runs\": [\"load agent\", \"fix library\"]}, " +
        "{\"name\": \"exchange-service\", \"runs\": [\"matching engine\"]}], \"idle\": \"busy-spin\", \"cores\": 2}}";

    @TempDir
    Path dir;

    @Test
    void theThreadLayoutIsAThreadALineNotJson() throws IOException
    {
        final ReportInput input = ReportInput.read("A", List.of(run()));

        final String html = HtmlReport.render(List.of(input), List.of());

        final String table = html.substring(html.indexOf("<table id=\"metadata-"));
        final String disclosure = table.substring(0, table.indexOf("</table>"));
        assertTrue(disclosure.contains("sonde-load: load agent, fix library<br>exchange-service: matching engine"),
            disclosure);
        assertFalse(disclosure.contains("{") || disclosure.contains("&quot;name&quot;"), disclosure);
        assertTrue(disclosure.contains("<td class=\"text\">busy-spin</td>"), disclosure);
    }

    private Path run() throws IOException
    {
        final Path folder = Files.createDirectories(dir.resolve("run"));
        Files.writeString(folder.resolve("summary.json"), "{\"kind\": \"run\", \"targetRate\": 1000, " +
            "\"achievedRate\": 1000, \"sent\": 1000, \"acknowledged\": 1000, \"intervalLogs\": [\"run.hlog\"], " +
            METADATA + "}");
        final long startMs = 1_800_000_000_000L;
        try (IntervalLog log = new IntervalLog(folder.resolve("run.hlog"), startMs, "run"))
        {
            final Histogram histogram = new Histogram(3);
            histogram.setTag("corrected");
            histogram.setStartTimeStamp(startMs);
            histogram.setEndTimeStamp(startMs + 1000);
            histogram.recordValue(20_000);
            log.write(histogram);
        }
        return folder;
    }
}
