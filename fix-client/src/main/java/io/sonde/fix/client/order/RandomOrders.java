package io.sonde.fix.client.order;

import io.sonde.fix.codecs.Side;

import java.util.SplittableRandom;

/**
 * Draws each new order from the run's seed: its flow, symbol, side, price and quantity. A passive flow's order
 * (one that is cancelled or replaced) is priced away from the market so it rests; a {@code new} flow's order is
 * priced to cross. The same seed draws the same orders, so runs can be repeated exactly.
 */
final class RandomOrders
{
    private static final char BUY = Side.BUY.representation();
    private static final char SELL = Side.SELL.representation();

    private final FlowChooser flowChooser;
    private final OrderParameters parameters;
    private final Instrument[] instruments;
    private final char[][] symbols;
    private final SplittableRandom random;

    RandomOrders(final FlowChooser flowChooser, final OrderParameters parameters)
    {
        this.flowChooser = flowChooser;
        this.parameters = parameters;
        this.instruments = parameters.instruments().toArray(new Instrument[0]);
        this.symbols = new char[instruments.length][];
        for (int i = 0; i < symbols.length; i++)
        {
            symbols[i] = instruments[i].symbol().toCharArray();
        }
        this.random = new SplittableRandom(parameters.seed());
    }

    /**
     * Claim the slot of request {@code requestId} and fill it with the next order drawn.
     *
     * @return the slot.
     */
    int draw(final OrderTable orders, final long requestId, final long intendedNanos)
    {
        final OrderFlow flow = flowChooser.next(random);
        final boolean passive = flow != OrderFlow.NEW;
        final char side = random.nextBoolean() ? BUY : SELL;
        final long level = passive ?
            (side == BUY ? -parameters.passiveOffsetTicks() : parameters.passiveOffsetTicks()) :
            (side == BUY ? parameters.priceRangeTicks() : -parameters.priceRangeTicks());

        final int instrumentIndex = random.nextInt(symbols.length);
        final Instrument instrument = instruments[instrumentIndex];
        final char[] symbol = symbols[instrumentIndex];
        final int slot = orders.reuse(requestId);
        orders.flow[slot] = (byte)flow.ordinal();
        orders.symbol(slot, symbol, symbol.length);
        orders.side[slot] = side;
        orders.ioc[slot] = !passive && parameters.newFlowIoc();
        final long ticks = level + random.nextInt(-parameters.priceRangeTicks(), parameters.priceRangeTicks() + 1);
        orders.priceCents[slot] =
            instrument.withinBand(instrument.referencePriceCents() + ticks * instrument.tickCents());
        orders.quantity[slot] =
            random.nextInt(parameters.minQuantity(), parameters.maxQuantity() + 1) * instrument.lotSize();
        orders.newIntendedNanos[slot] = intendedNanos;
        return slot;
    }
}
