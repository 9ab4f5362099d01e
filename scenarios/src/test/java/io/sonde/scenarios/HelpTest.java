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

    @Test
    void aCommandsDescriptionDoesNotContradictItsOptions()
    {
        final String run = description("run");
        assertTrue(run.contains("FIX 4.2, 4.4 or 5.0 SP2") && run.contains("--fix-version"), run);
        final String acceptor = description("acceptor");
        assertTrue(acceptor.contains("unless --bind says otherwise"), acceptor);
    }

    private static String description(final String command)
    {
        return String.join(" ", new CommandLine(new SondeCommand()).getSubcommands().get(command).getCommandSpec()
            .usageMessage().description());
    }
}
