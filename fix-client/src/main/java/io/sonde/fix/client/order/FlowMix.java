package io.sonde.fix.client.order;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Weighted choice among {@link OrderFlow}s, e.g. {@code new=60,new-cancel=30,new-replace-cancel=10}.
 * Drawing is allocation-free.
 */
public final class FlowMix
{
    private final OrderFlow[] flows;
    private final int[] cumulativeWeights;
    private final int totalWeight;
    private final Map<OrderFlow, Integer> weights;

    public FlowMix(final Map<OrderFlow, Integer> weights)
    {
        this.weights = new EnumMap<>(weights);
        this.weights.values().removeIf(weight -> weight == 0);
        if (this.weights.isEmpty())
        {
            throw new IllegalArgumentException("a flow mix needs at least one flow with a positive weight");
        }
        flows = new OrderFlow[this.weights.size()];
        cumulativeWeights = new int[flows.length];
        int total = 0;
        int i = 0;
        for (final Map.Entry<OrderFlow, Integer> entry : this.weights.entrySet())
        {
            if (entry.getValue() < 0)
            {
                throw new IllegalArgumentException("flow weights must not be negative: " + entry.getKey() + "=" +
                    entry.getValue());
            }
            total += entry.getValue();
            flows[i] = entry.getKey();
            cumulativeWeights[i] = total;
            i++;
        }
        totalWeight = total;
    }

    public static FlowMix only(final OrderFlow flow)
    {
        return new FlowMix(Map.of(flow, 1));
    }

    /**
     * Parse {@code name=weight,...}, e.g. {@code new=60,new-cancel=40}.
     */
    public static FlowMix parse(final String text)
    {
        final Map<OrderFlow, Integer> weights = new EnumMap<>(OrderFlow.class);
        for (final String part : text.split(","))
        {
            final String[] nameAndWeight = part.split("=");
            if (nameAndWeight.length != 2)
            {
                throw new IllegalArgumentException("'" + part + "' is not flow=weight (e.g. new=60,new-cancel=40)");
            }
            try
            {
                weights.merge(OrderFlow.parse(nameAndWeight[0]), Integer.parseInt(nameAndWeight[1].trim()),
                    Integer::sum);
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException("'" + nameAndWeight[1] + "' is not a whole-number weight in '" +
                    part + "'");
            }
        }
        return new FlowMix(weights);
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

    public String toString()
    {
        final StringBuilder text = new StringBuilder();
        weights.forEach((flow, weight) -> text.append(text.length() == 0 ? "" : ",").append(flow).append('=')
            .append(weight));
        return text.toString();
    }
}
