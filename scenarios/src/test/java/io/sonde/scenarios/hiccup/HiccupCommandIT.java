package io.sonde.scenarios.hiccup;

import io.sonde.agent.ForkedJvm;
import io.sonde.agent.HiccupLogContents;
import io.sonde.agent.HiccupRecording;
import io.sonde.scenarios.CliHarness;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sonde hiccup --pid} against a JVM started without the agent, loading the {@code sonde-agent.jar} the
 * package phase put beside the CLI (so it runs after package, as an IT).
 */
class HiccupCommandIT
{
    @Test
    @Timeout(60)
    void attachingByPidStartsARecordingInTheRunningJvm(@TempDir final Path folder) throws Exception
    {
        try (ForkedJvm jvm = ForkedJvm.start(folder, 60_000).awaitReady(20_000))
        {
            final Path out = folder.resolve("hiccups");

            final CliHarness cli = CliHarness.run("hiccup", "--pid", Long.toString(jvm.pid()), "--out",
                out.toString(), "--interval", "200ms", "--name", "fix-gateway-1");

            assertEquals(0, cli.exitCode, cli + "\n" + jvm);
            final Path log = out.resolve("fix-gateway-1.hiccup.hlog");
            assertTrue(cli.out.contains("recording the hiccups of pid " + jvm.pid() + " into " + log), cli.out);
            final long deadline = System.currentTimeMillis() + 20_000;
            while (HiccupLogContents.read(log).intervals().size() < 3 && System.currentTimeMillis() < deadline)
            {
                Thread.sleep(50);
            }
            final HiccupLogContents contents = HiccupLogContents.read(log);
            assertTrue(contents.intervals().size() >= 3, "intervals every 200 ms: " + contents.intervals());
            for (final Histogram interval : contents.intervals())
            {
                assertEquals(HiccupRecording.TAG, interval.getTag());
            }
            assertTrue(contents.totalCount() > 100, "a sample each ms: " + contents.totalCount());

            final CliHarness again = CliHarness.run("hiccup", "--pid", Long.toString(jvm.pid()), "--out",
                out.toString(), "--name", "fix-gateway-2");
            assertEquals(3, again.exitCode, "one recording per JVM: " + again);
            assertTrue(jvm.stderr().contains("already recording hiccups to " + log), jvm.stderr());
        }
    }
}
