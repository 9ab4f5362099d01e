package io.sonde.loadgen.runner;

import io.sonde.loadgen.schedule.ConstantRateSchedule;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The load thread's steady state allocates nothing: no garbage, so no GC pause of Sonde's making.
 */
@Timeout(60)
class AllocationFreeRunnerTest
{
    private static final long MICROS = 1_000;
    private static final long MILLIS = 1_000_000;

    @Test
    void aHundredThousandRequestsAfterWarmUpAllocateZeroBytesOnTheRunnerThread()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());

        final ManualClock clock = new ManualClock(0);
        final RunTiming timing = new RunTiming(100 * MILLIS, 300 * MILLIS, 100 * MILLIS, 100 * MILLIS);
        final AgentHarness harness = new AgentHarness(
            clock, new ConstantRateSchedule(1_000_000), new EchoingTransport(clock), timing, 256);
        final long threadId = Thread.currentThread().getId();

        harness.run(150_000, MICROS);
        final long measurementOverhead = allocatedDuring(threads, threadId, () -> {});
        final long before = threads.getThreadAllocatedBytes(threadId);
        harness.run(120_000, MICROS);
        final long allocated = threads.getThreadAllocatedBytes(threadId) - before - measurementOverhead;

        final long measuredSent = harness.counters.measurement().sent();
        assertTrue(measuredSent >= 100_000, "requests measured: " + measuredSent);
        assertEquals(0, allocated, "bytes allocated by " + measuredSent + " requests");
    }

    private static long allocatedDuring(
        final com.sun.management.ThreadMXBean threads, final long threadId, final Runnable action)
    {
        final long before = threads.getThreadAllocatedBytes(threadId);
        action.run();
        return threads.getThreadAllocatedBytes(threadId) - before;
    }
}
