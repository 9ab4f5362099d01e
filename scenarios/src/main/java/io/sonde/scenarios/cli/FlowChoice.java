package io.sonde.scenarios.cli;

import io.sonde.fix.client.order.FlowMix;
import io.sonde.fix.client.order.OrderFlow;

/**
 * {@code --flow}: one order lifecycle for every request, or a weighted {@code mix} of them.
 */
public enum FlowChoice
{
    NEW(OrderFlow.NEW),
    NEW_CANCEL(OrderFlow.NEW_CANCEL),
    NEW_REPLACE_CANCEL(OrderFlow.NEW_REPLACE_CANCEL),
    /** The weights of {@code --mix}. */
    MIX(null);

    private final OrderFlow flow;

    FlowChoice(final OrderFlow flow)
    {
        this.flow = flow;
    }

    /**
     * @param mix the {@code --mix} weights, read only for {@link #MIX}.
     * @throws IllegalArgumentException when the weights cannot be read.
     */
    public FlowMix flows(final String mix)
    {
        return flow == null ? FlowMix.parse(mix) : FlowMix.only(flow);
    }

    public String toString()
    {
        return flow == null ? "mix" : flow.label();
    }

    public static final class Converter extends LabelConverter<FlowChoice>
    {
        public Converter()
        {
            super(FlowChoice.class, "an order flow");
        }
    }
}
