package io.sonde.loadgen.time;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DurationsTest
{
    @Test
    void measuredDurationsReadInMicrosecondsBelowAMillisecondElseInMilliseconds()
    {
        assertEquals("850us", Durations.readable(850_400));
        assertEquals("155.2ms", Durations.readable(155_240_000));
    }

    @Test
    void wholeNumbersLoseTheirDecimalPoint()
    {
        assertEquals("99", Durations.number(99.0));
        assertEquals("99.9", Durations.number(99.9));
    }
}
