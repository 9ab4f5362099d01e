package io.sonde.fix.client.marketdata;

import io.sonde.fix.client.order.OrderIdKeys;
import io.sonde.fix.codecs.decoder_flyweight.MarketDataIncrementalRefreshDecoder;
import io.sonde.fix.codecs.decoder_flyweight.MarketDataRequestRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.MarketDataSnapshotFullRefreshDecoder;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * A venue's FIX market data (MarketDataSnapshotFullRefresh W, MarketDataIncrementalRefresh X, and the request's
 * reject Y) read into the {@link OrderToTick} matcher by the conventions of an order-level feed: each bid or offer
 * entry's MDEntryID is the resting order's OrderID, a trade entry's the aggressor's. New entries are orders coming
 * to rest, changes are quantities changed in place, deletes are orders leaving the book; a full refresh shows
 * orders resting. A venue that aggregates by price level sends entries without MDEntryID: order-to-tick cannot be
 * measured there, and {@link #unavailable} says why instead of a silent zero. Decoders are reset before each
 * message and nothing is allocated.
 */
public final class FixMarketDataMessages
{
    private static final char BID = '0';
    private static final char OFFER = '1';
    private static final char TRADE = '2';
    private static final char NEW = '0';
    private static final char CHANGE = '1';
    private static final char DELETE = '2';

    private final OrderToTick matcher;
    private final MarketDataIncrementalRefreshDecoder incremental = new MarketDataIncrementalRefreshDecoder();
    private final MarketDataSnapshotFullRefreshDecoder snapshot = new MarketDataSnapshotFullRefreshDecoder();
    private final MarketDataRequestRejectDecoder reject = new MarketDataRequestRejectDecoder();
    private final MutableAsciiBuffer ascii = new MutableAsciiBuffer();
    private long refreshes;
    private long entries;
    private long firstNanos;
    private long lastNanos;
    private String unavailable;

    public FixMarketDataMessages(final OrderToTick matcher)
    {
        this.matcher = matcher;
    }

    /**
     * @param messageType Artio's packed MsgType.
     * @return whether the message was market data; other types are left alone.
     */
    public boolean onMessage(
        final long messageType, final DirectBuffer buffer, final int offset, final int length, final long receivedNanos)
    {
        ascii.wrap(buffer, offset, length);
        if (messageType == MarketDataIncrementalRefreshDecoder.MESSAGE_TYPE)
        {
            received(receivedNanos);
            incremental.reset();
            incremental.decode(ascii, 0, length);
            refreshes++;
            onIncremental(receivedNanos);
        }
        else if (messageType == MarketDataSnapshotFullRefreshDecoder.MESSAGE_TYPE)
        {
            received(receivedNanos);
            snapshot.reset();
            snapshot.decode(ascii, 0, length);
            refreshes++;
            onSnapshot(receivedNanos);
        }
        else if (messageType == MarketDataRequestRejectDecoder.MESSAGE_TYPE)
        {
            reject.reset();
            reject.decode(ascii, 0, length);
            unavailable("the venue refused the market data request" +
                (reject.hasText() ? ": " + new String(reject.text(), 0, reject.textLength()) : ""));
        }
        else
        {
            return false;
        }
        return true;
    }

    /**
     * @return why order-to-tick could not be measured on this venue's market data, or null while it can.
     */
    public String unavailable()
    {
        return unavailable;
    }

    /**
     * @return full and incremental refreshes received.
     */
    public long refreshes()
    {
        return refreshes;
    }

    /**
     * @return entries read per second between the first refresh and the last; 0 before two arrived.
     */
    public double entriesPerSecond()
    {
        final long spanNanos = lastNanos - firstNanos;
        return spanNanos <= 0 ? 0 : entries * 1e9 / spanNanos;
    }

    /**
     * @return entries of those refreshes read.
     */
    public long entries()
    {
        return entries;
    }

    private void onIncremental(final long receivedNanos)
    {
        // The group's decoder is there, empty, for a refresh of no entries: the counter says how many there are.
        final int count = incremental.hasNoMDEntriesGroupCounter() ? incremental.noMDEntriesGroupCounter() : 0;
        MarketDataIncrementalRefreshDecoder.MDEntriesGroupDecoder entry = incremental.mDEntriesGroup();
        for (int i = 0; i < count && entry != null && unavailable == null; i++, entry = entry.next())
        {
            entries++;
            if (!entry.hasMDEntryType())
            {
                continue;
            }
            final char type = entry.mDEntryType();
            if (!entry.hasMDEntryID())
            {
                if (type == BID || type == OFFER)
                {
                    withoutEntryIds();
                }
                continue;
            }
            final long key = OrderIdKeys.of(entry.mDEntryID(), entry.mDEntryIDLength());
            if (type == TRADE)
            {
                matcher.onTrade(key, OrderIdKeys.NONE, receivedNanos);
            }
            else if (type == BID || type == OFFER)
            {
                final char action = entry.mDUpdateAction();
                if (action == NEW)
                {
                    matcher.onOrderAdded(key, receivedNanos);
                }
                else if (action == CHANGE)
                {
                    matcher.onOrderModified(key, receivedNanos);
                }
                else if (action == DELETE)
                {
                    matcher.onOrderLeft(key, receivedNanos);
                }
            }
        }
    }

    private void onSnapshot(final long receivedNanos)
    {
        final int count = snapshot.hasNoMDEntriesGroupCounter() ? snapshot.noMDEntriesGroupCounter() : 0;
        MarketDataSnapshotFullRefreshDecoder.MDEntriesGroupDecoder entry = snapshot.mDEntriesGroup();
        for (int i = 0; i < count && entry != null && unavailable == null; i++, entry = entry.next())
        {
            entries++;
            final char type = entry.mDEntryType();
            if (type != BID && type != OFFER)
            {
                continue;
            }
            if (!entry.hasMDEntryID())
            {
                withoutEntryIds();
                continue;
            }
            matcher.onSeenInSnapshot(OrderIdKeys.of(entry.mDEntryID(), entry.mDEntryIDLength()), receivedNanos);
        }
    }

    private void received(final long receivedNanos)
    {
        if (refreshes == 0)
        {
            firstNanos = receivedNanos;
        }
        lastNanos = receivedNanos;
    }

    private void withoutEntryIds()
    {
        unavailable("order-to-tick needs an order-level feed (the venue sent bid and offer entries without " +
            "MDEntryID, as a feed aggregated by price level does)");
    }

    private void unavailable(final String reason)
    {
        if (unavailable == null)
        {
            unavailable = reason;
        }
    }
}
