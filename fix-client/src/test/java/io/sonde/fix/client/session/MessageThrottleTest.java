package io.sonde.fix.client.session;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MessageThrottleTest
{
    private static final long SECOND = 1_000_000_000L;

    @Test
    void allowsTheCapPerSecondWindowThenWaitsForTheNextWindow()
    {
        final MessageThrottle throttle = new MessageThrottle(3);
        final long start = 10 * SECOND;
        for (int i = 0; i < 3; i++)
        {
            assertTrue(throttle.hasRoom(start + i));
            throttle.onSent();
        }
        assertFalse(throttle.hasRoom(start + 10));
        assertFalse(throttle.hasRoom(start + SECOND - 1));
        assertTrue(throttle.hasRoom(start + SECOND));
    }

    @Test
    void zeroMeansNoCap()
    {
        final MessageThrottle throttle = new MessageThrottle(0);
        for (int i = 0; i < 10_000; i++)
        {
            assertTrue(throttle.hasRoom(i));
            throttle.onSent();
        }
    }
}
