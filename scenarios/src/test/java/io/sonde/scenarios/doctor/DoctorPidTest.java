package io.sonde.scenarios.doctor;

import io.sonde.agent.ForkedJvm;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sonde doctor --pid} reading a forked JVM started with known settings.
 */
class DoctorPidTest
{
    @Test
    @Timeout(60)
    void readsTheCollectorHeapAndFlagsOfARunningJvm(@TempDir final Path folder) throws Exception
    {
        try (ForkedJvm jvm = ForkedJvm.start(folder, 60_000, "-XX:+UseSerialGC", "-Xms48m", "-Xmx48m",
            "-XX:+AlwaysPreTouch", "-Xlog:gc:file=" + folder.resolve("gc.log")).awaitReady(20_000))
        {
            final CliHarness cli = CliHarness.run("doctor", "--pid", Long.toString(jvm.pid()));

            assertEquals(0, cli.exitCode, cli.toString());
            assertFinding(cli.out, "INFO", "JVM of pid " + jvm.pid(), "Server VM");
            assertFinding(cli.out, "WARN", "garbage collector", "Copy, MarkSweepCompact");
            assertFinding(cli.out, "OK", "heap size", "initial 48 MB, max 48 MB");
            assertFinding(cli.out, "OK", "AlwaysPreTouch", "on");
            assertFinding(cli.out, "OK", "GC and safepoint log", "-Xlog:gc:file=");
            assertTrue(cli.out.contains("clocksource"), "the host's findings come first: " + cli.out);
        }
    }

    @Test
    @Timeout(30)
    void anUnknownPidCannotBeCarriedOutAndIsNamed()
    {
        final CliHarness cli = CliHarness.run("doctor", "--pid", "99999999");

        assertEquals(3, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("cannot attach to pid 99999999: no such process"), cli.err);
    }

    private static void assertFinding(final String out, final String level, final String fact, final String value)
    {
        final Pattern line = Pattern.compile("(?m)^" + Pattern.quote(String.format("%-5s %-24s", level, fact)) +
            " .*" + Pattern.quote(value));
        assertTrue(line.matcher(out).find(), level + " " + fact + " " + value + " in:\n" + out);
    }
}
