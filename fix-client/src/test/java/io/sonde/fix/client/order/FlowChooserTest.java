package io.sonde.fix.client.order;

import io.sonde.api.FlowMix;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FlowChooserTest
{
    @Test
    void drawsFlowsInProportionToTheirWeightsReproduciblyFromTheSeed()
    {
        final FlowChooser chooser = new FlowChooser(FlowMix.parse("new=60,new-cancel=30,new-replace-cancel=10"));
        final Map<OrderFlow, Integer> counts = new EnumMap<>(OrderFlow.class);
        final SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 100_000; i++)
        {
            counts.merge(chooser.next(random), 1, Integer::sum);
        }
        assertEquals(60_000, counts.get(OrderFlow.NEW), 1_000);
        assertEquals(30_000, counts.get(OrderFlow.NEW_CANCEL), 1_000);
        assertEquals(10_000, counts.get(OrderFlow.NEW_REPLACE_CANCEL), 1_000);

        final SplittableRandom first = new SplittableRandom(9);
        final SplittableRandom second = new SplittableRandom(9);
        for (int i = 0; i < 1_000; i++)
        {
            assertEquals(chooser.next(first), chooser.next(second));
        }
    }

    @Test
    void aFlowOfWeightZeroIsNeverDrawn()
    {
        final FlowChooser chooser = new FlowChooser(FlowMix.parse("new=0,new-replace-cancel=5"));
        final SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 1_000; i++)
        {
            assertEquals(OrderFlow.NEW_REPLACE_CANCEL, chooser.next(random));
        }
    }

    @Test
    void aSingleFlowIsAlwaysDrawnAndReadsAsTheMixOfItAlone()
    {
        final FlowChooser chooser = FlowChooser.only(OrderFlow.NEW_CANCEL);
        final SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 100; i++)
        {
            assertEquals(OrderFlow.NEW_CANCEL, chooser.next(random));
        }
        assertEquals("new-cancel=1", chooser.toString());
    }
}
