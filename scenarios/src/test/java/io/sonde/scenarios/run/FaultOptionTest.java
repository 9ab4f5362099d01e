package io.sonde.scenarios.run;

import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --fault} on the command line: repeatable, also a scenario file's {@code faults:} list, and refused before
 * anything connects (exit 2, naming the option) when it cannot be read or does not fit the run.
 */
class FaultOptionTest
{
    @Test
    @Timeout(30)
    void aFaultDueBeyondTheRunIsRefusedWithExitTwo(@TempDir final Path dir)
    {
        assertRefused(dir, "--fault 30s:gap:1 is due at 30s, not within the measured window of 10s",
            "run", "--target", "127.0.0.1:1", "--duration", "10s", "--fault", "30s:gap:1");
    }

    @Test
    @Timeout(30)
    void anUnknownKindIsRefusedNamingTheKindsThereAre(@TempDir final Path dir)
    {
        assertRefused(dir, "--fault: unknown kind 'explode' (kinds: disconnect, logout, gap, resend, slow-reader,",
            "run", "--target", "127.0.0.1:1", "--fault", "1s:explode:1");
    }

    @Test
    @Timeout(30)
    void moreSessionsThanTheRunOpensAreRefused(@TempDir final Path dir)
    {
        assertRefused(dir, "--fault 1s:disconnect:3 needs 3 sessions, but the run opens 2 (--sessions)",
            "run", "--target", "127.0.0.1:1", "--sessions", "2", "--fault", "1s:logout:1", "--fault",
            "1s:disconnect:3");
    }

    @Test
    @Timeout(30)
    void anExchangeFaultWithoutTheBundledExchangeIsRefused(@TempDir final Path dir)
    {
        assertRefused(dir, "--fault 1s:kill-leader acts on the bundled exchange, which only a run with --embedded",
            "run", "--target", "127.0.0.1:1", "--fault", "1s:kill-leader");
    }

    @Test
    @Timeout(30)
    void aSweepChecksItsFaultsAgainstEachStep(@TempDir final Path dir)
    {
        assertRefused(dir, "--fault 20s:gap:1 is due at 20s, not within each step's measured window of 10s",
            "sweep", "--target", "127.0.0.1:1", "--rates", "1k,2k", "--step-duration", "10s", "--fault", "20s:gap:1");
    }

    @Test
    @Timeout(30)
    void aScenarioFileListsItsFaults(@TempDir final Path dir) throws Exception
    {
        final Path scenario = Files.writeString(dir.resolve("faults.yaml"),
            "target: 127.0.0.1:1\nduration: 10s\nfaults:\n  - 2s:logout:1\n  - 12s:gap:1\n");

        assertRefused(dir, "--fault 12s:gap:1 is due at 12s, not within the measured window of 10s",
            "run", "--scenario", scenario.toString());
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
