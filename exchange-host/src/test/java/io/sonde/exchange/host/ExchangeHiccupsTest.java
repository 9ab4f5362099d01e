package io.sonde.exchange.host;

import io.sonde.agent.HiccupRecording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class ExchangeHiccupsTest
{
    @Test
    void aRestartedComponentKeepsTheLogOfItsEarlierRunBesideItsNewOne(@TempDir final Path dir) throws Exception
    {
        final StringWriter console = new StringWriter();
        record(dir, console);
        record(dir, console);

        final List<Path> logs;
        try (Stream<Path> files = Files.list(dir))
        {
            logs = files.sorted().toList();
        }
        assertEquals(2, logs.size(), logs.toString());
        assertTrue(logs.contains(dir.resolve("exchange-member-1.hiccup.hlog")), logs.toString());
        assertTrue(logs.stream().anyMatch(log -> log.getFileName().toString()
            .matches("exchange-member-1\\.\\d+\\.hiccup\\.hlog")), "the earlier run's log, renamed: " + logs);
        for (final Path log : logs)
        {
            assertTrue(intervals(log) >= 1, log + " holds its intervals");
        }
        assertTrue(console.toString().contains("hiccups of exchange-member-1 recorded in " + dir.toAbsolutePath()),
            console.toString());
    }

    private static void record(final Path dir, final StringWriter console) throws InterruptedException
    {
        try (HiccupRecording ignored = ExchangeHiccups.start(dir, "exchange-member-1", new PrintWriter(console, true)))
        {
            Thread.sleep(1_200);
        }
    }

    /**
     * @return the lines of a jHiccup-format log that hold an interval: neither a comment nor its column header.
     */
    private static long intervals(final Path log) throws Exception
    {
        try (Stream<String> lines = Files.lines(log))
        {
            return lines.filter(line -> !line.startsWith("#") && !line.startsWith("\"")).count();
        }
    }

    @Test
    void theFoldersTheExchangeAndProbeWriteByDefaultAreIgnoredByGit() throws Exception
    {
        final List<String> ignored = Files.readAllLines(Path.of("..", ".gitignore"));

        for (final String folder : List.of("hiccups/", "exchange-data/", "probe-state/", "probe-results/"))
        {
            assertTrue(ignored.contains(folder), folder + " is written into the working folder by default: " +
                ignored);
        }
    }
}
