package io.sonde.md;

import io.sonde.md.sbe.MessageHeaderDecoder;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.OrderAddedDecoder;
import io.sonde.md.sbe.OrderDeletedDecoder;
import io.sonde.md.sbe.OrderModifiedDecoder;
import io.sonde.md.sbe.Side;
import io.sonde.md.sbe.SnapshotBeginDecoder;
import io.sonde.md.sbe.SnapshotBeginEncoder;
import io.sonde.md.sbe.SnapshotEndDecoder;
import io.sonde.md.sbe.SnapshotEndEncoder;
import io.sonde.md.sbe.SnapshotOrderDecoder;
import io.sonde.md.sbe.SnapshotOrderEncoder;
import io.sonde.md.sbe.TradeDecoder;
import org.agrona.DirectBuffer;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Every resting order of every symbol, rebuilt from the feed's messages: what the exchange's publisher serves as
 * a snapshot and what a consumer recovers into. Orders are kept in the order they came to rest, which within a
 * price level is their priority, so a snapshot written from one book and loaded into another gives the same
 * book. Steady state allocates nothing: entries are pooled, and the map is keyed by a primitive long.
 */
public final class OrderLevelBook
{
    /**
     * Receives each encoded snapshot message in turn; the buffer is reused for the next one.
     */
    @FunctionalInterface
    public interface SnapshotSink
    {
        void onMessage(DirectBuffer buffer, int offset, int length);
    }

    /**
     * Receives the resting orders of one symbol in turn, by {@link #forEachOrder}.
     */
    @FunctionalInterface
    public interface OrderVisitor
    {
        void onOrder(long orderId, Side side, long price, long quantity);
    }

    /**
     * Told of each order coming to rest at a price and leaving it, so a view by price level ({@link PriceLevels})
     * follows the book without a second copy of its orders. Called as the book changes; allocates nothing.
     */
    public interface RestingChanges
    {
        /** Nobody listens. */
        RestingChanges NONE = new RestingChanges()
        {
            public void onRest(final byte[] symbol, final byte side, final long price)
            {
            }

            public void onLeave(final byte[] symbol, final byte side, final long price)
            {
            }

            public void onCleared()
            {
            }
        };

        /**
         * @param symbol the order's symbol, null-padded as the feed carries it; read it during the call only.
         * @param side   FIX Side (54) as the feed's {@link Side} value.
         */
        void onRest(byte[] symbol, byte side, long price);

        void onLeave(byte[] symbol, byte side, long price);

        /** Every order left: a snapshot replaces the book. */
        void onCleared();
    }

    private static final class Entry
    {
        long orderId;
        long price;
        long quantity;
        byte side;
        final byte[] symbol = new byte[SYMBOL_LENGTH];
        Entry previous;
        Entry next;
    }

    private static final int SYMBOL_LENGTH = OrderAddedDecoder.symbolLength();

    private final Long2ObjectHashMap<Entry> byOrderId = new Long2ObjectHashMap<>();
    private final ArrayDeque<Entry> pool = new ArrayDeque<>();
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final OrderAddedDecoder added = new OrderAddedDecoder();
    private final OrderModifiedDecoder modified = new OrderModifiedDecoder();
    private final OrderDeletedDecoder deleted = new OrderDeletedDecoder();
    private final TradeDecoder trade = new TradeDecoder();
    private final SnapshotBeginDecoder snapshotBegin = new SnapshotBeginDecoder();
    private final SnapshotOrderDecoder snapshotOrder = new SnapshotOrderDecoder();
    private final SnapshotEndDecoder snapshotEnd = new SnapshotEndDecoder();
    private final UnsafeBuffer encoded = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final SnapshotBeginEncoder beginEncoder = new SnapshotBeginEncoder();
    private final SnapshotOrderEncoder orderEncoder = new SnapshotOrderEncoder();
    private final SnapshotEndEncoder endEncoder = new SnapshotEndEncoder();
    private final RestingChanges changes;
    private Entry first;
    private Entry last;
    private long snapshotSequence = -1;
    private long snapshotOrdersExpected;
    private long unknownOrders;

    public OrderLevelBook()
    {
        this(RestingChanges.NONE);
    }

    /**
     * @param changes told of every order coming to rest and leaving.
     */
    public OrderLevelBook(final RestingChanges changes)
    {
        this.changes = changes;
    }

    /**
     * Apply one message of the feed or of a snapshot.
     *
     * @return false when the message is of no template this book knows; it is left alone.
     */
    public boolean apply(final DirectBuffer buffer, final int offset, final int length)
    {
        header.wrap(buffer, offset);
        final int bodyOffset = offset + MessageHeaderDecoder.ENCODED_LENGTH;
        final int blockLength = header.blockLength();
        final int version = header.version();
        switch (header.templateId())
        {
            case OrderAddedDecoder.TEMPLATE_ID:
                added.wrap(buffer, bodyOffset, blockLength, version);
                add(added.orderId(), added.price(), added.quantity(), added.side(), buffer,
                    bodyOffset + OrderAddedDecoder.symbolEncodingOffset());
                return true;
            case OrderModifiedDecoder.TEMPLATE_ID:
                modified.wrap(buffer, bodyOffset, blockLength, version);
                modify(modified.orderId(), modified.price(), modified.quantity());
                return true;
            case OrderDeletedDecoder.TEMPLATE_ID:
                deleted.wrap(buffer, bodyOffset, blockLength, version);
                remove(deleted.orderId());
                return true;
            case TradeDecoder.TEMPLATE_ID:
                trade.wrap(buffer, bodyOffset, blockLength, version);
                reduce(trade.restingOrderId(), trade.quantity());
                return true;
            case SnapshotBeginDecoder.TEMPLATE_ID:
                snapshotBegin.wrap(buffer, bodyOffset, blockLength, version);
                clear();
                snapshotSequence = -1;
                snapshotOrdersExpected = snapshotBegin.orderCount();
                return true;
            case SnapshotOrderDecoder.TEMPLATE_ID:
                snapshotOrder.wrap(buffer, bodyOffset, blockLength, version);
                add(snapshotOrder.orderId(), snapshotOrder.price(), snapshotOrder.quantity(), snapshotOrder.side(),
                    buffer, bodyOffset + SnapshotOrderDecoder.symbolEncodingOffset());
                return true;
            case SnapshotEndDecoder.TEMPLATE_ID:
                snapshotEnd.wrap(buffer, bodyOffset, blockLength, version);
                if (byOrderId.size() != snapshotOrdersExpected)
                {
                    throw new IllegalStateException("the snapshot as of sequence " + snapshotEnd.lastSequence() +
                        " promised " + snapshotOrdersExpected + " orders and brought " + byOrderId.size());
                }
                snapshotSequence = snapshotEnd.lastSequence();
                return true;
            default:
                return false;
        }
    }

    /**
     * Write the whole book as a snapshot: as it stands after the feed event numbered {@code lastSequence}.
     */
    public void writeSnapshot(final long lastSequence, final SnapshotSink sink)
    {
        beginEncoder.wrapAndApplyHeader(encoded, 0, headerEncoder).lastSequence(lastSequence)
            .orderCount(byOrderId.size());
        sink.onMessage(encoded, 0, MessageHeaderEncoder.ENCODED_LENGTH + beginEncoder.encodedLength());
        for (Entry entry = first; entry != null; entry = entry.next)
        {
            orderEncoder.wrapAndApplyHeader(encoded, 0, headerEncoder)
                .orderId(entry.orderId)
                .price(entry.price)
                .quantity(entry.quantity)
                .side(Side.get(entry.side))
                .putSymbol(entry.symbol, 0);
            sink.onMessage(encoded, 0, MessageHeaderEncoder.ENCODED_LENGTH + orderEncoder.encodedLength());
        }
        endEncoder.wrapAndApplyHeader(encoded, 0, headerEncoder).lastSequence(lastSequence);
        sink.onMessage(encoded, 0, MessageHeaderEncoder.ENCODED_LENGTH + endEncoder.encodedLength());
    }

    /**
     * @return the sequence number the last whole snapshot loaded stood at, or -1 while one is being loaded or
     * none was.
     */
    public long snapshotSequence()
    {
        return snapshotSequence;
    }

    /**
     * @return how many messages named a resting order this book does not hold: 0 unless a message was missed.
     */
    public long unknownOrders()
    {
        return unknownOrders;
    }

    /**
     * @return the characters of a symbol as the feed carries it, null-padded.
     */
    public static int symbolLength()
    {
        return SYMBOL_LENGTH;
    }

    public int size()
    {
        return byOrderId.size();
    }

    /**
     * @return the order's resting quantity, 0 when it does not rest.
     */
    public long quantityOf(final long orderId)
    {
        final Entry entry = byOrderId.get(orderId);
        return entry == null ? 0 : entry.quantity;
    }

    /**
     * Visit every resting order of {@code symbol}, in the order they came to rest (within a price level, their
     * priority). Allocates nothing; a symbol of no resting order visits none.
     *
     * @param symbol a FIX Symbol as the feed carries it, without its null padding.
     */
    public void forEachOrder(final CharSequence symbol, final OrderVisitor visitor)
    {
        for (Entry entry = first; entry != null; entry = entry.next)
        {
            if (isSymbol(entry.symbol, symbol))
            {
                visitor.onOrder(entry.orderId, Side.get(entry.side), entry.price, entry.quantity);
            }
        }
    }

    /**
     * @return true when both hold the same orders, at the same prices and quantities, in the same order.
     */
    public boolean sameAs(final OrderLevelBook other)
    {
        if (size() != other.size())
        {
            return false;
        }
        for (Entry a = first, b = other.first; a != null; a = a.next, b = b.next)
        {
            if (a.orderId != b.orderId || a.price != b.price || a.quantity != b.quantity || a.side != b.side ||
                !Arrays.equals(a.symbol, b.symbol))
            {
                return false;
            }
        }
        return true;
    }

    public void clear()
    {
        for (Entry entry = first; entry != null; )
        {
            final Entry next = entry.next;
            entry.previous = null;
            entry.next = null;
            pool.push(entry);
            entry = next;
        }
        first = null;
        last = null;
        byOrderId.clear();
        changes.onCleared();
    }

    private void add(
        final long orderId, final long price, final long quantity, final Side side,
        final DirectBuffer buffer, final int symbolOffset)
    {
        remove(orderId, false);
        final Entry entry = pool.isEmpty() ? new Entry() : pool.pop();
        entry.orderId = orderId;
        entry.price = price;
        entry.quantity = quantity;
        entry.side = (byte)side.value();
        buffer.getBytes(symbolOffset, entry.symbol, 0, SYMBOL_LENGTH);
        entry.previous = last;
        entry.next = null;
        if (last == null)
        {
            first = entry;
        }
        else
        {
            last.next = entry;
        }
        last = entry;
        byOrderId.put(orderId, entry);
        changes.onRest(entry.symbol, entry.side, price);
    }

    private void modify(final long orderId, final long price, final long quantity)
    {
        final Entry entry = byOrderId.get(orderId);
        if (entry == null)
        {
            unknownOrders++;
            return;
        }
        if (entry.price != price)
        {
            changes.onLeave(entry.symbol, entry.side, entry.price);
            changes.onRest(entry.symbol, entry.side, price);
        }
        entry.price = price;
        entry.quantity = quantity;
    }

    private void reduce(final long orderId, final long quantity)
    {
        final Entry entry = byOrderId.get(orderId);
        if (entry == null)
        {
            unknownOrders++;
            return;
        }
        entry.quantity -= quantity;
        if (entry.quantity <= 0)
        {
            remove(orderId, true);
        }
    }

    private void remove(final long orderId)
    {
        remove(orderId, true);
    }

    private void remove(final long orderId, final boolean mustExist)
    {
        final Entry entry = byOrderId.remove(orderId);
        if (entry == null)
        {
            if (mustExist)
            {
                unknownOrders++;
            }
            return;
        }
        changes.onLeave(entry.symbol, entry.side, entry.price);
        if (entry.previous == null)
        {
            first = entry.next;
        }
        else
        {
            entry.previous.next = entry.next;
        }
        if (entry.next == null)
        {
            last = entry.previous;
        }
        else
        {
            entry.next.previous = entry.previous;
        }
        entry.previous = null;
        entry.next = null;
        pool.push(entry);
    }

    private static boolean isSymbol(final byte[] padded, final CharSequence symbol)
    {
        final int length = symbol.length();
        if (length > SYMBOL_LENGTH || (length < SYMBOL_LENGTH && padded[length] != 0))
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            if (padded[i] != symbol.charAt(i))
            {
                return false;
            }
        }
        return true;
    }
}
