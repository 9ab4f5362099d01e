package io.sonde.api;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * {@code --mix}: the weights with which {@link Flow#MIX} draws each request's lifecycle, e.g.
 * {@code new=60,new-cancel=30,new-replace-cancel=10}. A flow of weight 0 is left out.
 *
 * @param weights each flow's weight, in the order of {@link Flow}; never {@link Flow#MIX} itself; {@link Flow#BOOK}
 *                only alone, as {@code --flow book} makes it.
 */
public record FlowMix(Map<Flow, Integer> weights)
{
    /** The mix unless given. */
    public static final FlowMix DEFAULT = parse("new=60,new-cancel=30,new-replace-cancel=10");

    /**
     * @throws InvalidOptionException when a weight is negative, {@code mix} is weighted, or no flow has weight.
     */
    public FlowMix
    {
        final Map<Flow, Integer> positive = new EnumMap<>(Flow.class);
        weights.forEach((flow, weight) ->
        {
            if (flow == Flow.MIX)
            {
                throw new InvalidOptionException("--mix weighs the flows new, new-cancel and new-replace-cancel, " +
                    "not mix itself");
            }
            if (weight < 0)
            {
                throw new InvalidOptionException("--mix: flow weights must not be negative: " + flow + "=" + weight);
            }
            if (weight > 0)
            {
                positive.put(flow, weight);
            }
        });
        if (positive.isEmpty())
        {
            throw new InvalidOptionException("--mix needs at least one flow with a positive weight");
        }
        weights = Collections.unmodifiableMap(positive);
    }

    /**
     * @param text {@code flow=weight,...}, e.g. {@code new=60,new-cancel=40}; a flow named twice adds up.
     * @throws InvalidOptionException naming the part that cannot be read.
     */
    public static FlowMix parse(final String text)
    {
        final Map<Flow, Integer> weights = new EnumMap<>(Flow.class);
        for (final String part : text.split(","))
        {
            final String[] flowAndWeight = part.split("=");
            if (flowAndWeight.length != 2)
            {
                throw new InvalidOptionException("--mix: '" + part + "' is not flow=weight " +
                    "(e.g. new=60,new-cancel=40)");
            }
            final Flow flow = Flow.parse(flowAndWeight[0]);
            if (flow == Flow.BOOK)
            {
                throw new InvalidOptionException("--mix weighs the flows new, new-cancel and new-replace-cancel: " +
                    "the book flow draws its own actions (--flow book)");
            }
            weights.merge(flow, weight(flowAndWeight[1], part), Integer::sum);
        }
        return new FlowMix(weights);
    }

    /**
     * @return the mix as {@code --mix} takes it.
     */
    public String toString()
    {
        final StringJoiner text = new StringJoiner(",");
        weights.forEach((flow, weight) -> text.add(flow + "=" + weight));
        return text.toString();
    }

    private static int weight(final String text, final String part)
    {
        try
        {
            return Integer.parseInt(text.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new InvalidOptionException("--mix: '" + text + "' is not a whole-number weight in '" + part + "'",
                ex);
        }
    }
}
