package io.sonde.scenarios.hiccup;

import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@code sonde hiccup} refuses, before or at the attach; {@code HiccupCommandIT} attaches for real.
 */
class HiccupCommandTest
{
    private static final String NO_SUCH_PID = "99999999";

    @Test
    @Timeout(30)
    void anUnknownPidCannotBeCarriedOutAndIsNamed(@TempDir final Path folder) throws Exception
    {
        final CliHarness cli = CliHarness.run("hiccup", "--pid", NO_SUCH_PID, "--out", folder.toString(),
            "--agent-jar", anyFile(folder).toString());

        assertEquals(3, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("cannot attach to pid " + NO_SUCH_PID + ": no such process"), cli.err);
    }

    @Test
    @Timeout(30)
    void aProcessThatIsNotAJvmIsLeftAliveAndUntouched(@TempDir final Path folder) throws Exception
    {
        final Process sleep = new ProcessBuilder("sleep", "60").start();
        try
        {
            Thread.sleep(200);
            final CliHarness cli = CliHarness.run("hiccup", "--pid", Long.toString(sleep.pid()), "--out",
                folder.toString(), "--agent-jar", anyFile(folder).toString());

            assertEquals(3, cli.exitCode, cli.toString());
            assertTrue(cli.err.contains("cannot attach to pid " + sleep.pid() + ": it is not a JVM"), cli.err);
            assertTrue(sleep.isAlive(), "the attach would have ended it with SIGQUIT");
        }
        finally
        {
            sleep.destroyForcibly();
            sleep.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void badOptionsAreUsageErrorsNamingTheOption(@TempDir final Path folder) throws Exception
    {
        final String jar = anyFile(folder).toString();

        final CliHarness badName = CliHarness.run("hiccup", "--pid", NO_SUCH_PID, "--out", folder.toString(),
            "--name", "../gateway", "--agent-jar", jar);
        final CliHarness shortInterval = CliHarness.run("hiccup", "--pid", NO_SUCH_PID, "--out", folder.toString(),
            "--resolution", "10ms", "--interval", "1ms", "--agent-jar", jar);
        final CliHarness noAgentJar = CliHarness.run("hiccup", "--pid", NO_SUCH_PID, "--out", folder.toString(),
            "--agent-jar", folder.resolve("missing.jar").toString());

        assertEquals(2, badName.exitCode, badName.toString());
        assertTrue(badName.err.contains("name=../gateway is not usable in a file name"), badName.err);
        assertEquals(2, shortInterval.exitCode, shortInterval.toString());
        assertTrue(shortInterval.err.contains("interval"), shortInterval.err);
        assertEquals(2, noAgentJar.exitCode, noAgentJar.toString());
        assertTrue(noAgentJar.err.contains("--agent-jar " + folder.resolve("missing.jar") + ": no such file"),
            noAgentJar.err);
    }

    @Test
    void anExistingRecordingIsNeverOverwritten(@TempDir final Path folder) throws Exception
    {
        Files.writeString(folder.resolve("gateway.hiccup.hlog"), "an earlier recording");

        final CliHarness cli = CliHarness.run("hiccup", "--pid", NO_SUCH_PID, "--out", folder.toString(),
            "--name", "gateway", "--agent-jar", anyFile(folder).toString());

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("gateway.hiccup.hlog exists"), cli.err);
        assertEquals("an earlier recording", Files.readString(folder.resolve("gateway.hiccup.hlog")));
    }

    private static Path anyFile(final Path folder) throws Exception
    {
        return Files.writeString(folder.resolve("agent.jar"), "never loaded: the command stops before");
    }
}
