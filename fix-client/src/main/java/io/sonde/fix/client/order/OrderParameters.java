package io.sonde.fix.client.order;

import java.util.List;

/**
 * What the generated orders look like. Prices are in hundredths (two decimals).
 *
 * @param symbols              instruments, chosen uniformly.
 * @param account              Account (1) on every order, or null.
 * @param referencePriceCents  the middle price every symbol is quoted around.
 * @param priceRangeTicks      prices vary uniformly by up to this many cents either side of the passive or
 *                             aggressive level.
 * @param passiveOffsetTicks   how far from the reference resting (cancel-flow) orders are placed, in cents, so
 *                             they do not cross.
 * @param minQuantity          smallest order quantity.
 * @param maxQuantity          largest order quantity.
 * @param newFlowIoc           orders of the {@code new} flow are priced to cross; true: IOC, false: DAY (they rest
 *                             when nothing crosses).
 * @param seed                 seeds every random choice, so a run's orders are reproducible.
 * @param messageSize          pad every NewOrderSingle with Text (58) to this many bytes, header to checksum;
 *                             0 sends them unpadded.
 */
public record OrderParameters(
    List<String> symbols,
    String account,
    long referencePriceCents,
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
        if (symbols.isEmpty())
        {
            throw new IllegalArgumentException("at least one symbol is needed");
        }
        symbols = List.copyOf(symbols);
        if (minQuantity < 1 || maxQuantity < minQuantity)
        {
            throw new IllegalArgumentException("quantities must satisfy 1 <= min <= max: " + minQuantity + ".." +
                maxQuantity);
        }
        if (referencePriceCents <= passiveOffsetTicks + priceRangeTicks)
        {
            throw new IllegalArgumentException("reference price " + referencePriceCents +
                " cents is too low for the passive offset and price range");
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
        for (final String symbol : symbols)
        {
            longest = Math.max(longest, symbol.length());
        }
        return longest;
    }

    public static OrderParameters defaults(final List<String> symbols, final long seed)
    {
        return new OrderParameters(symbols, null, 10_000, 5, 500, 1, 100, true, seed, 0);
    }
}
