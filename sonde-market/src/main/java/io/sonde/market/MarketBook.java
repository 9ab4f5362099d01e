package io.sonde.market;

import io.sonde.api.BookQuantity;
import io.sonde.md.FeedPackets;
import io.sonde.md.sbe.DeleteReason;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.OrderAddedEncoder;
import io.sonde.md.sbe.OrderDeletedEncoder;
import io.sonde.md.sbe.Side;
import io.sonde.md.sbe.TradeEncoder;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The scripted book the feed shows: per symbol a reference price that walks, orders added on the tick grid one to
 * depth ticks either side of it, cancels of random resting orders, and trades that take the best resting order
 * whole. Triggers are adds at a free sub-tick inside the spread ({@link PriceKeys}); a trigger's order is never
 * traded or modified, and leaves by the next cancel drawn (at once when two wait), so the book stays bounded.
 * Only the seed and the order of calls decide the events, never the application's reactions. Each event is
 * encoded into one reused buffer; an order's OrderId is the sequence number of its {@code OrderAdded}.
 */
final class MarketBook
{
    private static final int RESTING_PER_LEVEL = 4;
    private static final int TRIGGER_ORDERS = 64;
    private static final int TRIGGERS_FORCING_A_CANCEL = 2;

    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final OrderAddedEncoder added = new OrderAddedEncoder();
    private final OrderDeletedEncoder deleted = new OrderDeletedEncoder();
    private final TradeEncoder trade = new TradeEncoder();
    private final SplittableRandom random;
    private final EventMix mix;
    private final PriceKeys priceKeys;
    private final MarketShape shape;
    private final byte[][] symbols;
    private final long[] ticks;
    private final long[] lots;
    private final long[] references;
    private final long floorPrice;
    private final int restingCapacity;
    private final int[] restingCounts;
    private final long[] restingIds;
    private final long[] restingPrices;
    private final long[] restingQuantities;
    private final byte[] restingSides;
    private final long[] triggerIds = new long[TRIGGER_ORDERS];
    private final int[] triggerSymbols = new int[TRIGGER_ORDERS];
    private final byte[] triggerSides = new byte[TRIGGER_ORDERS];
    private long triggerHead;
    private long triggerTail;
    private long events;
    private long tradeId;
    private int symbolIndex;
    private byte side;
    private long price;
    private int length;

    MarketBook(final List<MarketSymbol> symbolList, final MarketShape shape, final long seed, final PriceKeys priceKeys)
    {
        this.shape = shape;
        this.priceKeys = priceKeys;
        random = new SplittableRandom(seed);
        mix = EventMix.of(shape);
        final int count = symbolList.size();
        symbols = new byte[count][OrderAddedEncoder.symbolLength()];
        ticks = new long[count];
        lots = new long[count];
        references = new long[count];
        long highestTick = 0;
        for (int i = 0; i < count; i++)
        {
            final MarketSymbol symbol = symbolList.get(i);
            final byte[] name = symbol.symbol().getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(name, 0, symbols[i], 0, Math.min(name.length, symbols[i].length));
            ticks[i] = symbol.tick();
            lots[i] = symbol.lot();
            references[i] = symbol.referencePrice();
            highestTick = Math.max(highestTick, symbol.tick());
        }
        floorPrice = (MarketShape.MAX_DEPTH + shape.depth() + 1) * highestTick;
        restingCapacity = 2 * shape.depth() * RESTING_PER_LEVEL;
        restingCounts = new int[count];
        restingIds = new long[count * restingCapacity];
        restingPrices = new long[count * restingCapacity];
        restingQuantities = new long[count * restingCapacity];
        restingSides = new byte[count * restingCapacity];
    }

    /**
     * Draw and encode the next event that is not a trigger.
     *
     * @param sequence         its feed sequence number: an add's OrderId.
     * @param transactTimeNanos its TransactTime, nanoseconds since the epoch.
     * @return its encoded length in {@link #buffer()}.
     */
    int filler(final long sequence, final long transactTimeNanos)
    {
        walk();
        if (triggerTail - triggerHead >= TRIGGERS_FORCING_A_CANCEL)
        {
            return deleteTriggerOrder(transactTimeNanos);
        }
        final int kind = mix.next();
        symbolIndex = random.nextInt(symbols.length);
        if (kind == EventMix.CANCEL)
        {
            if (triggerTail != triggerHead)
            {
                return deleteTriggerOrder(transactTimeNanos);
            }
            if (restingCounts[symbolIndex] > 0)
            {
                return cancel(transactTimeNanos);
            }
        }
        else if (kind == EventMix.TRADE && restingCounts[symbolIndex] > 0)
        {
            return trade(transactTimeNanos);
        }
        return restingCounts[symbolIndex] < restingCapacity ? add(sequence, transactTimeNanos) :
            cancel(transactTimeNanos);
    }

    /**
     * Draw and encode a trigger: an add at a free sub-tick price inside the spread, on a random symbol and side.
     * Its price is not yet taken in the price keys: the caller puts it there with the trigger's slot.
     */
    int trigger(final long sequence, final long transactTimeNanos)
    {
        walk();
        symbolIndex = random.nextInt(symbols.length);
        side = random.nextBoolean() ? PriceKeys.BID : PriceKeys.OFFER;
        price = priceKeys.freePrice(symbolIndex, side, references[symbolIndex], ticks[symbolIndex]);
        final long quantity = quantity();
        if (triggerTail - triggerHead == TRIGGER_ORDERS)
        {
            triggerHead++;
        }
        final int at = (int)(triggerTail++ % TRIGGER_ORDERS);
        triggerIds[at] = sequence;
        triggerSymbols[at] = symbolIndex;
        triggerSides[at] = side;
        return encodeAdded(sequence, transactTimeNanos, quantity, true);
    }

    DirectBuffer buffer()
    {
        return buffer;
    }

    /**
     * @return the encoded length of the last event.
     */
    int length()
    {
        return length;
    }

    /**
     * @return the symbol of the last event.
     */
    int symbolIndex()
    {
        return symbolIndex;
    }

    /**
     * @return the side of the last trigger, {@link PriceKeys#BID} or {@link PriceKeys#OFFER}.
     */
    byte side()
    {
        return side;
    }

    /**
     * @return the price of the last add or trade.
     */
    long price()
    {
        return price;
    }

    long reference(final int index)
    {
        return references[index];
    }

    private void walk()
    {
        if (shape.walkTicks() > 0 && ++events % shape.walkEvery() == 0)
        {
            final int walked = random.nextInt(symbols.length);
            final long step = (random.nextInt(2 * shape.walkTicks() + 1) - shape.walkTicks()) * ticks[walked];
            references[walked] = Math.max(floorPrice - floorPrice % ticks[walked], references[walked] + step);
        }
    }

    private int add(final long sequence, final long transactTimeNanos)
    {
        side = random.nextBoolean() ? PriceKeys.BID : PriceKeys.OFFER;
        final long ticksOut = 1 + random.nextInt(shape.depth());
        final long tick = ticks[symbolIndex];
        price = side == PriceKeys.BID ? references[symbolIndex] - ticksOut * tick :
            references[symbolIndex] + ticksOut * tick;
        final long quantity = quantity();
        final int at = symbolIndex * restingCapacity + restingCounts[symbolIndex]++;
        restingIds[at] = sequence;
        restingPrices[at] = price;
        restingQuantities[at] = quantity;
        restingSides[at] = side;
        return encodeAdded(sequence, transactTimeNanos, quantity, false);
    }

    private int encodeAdded(final long orderId, final long transactTimeNanos, final long quantity, final boolean marked)
    {
        added.wrapAndApplyHeader(buffer, 0, header)
            .orderId(orderId)
            .transactTime(transactTimeNanos)
            .price(price)
            .quantity(quantity)
            .side(sbeSide(side))
            .putSymbol(symbols[symbolIndex], 0)
            .flags().clear().trigger(marked);
        length = MessageHeaderEncoder.ENCODED_LENGTH + added.encodedLength();
        return length;
    }

    private int cancel(final long transactTimeNanos)
    {
        final int first = symbolIndex * restingCapacity;
        final int at = first + random.nextInt(restingCounts[symbolIndex]);
        side = restingSides[at];
        final long orderId = restingIds[at];
        removeResting(at);
        return encodeDeleted(orderId, symbolIndex, transactTimeNanos);
    }

    private int deleteTriggerOrder(final long transactTimeNanos)
    {
        final int at = (int)(triggerHead++ % TRIGGER_ORDERS);
        symbolIndex = triggerSymbols[at];
        side = triggerSides[at];
        return encodeDeleted(triggerIds[at], symbolIndex, transactTimeNanos);
    }

    private int encodeDeleted(final long orderId, final int index, final long transactTimeNanos)
    {
        deleted.wrapAndApplyHeader(buffer, 0, header)
            .orderId(orderId)
            .transactTime(transactTimeNanos)
            .side(sbeSide(side))
            .reason(DeleteReason.CANCELED)
            .putSymbol(symbols[index], 0);
        length = MessageHeaderEncoder.ENCODED_LENGTH + deleted.encodedLength();
        return length;
    }

    /**
     * An arriving order takes the best resting order of a side whole: the highest bid or the lowest offer.
     */
    private int trade(final long transactTimeNanos)
    {
        final byte restingSide = random.nextBoolean() ? PriceKeys.BID : PriceKeys.OFFER;
        final int first = symbolIndex * restingCapacity;
        final int end = first + restingCounts[symbolIndex];
        int best = -1;
        for (int at = first; at < end; at++)
        {
            if (best < 0 || better(at, best, restingSide))
            {
                best = at;
            }
        }
        side = restingSides[best];
        price = restingPrices[best];
        final long quantity = restingQuantities[best];
        final long restingId = restingIds[best];
        removeResting(best);
        trade.wrapAndApplyHeader(buffer, 0, header)
            .tradeId(++tradeId)
            .transactTime(transactTimeNanos)
            .aggressorOrderId(0)
            .restingOrderId(restingId)
            .price(price)
            .quantity(quantity)
            .aggressorSide(side == PriceKeys.BID ? Side.SELL : Side.BUY)
            .putSymbol(symbols[symbolIndex], 0);
        length = MessageHeaderEncoder.ENCODED_LENGTH + trade.encodedLength();
        return length;
    }

    /**
     * Orders on the wanted side come first; among them the best price; on the other side, too, the best.
     */
    private boolean better(final int candidate, final int best, final byte wantedSide)
    {
        final boolean candidateWanted = restingSides[candidate] == wantedSide;
        final boolean bestWanted = restingSides[best] == wantedSide;
        if (candidateWanted != bestWanted)
        {
            return candidateWanted;
        }
        return restingSides[candidate] == PriceKeys.BID ? restingPrices[candidate] > restingPrices[best] :
            restingPrices[candidate] < restingPrices[best];
    }

    private void removeResting(final int at)
    {
        final int last = symbolIndex * restingCapacity + --restingCounts[symbolIndex];
        restingIds[at] = restingIds[last];
        restingPrices[at] = restingPrices[last];
        restingQuantities[at] = restingQuantities[last];
        restingSides[at] = restingSides[last];
    }

    private long quantity()
    {
        final BookQuantity quantity = shape.quantity();
        final long lotsDrawn = switch (quantity.kind())
        {
            case FIXED -> (long)quantity.first();
            case UNIFORM -> (long)quantity.first() + random.nextInt((int)(quantity.second() - quantity.first()) + 1);
            case LOGNORMAL -> Math.round(quantity.first() * Math.exp(quantity.second() * random.nextGaussian()));
        };
        return Math.max(1, lotsDrawn) * lots[symbolIndex];
    }

    private static Side sbeSide(final byte side)
    {
        return side == PriceKeys.BID ? Side.BUY : Side.SELL;
    }
}
