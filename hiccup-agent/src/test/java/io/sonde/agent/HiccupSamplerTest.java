package io.sonde.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HiccupSamplerTest
{
    private static final long RESOLUTION_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    @Timeout(30)
    void samplesArriveWithTheResolutionAsTheirExpectedIntervalUntilClosed() throws Exception
    {
        final AtomicLong samples = new AtomicLong();
        final AtomicLong wrongInterval = new AtomicLong();
        final AtomicLong negative = new AtomicLong();
        final HiccupSampler sampler = new HiccupSampler("test-sampler", RESOLUTION_NANOS,
            (hiccupNanos, expectedIntervalNanos) ->
            {
                samples.incrementAndGet();
                wrongInterval.addAndGet(expectedIntervalNanos == RESOLUTION_NANOS ? 0 : 1);
                negative.addAndGet(hiccupNanos < 0 ? 1 : 0);
            }).start();

        Thread.sleep(300);
        sampler.close();
        final long atClose = samples.get();
        Thread.sleep(50);

        assertTrue(atClose > 30, "about one sample a ms for 300 ms: " + atClose);
        assertEquals(atClose, samples.get(), "no sample after close");
        assertEquals(0, wrongInterval.get());
        assertEquals(0, negative.get(), "a hiccup is the excess over the shortest sleep, never less than none");
    }

    @Test
    @Timeout(30)
    void theSamplingThreadNeverKeepsTheProcessAlive()
    {
        final AtomicReference<Thread> sampling = new AtomicReference<>();
        final HiccupSampler sampler = new HiccupSampler("test-sampler", RESOLUTION_NANOS,
            (hiccupNanos, expectedIntervalNanos) -> sampling.set(Thread.currentThread())).start();
        try
        {
            while (sampling.get() == null)
            {
                Thread.onSpinWait();
            }
            assertTrue(sampling.get().isDaemon());
            assertEquals("test-sampler", sampling.get().getName());
        }
        finally
        {
            sampler.close();
        }
    }
}
