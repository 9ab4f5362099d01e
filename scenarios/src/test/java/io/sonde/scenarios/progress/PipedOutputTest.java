package io.sonde.scenarios.progress;

import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's main job, a sweep of the bundled exchange, shortened to three steps of 2 s, printed to a pipe (the
 * console of a test is no terminal): at most 40 lines, the logon and the thread layout said once, no interval line
 * a second, and with {@code --quiet} nothing but the result.
 */
@Timeout(240)
class PipedOutputTest
{
    private static final int BUDGET = 40;

    @Test
    void theReadmesMainJobPrintsAtMostFortyLinesWhenPiped(@TempDir final Path dir)
    {
        final CliHarness cli = CliHarness.run("sweep", "--embedded", "--rates", "1k,2k,5k", "--step-duration", "2s",
            "--sessions", "4", "--no-history", "--out", dir.resolve("sweep").toString());

        assertNotEquals(2, cli.exitCode, cli.toString());
        final List<String> lines = cli.out.lines().toList();
        assertTrue(lines.size() <= BUDGET, lines.size() + " lines:\n" + cli.out);
        assertEquals(1, count(lines, " logged on 4 session(s) to "), cli.out);
        assertEquals(1, count(lines, " busy threads, "), cli.out);
        assertEquals(0, count(lines, " warm-up target "), "a warm-up's intervals are not logged:\n" + cli.out);
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("Verdict: ")), cli.out);
    }

    @Test
    void quietPrintsOnlyTheResult(@TempDir final Path dir)
    {
        final CliHarness cli = CliHarness.run("run", "--embedded", "--rate", "500", "--duration", "2s", "--warmup",
            "1s", "--no-history", "--quiet", "--out", dir.resolve("run").toString());

        assertNotEquals(2, cli.exitCode, cli.toString());
        final List<String> lines = cli.out.lines().toList();
        assertEquals(0, count(lines, "[run]"), cli.out);
        assertEquals(0, count(lines, "idle auto"), cli.out);
        assertEquals(0, count(lines, "Starting the embedded exchange"), cli.out);
        assertEquals(1, count(lines, "Wrote "), cli.out);
        assertTrue(lines.get(lines.size() - 1).startsWith("Verdict: "), cli.out);
    }

    private static long count(final List<String> lines, final String part)
    {
        return lines.stream().filter(line -> line.contains(part)).count();
    }
}
