package io.sonde.loadgen.idle;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpinWindowIdleStrategyTest
{
    @Test
    @Timeout(10)
    void withinTheWindowAnIdleStepReturnsAtOnceWithoutParking()
    {
        final SpinWindowIdleStrategy idle = new SpinWindowIdleStrategy(TimeUnit.SECONDS.toNanos(5),
            TimeUnit.MILLISECONDS.toNanos(100), TimeUnit.MILLISECONDS.toNanos(100));
        final long start = System.nanoTime();
        for (int i = 0; i < 10_000; i++)
        {
            idle.idle(0);
        }
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(1), "10,000 spins, no 100 ms park");
    }

    @Test
    @Timeout(10)
    void pastTheWindowItParksAndWorkStartsANewWindow()
    {
        final long park = TimeUnit.MILLISECONDS.toNanos(20);
        final SpinWindowIdleStrategy idle = new SpinWindowIdleStrategy(0, park, park);
        final long start = System.nanoTime();
        idle.idle(0);
        idle.idle(0);
        assertTrue(System.nanoTime() - start >= park, "parked once the window was spent");

        final SpinWindowIdleStrategy fresh = new SpinWindowIdleStrategy(TimeUnit.SECONDS.toNanos(5), park, park);
        fresh.idle(1);
        final long afterWork = System.nanoTime();
        fresh.idle(0);
        assertTrue(System.nanoTime() - afterWork < park, "work reset the window");
    }

    @Test
    void parametersOutsideTheirRangeAreRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> new SpinWindowIdleStrategy(-1, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new SpinWindowIdleStrategy(0, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new SpinWindowIdleStrategy(0, 2, 1));
    }
}
