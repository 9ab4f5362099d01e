package io.sonde.fix.client.order;

import java.util.ArrayList;
import java.util.List;

/**
 * What the generated orders look like. Prices are in hundredths (two decimals).
 *
 * @param instruments          what orders are for, chosen uniformly, each with its reference price, tick, lot and
 *                             price band.
 * @param account              Account (1) on every order, or null.
 * @param priceRangeTicks      prices vary uniformly by up to this many ticks either side of the passive or
 *                             aggressive level.
 * @param passiveOffsetTicks   how many ticks from the reference resting (cancel-flow) orders are placed, so they
 *                             do not cross.
 * @param minQuantity          smallest order quantity, in lots.
 * @param maxQuantity          largest order quantity, in lots.
 * @param newFlowIoc           orders of the {@code new} flow are priced to cross; true: IOC, false: DAY (they rest
 *                             when nothing crosses).
 * @param seed                 seeds every random choice, so a run's orders are reproducible.
 * @param messageSize          pad every NewOrderSingle with Text (58) to this many bytes, header to checksum;
 *                             0 sends them unpadded.
 */
public record OrderParameters(
    List<Instrument> instruments,
    String account,
    int priceRangeTicks,
    int passiveOffsetTicks,
    int minQuantity,
    int maxQuantity,
    boolean newFlowIoc,
    long seed,
    int messageSize)
{
    public static final int MIN_MESSAGE_SIZE = 64;
    public static final int MAX_MESSAGE_SIZE = 8192;

    public OrderParameters
    {
        if (instruments.isEmpty())
        {
            throw new IllegalArgumentException("at least one symbol is needed");
        }
        instruments = List.copyOf(instruments);
        if (minQuantity < 1 || maxQuantity < minQuantity)
        {
            throw new IllegalArgumentException("quantities must satisfy 1 <= min <= max: " + minQuantity + ".." +
                maxQuantity);
        }
        for (final Instrument instrument : instruments)
        {
            if (instrument.withinBand(instrument.referencePriceCents() -
                (long)(passiveOffsetTicks + priceRangeTicks) * instrument.tickCents()) <= 0)
            {
                throw new IllegalArgumentException(instrument.symbol() + ": reference price " +
                    instrument.referencePriceCents() + " cents is too low for the passive offset and price range");
            }
        }
        if (messageSize != 0 && (messageSize < MIN_MESSAGE_SIZE || messageSize > MAX_MESSAGE_SIZE))
        {
            throw new IllegalArgumentException("message size " + messageSize + " is not in " + MIN_MESSAGE_SIZE + ".." +
                MAX_MESSAGE_SIZE + " bytes (an unpadded NewOrderSingle is about 150)");
        }
        if (priceRangeTicks < 0 || passiveOffsetTicks < 0)
        {
            throw new IllegalArgumentException("price range and passive offset must not be negative");
        }
    }

    /**
     * @return the length of the longest symbol.
     */
    public int longestSymbol()
    {
        int longest = 0;
        for (final Instrument instrument : instruments)
        {
            longest = Math.max(longest, instrument.symbol().length());
        }
        return longest;
    }

    /**
     * Orders for {@code symbols}, each priced around 100.00 in cents, lots of one, no band.
     */
    public static OrderParameters defaults(final List<String> symbols, final long seed)
    {
        return new OrderParameters(instruments(symbols), null, 5, 500, 1, 100, true, seed, 0);
    }

    public static List<Instrument> instruments(final List<String> symbols)
    {
        final List<Instrument> instruments = new ArrayList<>();
        for (final String symbol : symbols)
        {
            instruments.add(Instrument.of(symbol));
        }
        return instruments;
    }
}
