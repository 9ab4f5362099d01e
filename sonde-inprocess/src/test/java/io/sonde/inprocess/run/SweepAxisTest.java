package io.sonde.inprocess.run;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SweepAxisTest
{
    @Test
    void aRateAxisOffersEachValueAsTheRateAndKeepsTheRunsMessageSize()
    {
        final SweepAxis rates = SweepAxis.rates();

        assertFalse(rates.isSizes());
        assertEquals(5_000, rates.rateAt(5_000));
        assertNull(rates.messageSizeAt(5_000));
        assertEquals("step-03-5000", rates.folderName(2, 5_000));
    }

    @Test
    void aSizeAxisOffersOneRateAndPadsEachStepToItsSize()
    {
        final SweepAxis sizes = SweepAxis.sizesAt(2_000);

        assertTrue(sizes.isSizes());
        assertEquals(2_000, sizes.rateAt(512));
        assertEquals(512, sizes.messageSizeAt(512));
        assertEquals("step-01-512B", sizes.folderName(0, 512));
    }
}
