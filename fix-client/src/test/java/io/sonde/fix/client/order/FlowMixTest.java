package io.sonde.fix.client.order;

import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FlowMixTest
{
    @Test
    void drawsFlowsInProportionToTheirWeightsReproduciblyFromTheSeed()
    {
        final FlowMix mix = FlowMix.parse("new=60,new-cancel=30,new-replace-cancel=10");
        final Map<OrderFlow, Integer> counts = new EnumMap<>(OrderFlow.class);
        final SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 100_000; i++)
        {
            counts.merge(mix.next(random), 1, Integer::sum);
        }
        assertEquals(60_000, counts.get(OrderFlow.NEW), 1_000);
        assertEquals(30_000, counts.get(OrderFlow.NEW_CANCEL), 1_000);
        assertEquals(10_000, counts.get(OrderFlow.NEW_REPLACE_CANCEL), 1_000);

        final SplittableRandom first = new SplittableRandom(9);
        final SplittableRandom second = new SplittableRandom(9);
        for (int i = 0; i < 1_000; i++)
        {
            assertEquals(mix.next(first), mix.next(second));
        }
    }

    @Test
    void badMixesAreRefusedNamingThePart()
    {
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> FlowMix.parse("new=1,sideways=2"));
        assertTrue(unknown.getMessage().contains("sideways"), unknown.getMessage());
        final IllegalArgumentException weight = assertThrows(IllegalArgumentException.class,
            () -> FlowMix.parse("new=lots"));
        assertTrue(weight.getMessage().contains("lots"), weight.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FlowMix.parse("new=0"));
        assertThrows(IllegalArgumentException.class, () -> FlowMix.parse("new=-1,new-cancel=2"));
    }
}
