package io.sonde.scenarios.run;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --repeat N} on the command line: refused before anything connects (exit 2, naming the option) below one
 * run, also from a scenario file; and a repeated run prints each run before the pooled figures and names every log
 * it wrote.
 */
class RepeatOptionTest
{
    @Test
    @Timeout(30)
    void noRunsAtAllIsRefusedWithExitTwoNamingTheOption(@TempDir final Path dir)
    {
        assertRefused(dir, "--repeat must be at least 1: 0", "run", "--target", "127.0.0.1:1", "--repeat", "0");
    }

    @Test
    @Timeout(30)
    void aNegativeRepeatIsRefusedLikewise(@TempDir final Path dir)
    {
        assertRefused(dir, "--repeat must be at least 1: -3", "run", "--target", "127.0.0.1:1", "--repeat", "-3");
    }

    @Test
    @Timeout(30)
    void aSweepRefusesItToo(@TempDir final Path dir)
    {
        assertRefused(dir, "--repeat must be at least 1: 0",
            "sweep", "--target", "127.0.0.1:1", "--rates", "1k,2k", "--repeat", "0");
    }

    @Test
    @Timeout(30)
    void aScenarioFileTakesItAsTheFieldRepeat(@TempDir final Path dir) throws Exception
    {
        final Path scenario = Files.writeString(dir.resolve("repeat.yaml"), "target: 127.0.0.1:1\nrepeat: 0\n");

        final CliHarness cli = CliHarness.runMechanics("run", "--scenario", scenario.toString(), "--out",
            dir.resolve("out").toString());

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("repeat: must be at least 1: 0"), cli.err);
    }

    @Test
    @Timeout(90)
    void aRepeatedRunPrintsEachRunBeforeThePooledFiguresAndNamesEveryLog(@TempDir final Path dir)
    {
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null))
        {
            final Path out = dir.resolve("run");
            final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + acceptor.port(),
                "--rate", "200", "--warmup", "500ms", "--duration", "1s", "--repeat", "2", "--max-hiccup", "1s",
                "--max-send-lateness", "1s", "--no-history", "--out", out.toString());

            assertEquals(0, cli.exitCode, cli.toString());
            final int runs = cli.out.indexOf("2 runs after one warm-up, each in its own interval log");
            final int pooled = cli.out.indexOf("lifecycle corrected");
            assertTrue(runs >= 0 && runs < pooled, "the runs, then the pooled figures: " + cli.out);
            assertTrue(cli.out.contains("\n1     run.hlog ") && cli.out.contains("\n2     run-2.hlog "), cli.out);
            assertTrue(cli.out.contains("Wrote " + out.resolve("summary.json") + " and " + out.resolve("run.hlog") +
                ", " + out.resolve("run-2.hlog")), cli.out);
        }
    }

    private static void assertRefused(final Path dir, final String expected, final String... args)
    {
        final String[] withOut = new String[args.length + 2];
        System.arraycopy(args, 0, withOut, 0, args.length);
        withOut[args.length] = "--out";
        withOut[args.length + 1] = dir.resolve("out").toString();
        final CliHarness cli = CliHarness.runMechanics(withOut);

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains(expected), cli.err);
    }
}
