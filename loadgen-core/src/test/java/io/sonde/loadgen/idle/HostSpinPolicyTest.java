package io.sonde.loadgen.idle;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --idle auto} decides for the host: a process spins while every Sonde process's busy threads fit the
 * cores, backs off when another arrives, and spins again when it leaves, announcing each decision.
 */
@Timeout(30)
class HostSpinPolicyTest
{
    private static final long PERIOD_MS = 20;
    /** Each change in these tests is made and announced at once, unless a test says otherwise. */
    private static final long AT_ONCE = 0;
    private static final CompilerActivity QUIET_COMPILER = new CompilerActivity(() -> 0L, System::currentTimeMillis);

    @TempDir
    Path folder;

    private final List<String> announced = new CopyOnWriteArrayList<>();
    private Process other;

    @BeforeEach
    void startAnotherProcess() throws Exception
    {
        other = new ProcessBuilder("sleep", "60").start();
    }

    @AfterEach
    void stopIt()
    {
        other.destroyForcibly();
    }

    @Test
    void aProcessAloneWhoseThreadsFitTheCoresBusySpins()
    {
        try (HostSpinPolicy policy = HostSpinPolicy.start(registry(ProcessHandle.current()), 2, 2, announced::add,
            QUIET_COMPILER, PERIOD_MS, AT_ONCE, AT_ONCE))
        {
            assertTrue(policy.spinning());
            assertEquals(List.of("2 busy threads on 2 cores: busy-spin"), announced);
        }
    }

    @Test
    void aSpinningProcessBacksOffWhenAnotherArrivesAndSpinsAgainWhenItLeaves() throws Exception
    {
        try (HostSpinPolicy policy = HostSpinPolicy.start(registry(ProcessHandle.current()), 2, 2, announced::add,
            QUIET_COMPILER, PERIOD_MS, AT_ONCE, AT_ONCE))
        {
            assertTrue(policy.spinning());

            registry(other.toHandle()).claim(1);
            awaitTrue(() -> !policy.spinning());
            assertEquals("3 busy threads on 2 cores with pid " + other.pid() + " (1): spin-window", announced.get(1));

            other.destroyForcibly().waitFor();
            awaitTrue(policy::spinning);
            assertEquals("2 busy threads on 2 cores: busy-spin", announced.get(2));
            assertFalse(Files.exists(folder.resolve(other.pid() + ".busy")), "a dead process's file is removed");
        }
    }

    @Test
    void aProcessThatArrivesWhereTheCoresAreTakenStartsInTheSpinWindow()
    {
        registry(other.toHandle()).claim(2);
        try (HostSpinPolicy policy = HostSpinPolicy.start(registry(ProcessHandle.current()), 1, 2, announced::add,
            QUIET_COMPILER, PERIOD_MS, AT_ONCE, AT_ONCE))
        {
            assertFalse(policy.spinning());
            assertEquals(List.of("3 busy threads on 2 cores with pid " + other.pid() + " (2): spin-window"),
                announced);
        }
    }

    @Test
    void aCompilerAtWorkCountsAsABusyThreadUntilItIsDone() throws Exception
    {
        final FakeCompiler compiler = new FakeCompiler(40);
        final BusyThreadRegistry mine = registry(ProcessHandle.current());
        try (HostSpinPolicy policy = HostSpinPolicy.start(mine, 2, 2, announced::add, compiler.activity(), PERIOD_MS,
            AT_ONCE, AT_ONCE))
        {
            awaitTrue(() -> !policy.spinning());
            assertEquals("3 busy threads on 2 cores (one is this JVM's JIT compiler at work): spin-window",
                announced.get(announced.size() - 1));
            assertEquals(Map.of(ProcessHandle.current().pid(), 3), registry(other.toHandle()).others(),
                "other processes back off too");

            compiler.works(0);
            awaitTrue(policy::spinning);
            assertEquals("2 busy threads on 2 cores: busy-spin", announced.get(announced.size() - 1));
        }
        assertEquals(0, mine.claimed());
    }

    @Test
    void aCompilerAtWorkDuringAMeasuredWindowClaimsNothingAndAClaimFromTheWarmUpEndsWhenTheWindowStarts()
        throws Exception
    {
        final FakeCompiler compiler = new FakeCompiler(40);
        final BusyThreadRegistry mine = registry(ProcessHandle.current());
        try (HostSpinPolicy policy = HostSpinPolicy.start(mine, 2, 2, announced::add, compiler.activity(), PERIOD_MS,
            AT_ONCE, AT_ONCE))
        {
            awaitTrue(() -> !policy.spinning());
            assertEquals(3, mine.claimed(), "the compiler is claimed during the warm-up");

            final long measurementStart = System.nanoTime();
            policy.measureFrom(() -> measurementStart);
            awaitTrue(policy::spinning);
            final int looks = compiler.looks();
            awaitTrue(() -> compiler.looks() > looks + 5);
            assertTrue(policy.spinning(), "a compiler still at work claims nothing while the window runs");
            assertEquals(2, mine.claimed());

            policy.measureFrom(null);
            awaitTrue(() -> !policy.spinning());
        }
        assertEquals(0, mine.claimed());
    }

    @Test
    void aCompilerAtWorkForLessThanAQuarterOfEachPeriodIsNoBusyThread() throws Exception
    {
        final FakeCompiler compiler = new FakeCompiler(20);
        final BusyThreadRegistry mine = registry(ProcessHandle.current());
        try (HostSpinPolicy policy = HostSpinPolicy.start(mine, 2, 2, announced::add, compiler.activity(), PERIOD_MS,
            AT_ONCE, AT_ONCE))
        {
            awaitTrue(() -> compiler.looks() > 5);

            assertTrue(policy.spinning());
            assertEquals(List.of("2 busy threads on 2 cores: busy-spin"), announced);
            assertEquals(2, mine.claimed());
        }
    }

    @Test
    void aClaimThatComesAndGoesSwitchesTheThreadsAtMostOncePerSettlingTimeAndIsAnnouncedOnlyAsAModeThatLasts()
        throws Exception
    {
        final long settleMs = 200;
        final long announceAfterMs = 300;
        final BusyThreadRegistry flapping = registry(other.toHandle());
        final long start = System.nanoTime();
        try (HostSpinPolicy policy = HostSpinPolicy.start(registry(ProcessHandle.current()), 2, 2, announced::add,
            QUIET_COMPILER, PERIOD_MS, settleMs, announceAfterMs))
        {
            for (int look = 0; look < 60; look++)
            {
                if (look % 2 == 0)
                {
                    flapping.claim(1);
                }
                else
                {
                    flapping.release(1);
                }
                Thread.sleep(PERIOD_MS);
            }
            final long end = System.nanoTime();
            final long elapsedMs = TimeUnit.NANOSECONDS.toMillis(end - start);
            final IdleShare share = policy.share(start, end);
            assertTrue(share.switches() >= 1, "the threads backed off: " + share);
            assertTrue(share.switches() <= elapsedMs / settleMs + 1,
                share.switches() + " switches in " + elapsedMs + " ms");
            assertEquals(1.0, share.busySpinShare() + share.spinWindowShare(), 1e-9);
            assertTrue(announced.size() <= elapsedMs / announceAfterMs + 1,
                announced.size() + " lines in " + elapsedMs + " ms: " + announced);
            for (int line = 1; line < announced.size(); line++)
            {
                assertFalse(mode(announced.get(line)).equals(mode(announced.get(line - 1))),
                    "each line announces a change of mode: " + announced);
            }
        }
    }

    @Test
    void aCompilerBusyAtSingleLooksOnlyClaimsNothing() throws Exception
    {
        final FakeCompiler compiler = new FakeCompiler(100);
        compiler.alternate();
        final BusyThreadRegistry mine = registry(ProcessHandle.current());
        try (HostSpinPolicy policy = HostSpinPolicy.start(mine, 2, 2, announced::add, compiler.activity(), PERIOD_MS,
            AT_ONCE, AT_ONCE))
        {
            awaitTrue(() -> compiler.looks() > 10);

            assertTrue(policy.spinning(), "a compilation seen at one look at a time claims no core");
            assertEquals(List.of("2 busy threads on 2 cores: busy-spin"), announced);
            assertEquals(2, mine.claimed());
        }
    }

    @Test
    void closingReleasesTheClaimSoOthersSpinAgain()
    {
        final BusyThreadRegistry mine = registry(ProcessHandle.current());
        final HostSpinPolicy policy = HostSpinPolicy.start(mine, 2, 2, announced::add, QUIET_COMPILER,
            PERIOD_MS, AT_ONCE, AT_ONCE);
        assertEquals(Map.of(ProcessHandle.current().pid(), 2), registry(other.toHandle()).others());

        policy.close();

        assertEquals(Map.of(), registry(other.toHandle()).others());
        assertEquals(0, mine.claimed());
    }

    @Test
    void aFileOfAReusedPidIsNotCounted() throws Exception
    {
        Files.writeString(folder.resolve(other.pid() + ".busy"), "2 12345\n");

        assertEquals(Map.of(), registry(ProcessHandle.current()).others(), "the start time is not the process's");
        assertFalse(Files.exists(folder.resolve(other.pid() + ".busy")));
    }

    /**
     * This JVM's compiler and the clock its work is timed by, both fake: each look at the compiler is one period
     * later on the fake clock, of which the compiler worked its share, however long the watcher really slept.
     */
    private static final class FakeCompiler
    {
        private volatile int workingPercent;
        private boolean alternating;
        private long nowMillis;
        private long compiledMillis;
        private int looks;

        FakeCompiler(final int workingPercent)
        {
            this.workingPercent = workingPercent;
        }

        /**
         * Work at every other look only.
         */
        synchronized void alternate()
        {
            alternating = true;
        }

        void works(final int percent)
        {
            workingPercent = percent;
        }

        CompilerActivity activity()
        {
            return new CompilerActivity(this::compiledMillis, this::nowMillis);
        }

        synchronized int looks()
        {
            return looks;
        }

        private synchronized long compiledMillis()
        {
            looks++;
            nowMillis += PERIOD_MS;
            compiledMillis += alternating && looks % 2 == 0 ? 0 : PERIOD_MS * workingPercent / 100;
            return compiledMillis;
        }

        private synchronized long nowMillis()
        {
            return nowMillis;
        }
    }

    private BusyThreadRegistry registry(final ProcessHandle process)
    {
        return new BusyThreadRegistry(folder, process);
    }

    private static void awaitTrue(final BooleanSupplier condition) throws InterruptedException
    {
        final long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean())
        {
            assertTrue(System.nanoTime() < deadline, "not within 10 s");
            Thread.sleep(5);
        }
    }

    private static String mode(final String announcement)
    {
        return announcement.contains(": busy-spin") ? "busy-spin" : "spin-window";
    }
}
