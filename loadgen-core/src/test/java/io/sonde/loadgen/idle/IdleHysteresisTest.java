package io.sonde.loadgen.idle;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --idle auto} switches at most once per settling time: it backs off as soon as that allows, and spins
 * again only once the host has fitted for as long. Looks every 500 ms on a fake clock, in seconds.
 */
@Timeout(10)
class IdleHysteresisTest
{
    private static final long SETTLE = seconds(5);

    @Test
    void aProcessThatArrivesIsMadeRoomForAtTheFirstLookAfterTheStart()
    {
        final IdleHysteresis idle = new IdleHysteresis(SETTLE, 0, true);

        assertTrue(idle.look(seconds(0.5), false), "the start is no switch");
        assertFalse(idle.spin());
    }

    @Test
    void theThreadsSpinAgainOnlyOnceTheHostHasFittedForTheSettlingTime()
    {
        final IdleHysteresis idle = new IdleHysteresis(SETTLE, 0, false);

        for (double at = 1; at < 6; at += 0.5)
        {
            assertFalse(idle.look(seconds(at), true), "fitted only since 1 s, at " + at + " s");
        }
        assertTrue(idle.look(seconds(6), true));
        assertTrue(idle.spin());
    }

    @Test
    void aMeasurementThatStartsWhileBackedOffSpinsAtOnceWhereTheHostFitsAndTheNextSwitchWaitsItsTurn()
    {
        final IdleHysteresis idle = new IdleHysteresis(SETTLE, 0, true);
        assertTrue(idle.look(seconds(0.5), false));

        assertTrue(idle.resume(seconds(1), true), "no wait for the fit to last, nor for the settling time");
        assertTrue(idle.spin());
        assertFalse(idle.look(seconds(1.5), false), "the start's switch counts: the next waits 5 s");
        assertTrue(idle.look(seconds(6), false));
    }

    @Test
    void aMeasurementThatStartsWhereTheHostDoesNotFitKeepsTheThreadsBackedOff()
    {
        final IdleHysteresis idle = new IdleHysteresis(SETTLE, 0, false);

        assertFalse(idle.resume(seconds(1), false));
        assertFalse(idle.spin());
    }

    @Test
    void aBackOffRightAfterASwitchWaitsOnlyUntilTheSettlingTimeHasPassed()
    {
        final IdleHysteresis idle = new IdleHysteresis(SETTLE, 0, false);
        idle.look(seconds(1), true);
        assertTrue(idle.look(seconds(6), true));

        assertFalse(idle.look(seconds(7), false));
        assertFalse(idle.look(seconds(10.5), false));
        assertTrue(idle.look(seconds(11), false), "at the first look 5 s after the last switch");
        assertFalse(idle.spin());
    }

    @Test
    void aClaimThatComesAndGoesAtEveryLookSwitchesTheThreadsOnceAndNoMore()
    {
        final IdleHysteresis idle = new IdleHysteresis(SETTLE, 0, true);
        int switches = 0;
        for (int look = 1; look <= 120; look++)
        {
            switches += idle.look(seconds(look * 0.5), look % 2 == 0) ? 1 : 0;
        }

        assertTrue(switches == 1, switches + " switches in a minute");
        assertFalse(idle.spin(), "never fitted for 5 s");
    }

    @Test
    void noTwoSwitchesComeWithinTheSettlingTime()
    {
        final IdleHysteresis idle = new IdleHysteresis(SETTLE, 0, true);
        long lastSwitch = Long.MIN_VALUE / 2;
        int switches = 0;
        for (int look = 1; look <= 600; look++)
        {
            final long now = seconds(look * 0.5);
            if (idle.look(now, (look / 7) % 3 != 0))
            {
                assertTrue(now - lastSwitch >= SETTLE, "switched at " + now / 1e9 + " s after " + lastSwitch / 1e9);
                lastSwitch = now;
                switches++;
            }
        }

        assertEquals(1 + 28 * 2, switches, "a back-off at the first look, then 28 times the host fits for 7 s and " +
            "not for 3.5 s: the threads spin 5 s into each fit and back off 5 s later, within the gap");
    }

    private static long seconds(final double seconds)
    {
        return Math.round(seconds * 1e9);
    }
}
