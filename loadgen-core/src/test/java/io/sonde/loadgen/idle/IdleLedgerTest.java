package io.sonde.loadgen.idle;

import io.sonde.api.IdleMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;


import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A window of a run is told the share of it the threads spent in each mode and the switches inside it, whatever
 * came before it; in seconds on a fake clock.
 */
@Timeout(10)
class IdleLedgerTest
{
    @Test
    void aWindowWithoutSwitchesSpentItAllInTheModeOfTheStart()
    {
        final IdleLedger ledger = new IdleLedger(0, true);

        final IdleShare share = ledger.share(seconds(10), seconds(20));

        assertEquals(1.0, share.busySpinShare());
        assertEquals(0.0, share.spinWindowShare());
        assertEquals(0, share.switches());
        assertEquals(10.0, share.seconds());
    }

    @Test
    void aWindowCountsOnlyItsOwnSwitchesAndTheTimeOfEachModeInsideIt()
    {
        final IdleLedger ledger = new IdleLedger(0, true);
        ledger.switched(seconds(4));
        ledger.switched(seconds(12));
        ledger.switched(seconds(18));

        final IdleShare share = ledger.share(seconds(10), seconds(20));

        assertEquals(0.6, share.busySpinShare(), 1e-9, "12-18 s");
        assertEquals(0.4, share.spinWindowShare(), 1e-9, "10-12 s and 18-20 s");
        assertEquals(2, share.switches());
    }

    @Test
    void aWindowThatBeganBeforeTheLedgerCountsThatTimeInTheFirstMode()
    {
        final IdleLedger ledger = new IdleLedger(seconds(5), false);
        ledger.switched(seconds(10));

        assertEquals(0.5, ledger.share(0, seconds(20)).spinWindowShare(), 1e-9);
    }

    @Test
    void theSummaryHoldsTheModeItsSharesAndTheSwitches()
    {
        final IdleLedger ledger = new IdleLedger(0, true);
        ledger.switched(seconds(97));

        assertEquals("threads: busy-spin 97 %, spin-window 3 % of the measured 100.0 s, 1 switch",
            ledger.share(0, seconds(100)).describe());
    }

    @Test
    void aModeOtherThanAutoIsTheWholeWindow()
    {
        final IdleShare share = IdleShare.whole(IdleMode.SPIN_WINDOW, 15);

        assertEquals("threads: spin-window 100 % of the measured 15.0 s, 0 switches", share.describe());
    }

    private static long seconds(final double seconds)
    {
        return Math.round(seconds * 1e9);
    }
}
