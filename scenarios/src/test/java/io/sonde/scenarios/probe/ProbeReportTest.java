package io.sonde.scenarios.probe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.scenarios.CliHarness;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sonde report} of what the probe wrote: its results folder, every daily {@code .hlog} in it merged, or one
 * {@code .hlog} on its own.
 */
@Timeout(180)
class ProbeReportTest
{
    @TempDir
    Path folder;

    @Test
    void aProbesResultsFolderAndEachOfItsLogsAreReportedFromTheirIntervalLogs() throws Exception
    {
        final Path results = folder.resolve("results");
        try (EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false))
        {
            final Path config = ProbeHarness.writeConfig(folder, exchange.port());
            for (int restart = 0; restart < 2; restart++)
            {
                final CliHarness probe = CliHarness.run("probe", "--config", config.toString(), "--once", "5");
                assertEquals(0, probe.exitCode, probe.toString());
            }
        }
        final List<Path> logs = logs(results);
        assertEquals(2, logs.size(), "a restart on the same day starts a numbered log: " + logs);

        final Path html = folder.resolve("report/report.html");
        final CliHarness report = CliHarness.run("report", results.toString(), "--out", html.toString());

        assertEquals(0, report.exitCode, report.toString());
        assertTrue(report.out.contains(results + " (probe)"), report.out);
        final JsonNode row = row(html.resolveSibling("report.json"));
        assertEquals(10, row.get("corrected").get("count").asLong(), "both runs' lifecycles: " + report.out);
        assertEquals(count(logs.get(0)) + count(logs.get(1)), row.get("corrected").get("count").asLong());
        final String page = Files.readString(html);
        assertTrue(page.contains("<svg class=\"plot\" id=\"time-"), "latency over time");
        assertTrue(page.contains("<svg class=\"plot\" id=\"percentiles-"), "the percentile distribution");
        assertTrue(page.contains("data-name=\"new-ack\""), "each stage the probe timed");

        final Path day = logs.get(0);
        final CliHarness oneLog = CliHarness.run("report", day.toString());

        assertEquals(0, oneLog.exitCode, oneLog.toString());
        final String stem = day.getFileName().toString().replaceAll("\\.hlog$", "");
        final Path beside = day.resolveSibling(stem + ".html");
        assertTrue(oneLog.out.contains("Wrote " + beside + ", "), oneLog.out);
        assertEquals(count(day), row(day.resolveSibling(stem + ".json")).get("corrected").get("count").asLong());
    }

    private static JsonNode row(final Path json) throws Exception
    {
        final JsonNode rows = new ObjectMapper().readTree(json.toFile()).get("inputs").get(0).get("rows");
        assertEquals(1, rows.size(), rows.toString());
        return rows.get(0);
    }

    private static List<Path> logs(final Path results) throws Exception
    {
        try (Stream<Path> files = Files.list(results))
        {
            return files.filter(file -> file.getFileName().toString().matches("probe-.*\\.hlog")).sorted().toList();
        }
    }

    /**
     * @return the log's corrected lifecycles, read with HdrHistogram's own reader.
     */
    private static long count(final Path log) throws Exception
    {
        long count = 0;
        final HistogramLogReader reader = new HistogramLogReader(log.toFile());
        EncodableHistogram interval;
        while ((interval = reader.nextIntervalHistogram()) != null)
        {
            if ("corrected".equals(interval.getTag()))
            {
                count += ((Histogram)interval).getTotalCount();
            }
        }
        reader.close();
        return count;
    }
}
