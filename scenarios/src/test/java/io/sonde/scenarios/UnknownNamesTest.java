package io.sonde.scenarios;

import io.sonde.api.ExitCode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A mistyped command or option is named as unknown, with the nearest name Sonde knows, and exits 2, whatever else
 * is on the line: a request for help does not hide the mistake behind the top-level help and an exit of 0.
 */
class UnknownNamesTest
{
    @Test
    void anUnknownCommandAskingForHelpIsNamedAndExitsTwo()
    {
        final CliHarness cli = CliHarness.run("markte", "--help");

        assertEquals(ExitCode.BAD_USAGE.code(), cli.exitCode, cli.toString());
        assertTrue(cli.err.startsWith("sonde: unknown command 'markte': did you mean '"), cli.toString());
        assertFalse(cli.out.contains("Usage:"), cli.toString());
    }

    @Test
    void anUnknownCommandSuggestsTheNearestCommand()
    {
        final CliHarness cli = CliHarness.run("rn");

        assertEquals(ExitCode.BAD_USAGE.code(), cli.exitCode, cli.toString());
        assertTrue(cli.err.startsWith("sonde: unknown command 'rn': did you mean 'run'? (commands: calibrate, run,"),
            cli.toString());
    }

    @Test
    void anUnknownOptionSuggestsTheNearestOptionOfItsCommand()
    {
        final CliHarness cli = CliHarness.run("run", "--embedded", "--sesions", "3");

        assertEquals(ExitCode.BAD_USAGE.code(), cli.exitCode, cli.toString());
        assertTrue(cli.err.startsWith("sonde: unknown option '--sesions': did you mean '--sessions'?"),
            cli.toString());
        assertTrue(cli.err.contains("Try 'sonde run --help' for its options."), cli.toString());
    }
}
