package io.sonde.market;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class EventMixTest
{
    @Test
    void holdsItsSharesOverEveryTwentyDraws()
    {
        final EventMix mix = new EventMix(0.45, 0.40, 0.15);
        for (int window = 0; window < 50; window++)
        {
            final int[] counts = new int[3];
            for (int draw = 0; draw < 20; draw++)
            {
                counts[mix.next()]++;
            }
            assertEquals(9, counts[EventMix.ADD]);
            assertEquals(8, counts[EventMix.CANCEL]);
            assertEquals(3, counts[EventMix.TRADE]);
        }
    }

    @Test
    void aZeroShareIsNeverDrawn()
    {
        final EventMix mix = new EventMix(1, 0, 0);
        for (int draw = 0; draw < 100; draw++)
        {
            assertEquals(EventMix.ADD, mix.next());
        }
    }
}
