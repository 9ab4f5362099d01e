package io.sonde.scenarios.cli;

import io.sonde.api.AcceptorSpec;
import io.sonde.api.ExitCode;
import io.sonde.api.FixLoad;
import io.sonde.api.IdleMode;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.ProbeSpec;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The acceptor's, the probe's and the doctor's options are the API's: the command line shows their help and
 * defaults, refuses a wrong value with the API's words, and an option several commands take is one constant.
 */
class CommandOptionsTest
{
    @Test
    void theAcceptorsHelpShowsEachDefaultOnceFromItsOption()
    {
        final CliHarness cli = CliHarness.run("acceptor", "--help");
        final String help = cli.out.replaceAll("\\s+", " ");

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(help.contains("--port=PORT"), help);
        assertEquals(1, occurrences(help, "(default: " + AcceptorSpec.DEFAULT_PORT + ")"), help);
        assertEquals(1, occurrences(help, "(default: " + AcceptorSpec.DEFAULT_BIND + ")"), help);
        assertEquals(1, occurrences(help, "(default: auto)"), help);
    }

    @Test
    void aWrongAcceptorOptionIsBadUsageWithTheApisMessage()
    {
        final String message = assertThrows(InvalidOptionException.class,
            () -> AcceptorSpec.builder().set("port", "70000").build()).getMessage();

        final CliHarness cli = CliHarness.run("acceptor", "--port", "70000");

        assertEquals(ExitCode.BAD_USAGE.code(), cli.exitCode, cli.toString());
        assertEquals("sonde: " + message, cli.err.strip(), cli.toString());
    }

    @Test
    void anAcceptorDelayThatIsNoDurationIsBadUsageNamingTheOption()
    {
        final CliHarness cli = CliHarness.run("acceptor", "--delay", "soon");

        assertEquals(ExitCode.BAD_USAGE.code(), cli.exitCode, cli.toString());
        assertTrue(cli.err.strip().startsWith("sonde: --delay"), cli.toString());
    }

    @Test
    void theProbeNeedsItsConfigAndCountsItsOrdersFromOne()
    {
        final CliHarness missing = CliHarness.run("probe", "--once", "1");
        assertEquals(ExitCode.BAD_USAGE.code(), missing.exitCode, missing.toString());
        assertTrue(missing.err.contains("--config"), missing.err);

        final CliHarness none = CliHarness.run("probe", "--config", "probe.properties", "--once", "0");
        assertEquals(ExitCode.BAD_USAGE.code(), none.exitCode, none.toString());
        assertEquals("sonde: --once must be at least 1: 0", none.err.strip());
    }

    @Test
    void aDoctorGivenAPidThatIsNotOneIsBadUsage()
    {
        final CliHarness cli = CliHarness.run("doctor", "--pid", "sonde");

        assertEquals(ExitCode.BAD_USAGE.code(), cli.exitCode, cli.toString());
        assertEquals("sonde: --pid: 'sonde' is not a process id", cli.err.strip());
    }

    @Test
    void anOptionSeveralCommandsTakeIsOneConstant()
    {
        assertSame(IdleMode.OPTION, FixLoad.IDLE);
        assertSame(IdleMode.OPTION, AcceptorSpec.IDLE);
        assertSame(FixLoad.CREDENTIALS, ProbeSpec.CREDENTIALS);
        assertTrue(ProbeSpec.VENUE.excludes(FixLoad.TARGET) == FixLoad.VENUE.excludes(FixLoad.TARGET) &&
            ProbeSpec.VENUE.name().equals(FixLoad.VENUE.name()), "the probe's --venue is the load's, told for it");
    }

    private static int occurrences(final String text, final String part)
    {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1))
        {
            count++;
        }
        return count;
    }
}
