package io.sonde.agent;

import org.HdrHistogram.HistogramLogProcessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged {@code sonde-agent.jar} loaded with {@code -javaagent} into forked JVMs.
 */
class HiccupAgentIT
{
    static final Path AGENT_JAR = Path.of(System.getProperty("sonde.agent.jar", "target/sonde-agent.jar"));
    private static final long TOLERANCE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long PAUSE_MS = 300;
    private static final Pattern HGRM_CSV_MAX = Pattern.compile("^([0-9.]+),1\\.0+,", Pattern.MULTILINE);

    @Test
    @Timeout(60)
    void aPauseOfTheWholeJvmShowsInTheLogAsLongAsItWas(@TempDir final Path folder) throws Exception
    {
        final Path out = folder.resolve("hiccups");
        try (ForkedJvm jvm = ForkedJvm.start(folder, 60_000,
            "-javaagent:" + AGENT_JAR + "=out=" + out + ",resolution=1ms,interval=200ms,name=paused"))
        {
            jvm.awaitReady(20_000);
            final Path log = out.resolve("paused.hiccup.hlog");
            awaitIntervals(log, 2, jvm);

            // SIGSTOP halts every thread at once, as a long safepoint or a hypervisor stealing the CPU does. The
            // pause began somewhere in [t0, t1] and ended somewhere in [t2, t3].
            final long t0 = System.nanoTime();
            signal("STOP", jvm.pid());
            final long t1 = System.nanoTime();
            Thread.sleep(PAUSE_MS);
            final long t2 = System.nanoTime();
            signal("CONT", jvm.pid());
            final long t3 = System.nanoTime();
            final long shortest = t2 - t1 - TOLERANCE_NANOS;
            final long longest = t3 - t0 + TOLERANCE_NANOS;

            final long deadline = System.currentTimeMillis() + 10_000;
            while (HiccupLogContents.read(log).maxNanos() < shortest && System.currentTimeMillis() < deadline)
            {
                Thread.sleep(50);
            }
            final long maxNanos = HiccupLogContents.read(log).maxNanos();
            assertTrue(maxNanos >= shortest && maxNanos <= longest,
                "the log's max " + maxNanos + " ns lies in the pause's window [" + shortest + ", " + longest + "]");

            final long processorMaxNanos = maxByHistogramLogProcessor(log, folder.resolve("processed"));
            assertTrue(processorMaxNanos >= shortest && processorMaxNanos <= longest,
                "HistogramLogProcessor's max " + processorMaxNanos + " ns lies in [" + shortest + ", " + longest + "]");
        }
    }

    @Test
    @Timeout(60)
    void aJvmThatIsAskedToExitWritesItsLastIntervalOnTheWayOut(@TempDir final Path folder) throws Exception
    {
        final Path out = folder.resolve("hiccups");
        try (ForkedJvm jvm = ForkedJvm.start(folder, 60_000,
            "-javaagent:" + AGENT_JAR + "=out=" + out + ",interval=10m,name=exiting"))
        {
            jvm.awaitReady(20_000);
            Thread.sleep(500);
            assertEquals(0, HiccupLogContents.read(out.resolve("exiting.hiccup.hlog")).intervals().size(),
                "no interval is due for ten minutes");

            jvm.terminate(20_000);

            final HiccupLogContents log = HiccupLogContents.read(out.resolve("exiting.hiccup.hlog"));
            assertEquals(1, log.intervals().size(), jvm.toString());
            assertTrue(log.totalCount() > 100, "the samples of the JVM's last half second: " + log.totalCount());
        }
    }

    @Test
    @Timeout(60)
    void aMissingOutputFolderIsReportedAndTheJvmRunsOnWithoutTheAgent(@TempDir final Path folder) throws Exception
    {
        try (ForkedJvm jvm = ForkedJvm.start(folder, 100, "-javaagent:" + AGENT_JAR + "=resolution=1ms"))
        {
            assertEquals(0, jvm.awaitExit(20_000), jvm.toString());
            assertTrue(jvm.stdout().contains(PausableMain.READY), jvm.toString());
            assertTrue(jvm.stderr().contains("sonde-agent: not recording hiccups: option out=DIR is required"),
                jvm.stderr());
        }
    }

    @Test
    void theAgentJarCarriesOnlyItsOwnPackageAndNamesItsEntryPoints() throws IOException
    {
        try (JarFile jar = new JarFile(AGENT_JAR.toFile()))
        {
            final Attributes manifest = jar.getManifest().getMainAttributes();
            assertEquals(HiccupAgent.class.getName(), manifest.getValue("Premain-Class"));
            assertEquals(HiccupAgent.class.getName(), manifest.getValue("Agent-Class"));
            assertTrue(jar.getJarEntry("io/sonde/agent/shaded/hdrhistogram/Histogram.class") != null,
                "HdrHistogram is inside, relocated");
            for (final JarEntry entry : jar.stream().toList())
            {
                assertTrue(entry.getName().startsWith("META-INF/") || entry.getName().startsWith("io/"),
                    entry.getName());
                assertFalse(entry.getName().startsWith("org/"), entry.getName());
            }
        }
    }

    private static void awaitIntervals(final Path log, final int count, final ForkedJvm jvm) throws Exception
    {
        final long deadline = System.currentTimeMillis() + 20_000;
        while (HiccupLogContents.read(log).intervals().size() < count)
        {
            if (System.currentTimeMillis() > deadline)
            {
                throw new AssertionError("no " + count + " intervals in " + log + ": " + jvm);
            }
            Thread.sleep(50);
        }
    }

    private static void signal(final String signal, final long pid) throws Exception
    {
        final Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + signal + " " + pid);
    }

    /**
     * Run HdrHistogram's own log processor on the hiccup intervals and read the max of its percentile output: the
     * CSV row of percentile 1.0, whose value it writes in milliseconds. It reads a copy of the log's full lines: the
     * agent is still appending, and the processor exits the whole JVM on a half-written line.
     */
    private static long maxByHistogramLogProcessor(final Path log, final Path output) throws Exception
    {
        final Path complete = output.resolveSibling("complete.hlog");
        Files.write(complete, HiccupLogContents.completeLinesOf(log));
        new HistogramLogProcessor(new String[] {"-i", complete.toString(), "-o", output.toString(), "-tag",
            HiccupRecording.TAG, "-csv"}).run();
        final String percentiles = Files.readString(Path.of(output + ".hgrm"));
        final Matcher max = HGRM_CSV_MAX.matcher(percentiles);
        assertTrue(max.find(), percentiles);
        return Math.round(Double.parseDouble(max.group(1)) * 1_000_000);
    }
}
