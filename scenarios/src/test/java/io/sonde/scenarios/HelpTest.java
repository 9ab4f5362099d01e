package io.sonde.scenarios;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HelpTest
{
    @Test
    void everyCommandAnswersHelpWithoutItsRequiredOptionsAndExitsZero()
    {
        for (final String command : new CommandLine(new SondeCommand()).getSubcommands().keySet())
        {
            final CliHarness cli = CliHarness.run(command, "--help");
            assertEquals(0, cli.exitCode, command + " --help\n" + cli);
            assertTrue(cli.out.contains("Usage: sonde " + command), command + " --help\n" + cli);
        }
    }
}
