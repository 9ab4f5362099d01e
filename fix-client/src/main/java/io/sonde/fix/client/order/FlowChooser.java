package io.sonde.fix.client.order;

import io.sonde.api.Flow;
import io.sonde.api.FlowMix;

import java.util.Map;
import java.util.SplittableRandom;

/**
 * Draws each request's {@link OrderFlow} with the weights of a {@link FlowMix}. The weights are laid out as
 * cumulative sums once, so drawing is allocation-free.
 */
public final class FlowChooser
{
    private final OrderFlow[] flows;
    private final int[] cumulativeWeights;
    private final int totalWeight;
    private final FlowMix mix;

    /**
     * @param mix the weights, each flow of weight above 0 drawn in proportion to it.
     */
    public FlowChooser(final FlowMix mix)
    {
        this.mix = mix;
        flows = new OrderFlow[mix.weights().size()];
        cumulativeWeights = new int[flows.length];
        int total = 0;
        int i = 0;
        for (final Map.Entry<Flow, Integer> entry : mix.weights().entrySet())
        {
            total += entry.getValue();
            flows[i] = OrderFlow.valueOf(entry.getKey().name());
            cumulativeWeights[i] = total;
            i++;
        }
        totalWeight = total;
    }

    /**
     * @return a chooser that always draws {@code flow}.
     */
    public static FlowChooser only(final OrderFlow flow)
    {
        return new FlowChooser(new FlowMix(Map.of(Flow.valueOf(flow.name()), 1)));
    }

    /**
     * @return whether every request is an action of the book flow.
     */
    public boolean isBook()
    {
        return flows.length == 1 && flows[0] == OrderFlow.BOOK;
    }

    public OrderFlow next(final SplittableRandom random)
    {
        if (flows.length == 1)
        {
            return flows[0];
        }
        final int draw = random.nextInt(totalWeight);
        for (int i = 0; i < flows.length; i++)
        {
            if (draw < cumulativeWeights[i])
            {
                return flows[i];
            }
        }
        return flows[flows.length - 1];
    }

    /**
     * @return the mix as {@code --mix} takes it.
     */
    public String toString()
    {
        return mix.toString();
    }
}
