package io.sonde.fix.engine;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InvokedDutyTest
{
    @Test
    @Timeout(10)
    void everyComponentAndAttachedWorkRunsOnTheOneThreadOfTheDutyForItsWholeLife() throws InterruptedException
    {
        final ThreadRecorder media = new ThreadRecorder("media");
        final ThreadRecorder component = new ThreadRecorder("component");
        final ThreadRecorder work = new ThreadRecorder("work");
        try (InvokedDuty duty = new InvokedDuty("duty-under-test", media))
        {
            duty.add(component);
            duty.attach(work, new BusySpinIdleStrategy());
            work.awaitCalls(100);
            duty.detach(work);
            duty.attach(work, new BusySpinIdleStrategy());
            work.awaitCalls(200);
            duty.detach(work);

            assertEquals(Set.of("duty-under-test"), media.threads);
            assertEquals(Set.of("duty-under-test"), component.threads);
            assertEquals(Set.of("duty-under-test"), work.threads, "attached twice, run on the same thread");
        }
    }

    @Test
    @Timeout(10)
    void aComponentHasStartedWhenAddReturnsAndHasClosedWhenRemoveReturns()
    {
        final ThreadRecorder component = new ThreadRecorder("component");
        try (InvokedDuty duty = new InvokedDuty("duty-under-test"))
        {
            duty.add(component);
            assertEquals("duty-under-test", component.startedOn.get());

            duty.remove(component);
            assertEquals("duty-under-test", component.closedOn.get());
            final int callsAtRemoval = component.calls.get();
            assertEquals(callsAtRemoval, component.calls.get(), "not run once removed");
        }
    }

    @Test
    @Timeout(10)
    void aWaitInsideTheCycleRunsTheMediaButAWaitOnAnotherThreadLeavesThemToTheDuty()
    {
        final ThreadRecorder media = new ThreadRecorder("media");
        final AtomicInteger mediaCallsDuringWait = new AtomicInteger(-1);
        try (InvokedDuty duty = new InvokedDuty("duty-under-test", media))
        {
            final Agent blockingComponent = new Agent()
            {
                private boolean waited;

                public int doWork()
                {
                    if (!waited)
                    {
                        waited = true;
                        final int before = media.calls.get();
                        for (int i = 0; i < 10; i++)
                        {
                            duty.driverWhileWaiting().invoke();
                        }
                        mediaCallsDuringWait.set(media.calls.get() - before);
                    }
                    return 0;
                }

                public String roleName()
                {
                    return "blocking";
                }
            };
            duty.add(blockingComponent);
            while (mediaCallsDuringWait.get() < 0)
            {
                Thread.onSpinWait();
            }
            assertEquals(10, mediaCallsDuringWait.get(), "each wait step on the duty's thread ran the media once");

            final int before = media.calls.get();
            assertEquals(0, duty.driverWhileWaiting().invoke(), "another thread never runs the media itself");
            assertTrue(media.calls.get() >= before);
            assertNotEquals("duty-under-test", Thread.currentThread().getName());
        }
    }

    @Test
    @Timeout(10)
    void aPeerWaitingInsideTheCycleRunsTheOtherPeersButNeverItself()
    {
        try (InvokedDuty duty = new InvokedDuty("duty-under-test"))
        {
            final WaitingPeer waiting = new WaitingPeer(duty, "waiting");
            final WaitingPeer answering = new WaitingPeer(duty, "answering");
            waiting.waitsFor = answering;

            duty.addPeer(answering);
            duty.addPeerStarting(waiting);
            assertFalse(waiting.started, "taken without waiting for its start, which waits for the caller");
            waiting.released = true;
            while (waiting.answered.get() < 3)
            {
                Thread.onSpinWait();
            }

            assertEquals(0, waiting.reentered.get() + answering.reentered.get(), "never run inside its own cycle");
            assertEquals(0, duty.errorCount());
        }
    }

    @Test
    @Timeout(10)
    void anErrorThrownInTheDutyIsCountedAndPrintedWithTheDutysNameAndTheCycleGoesOn() throws InterruptedException
    {
        final ByteArrayOutputStream log = new ByteArrayOutputStream();
        final ThreadRecorder media = new ThreadRecorder("media");
        final CountingErrorHandler errors =
            new CountingErrorHandler("duty-under-test", new PrintStream(log, true, StandardCharsets.UTF_8));
        try (InvokedDuty duty = new InvokedDuty(errors, media))
        {
            assertEquals(0, duty.errorCount());
            final AtomicInteger failures = new AtomicInteger(2);
            duty.add(new Agent()
            {
                public int doWork()
                {
                    if (failures.getAndUpdate(left -> Math.max(0, left - 1)) > 0)
                    {
                        throw new IllegalStateException("component failed");
                    }
                    return 0;
                }

                public String roleName()
                {
                    return "failing";
                }
            });
            while (duty.errorCount() < 2)
            {
                Thread.onSpinWait();
            }
            media.awaitCalls(100);

            assertEquals(2, duty.errorCount(), "each failure counted once");
            final String printed = log.toString(StandardCharsets.UTF_8);
            assertTrue(printed.contains("[duty-under-test] error 1: java.lang.IllegalStateException: component " +
                "failed"), printed);
            assertTrue(printed.contains("[duty-under-test] error 2: "), printed);
        }
    }

    /**
     * Its start waits until the test releases it (as a cluster service's waits for the consensus module its caller
     * launches); then, in each of its first three cycles, it waits with the duty's idle strategy for its peer to
     * run a cycle, which on one thread only that wait can make happen.
     */
    private static final class WaitingPeer implements Agent
    {
        private final InvokedDuty duty;
        private final String roleName;
        private final AtomicInteger cycles = new AtomicInteger();
        private final AtomicInteger answered = new AtomicInteger();
        private final AtomicInteger reentered = new AtomicInteger();
        private volatile WaitingPeer waitsFor;
        private volatile boolean released;
        private volatile boolean started;
        private boolean onStack;

        WaitingPeer(final InvokedDuty duty, final String roleName)
        {
            this.duty = duty;
            this.roleName = roleName;
        }

        public void onStart()
        {
            final IdleStrategy idle = duty.idleWhileWaiting();
            while (waitsFor != null && !released)
            {
                idle.idle();
            }
            started = true;
        }

        public int doWork()
        {
            if (onStack)
            {
                reentered.incrementAndGet();
                return 0;
            }
            onStack = true;
            cycles.incrementAndGet();
            if (waitsFor != null && answered.get() < 3)
            {
                final IdleStrategy idle = duty.idleWhileWaiting();
                final int before = waitsFor.cycles.get();
                while (waitsFor.cycles.get() == before)
                {
                    idle.idle();
                }
                answered.incrementAndGet();
            }
            onStack = false;
            return 1;
        }

        public String roleName()
        {
            return roleName;
        }
    }

    /**
     * Records every thread that ran it.
     */
    private static final class ThreadRecorder implements Agent
    {
        private final String roleName;
        private final Set<String> threads = ConcurrentHashMap.newKeySet();
        private final AtomicInteger calls = new AtomicInteger();
        private final AtomicReference<String> startedOn = new AtomicReference<>();
        private final AtomicReference<String> closedOn = new AtomicReference<>();

        ThreadRecorder(final String roleName)
        {
            this.roleName = roleName;
        }

        public void onStart()
        {
            startedOn.set(Thread.currentThread().getName());
        }

        public int doWork()
        {
            threads.add(Thread.currentThread().getName());
            calls.incrementAndGet();
            return 0;
        }

        public void onClose()
        {
            closedOn.set(Thread.currentThread().getName());
        }

        public String roleName()
        {
            return roleName;
        }

        void awaitCalls(final int atLeast) throws InterruptedException
        {
            final int target = calls.get() + atLeast;
            while (calls.get() < target)
            {
                Thread.sleep(1);
            }
        }
    }
}
