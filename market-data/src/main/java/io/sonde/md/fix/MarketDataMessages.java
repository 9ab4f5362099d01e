package io.sonde.md.fix;

import io.sonde.fix.codecs.MDEntryType;
import io.sonde.fix.codecs.MDReqRejReason;
import io.sonde.fix.codecs.builder.MarketDataIncrementalRefreshEncoder;
import io.sonde.fix.codecs.builder.MarketDataRequestRejectEncoder;
import io.sonde.fix.codecs.builder.MarketDataSnapshotFullRefreshEncoder;
import io.sonde.md.FeedPackets;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.sbe.Side;

/**
 * Writes a market data subscription's FIX messages: the full refresh (W) of one symbol from the book's replica,
 * an incremental refresh (X) of the entries one feed event made, and the request's reject (Y).
 * <p>
 * Every field sits where FIX 4.4's own dictionary puts it, so a client validating against the standard
 * dictionary accepts them: in W an order is named by OrderID (37), since FIX 4.4 defines no MDEntryID (278) in a
 * full refresh's entries; in X by MDEntryID, whose value is the same OrderID, and X carries no RptSeq (83), which
 * FIX 4.4's incremental refresh entries do not define either. The entry of an order added under the feed's
 * trigger flag carries Text (58) {@value #TRIGGER_TEXT}, inside the NoMDEntries group where FIX 4.4 defines Text:
 * only X marks a trigger, never W.
 */
final class MarketDataMessages
{
    static final String TRIGGER_TEXT = "TRIGGER";

    /**
     * The entries of one incremental refresh: at most two, a trade and the resting order it changed.
     */
    static final class Entries
    {
        static final int CAPACITY = 2;

        final char[] action = new char[CAPACITY];
        final char[] type = new char[CAPACITY];
        final long[] orderId = new long[CAPACITY];
        final long[] price = new long[CAPACITY];
        final long[] quantity = new long[CAPACITY];
        final boolean[] priced = new boolean[CAPACITY];
        final boolean[] trigger = new boolean[CAPACITY];
        int count;

        void clear()
        {
            count = 0;
        }

        void add(final char action, final char type, final long orderId, final long price, final long quantity)
        {
            set(action, type, orderId, price, quantity, true);
        }

        void addUnpriced(final char action, final char type, final long orderId)
        {
            set(action, type, orderId, 0, 0, false);
        }

        /**
         * Mark the entry added last as a trigger's.
         */
        void markTrigger()
        {
            trigger[count - 1] = true;
        }

        private void set(
            final char action, final char type, final long orderId, final long price, final long quantity,
            final boolean priced)
        {
            this.action[count] = action;
            this.type[count] = type;
            this.orderId[count] = orderId;
            this.price[count] = price;
            this.quantity[count] = quantity;
            this.priced[count] = priced;
            this.trigger[count] = false;
            count++;
        }
    }

    private final MarketDataSnapshotFullRefreshEncoder fullRefresh = new MarketDataSnapshotFullRefreshEncoder();
    private final MarketDataIncrementalRefreshEncoder incremental = new MarketDataIncrementalRefreshEncoder();
    private final MarketDataRequestRejectEncoder reject = new MarketDataRequestRejectEncoder();
    private final LongChars orderIdChars = new LongChars();
    private final OrderLevelBook.OrderVisitor countEntry = this::countEntry;
    private final OrderLevelBook.OrderVisitor writeEntry = this::writeEntry;
    private Side sideVisited;
    private int entriesCounted;
    private MarketDataSnapshotFullRefreshEncoder.MDEntriesGroupEncoder nextEntry;

    /**
     * A full refresh of {@code symbol}: its resting bids, then its offers, each in book order; a side the
     * subscription did not ask for is left out.
     *
     * @return false when the session is back-pressured and nothing was sent.
     */
    boolean sendFullRefresh(
        final MarketDataSubscriber session, final char[] mdReqId, final int mdReqIdLength, final String symbol,
        final OrderLevelBook book, final boolean bids, final boolean offers)
    {
        final int bidCount = bids ? count(book, symbol, Side.BUY) : 0;
        final int offerCount = offers ? count(book, symbol, Side.SELL) : 0;
        fullRefresh.reset();
        fullRefresh.mDReqID(mdReqId, mdReqIdLength).symbol(symbol);
        nextEntry = fullRefresh.mDEntriesGroup(bidCount + offerCount);
        if (bids)
        {
            write(book, symbol, Side.BUY);
        }
        if (offers)
        {
            write(book, symbol, Side.SELL);
        }
        return session.trySend(fullRefresh) >= 0;
    }

    /**
     * @return false when the session is back-pressured and nothing was sent.
     */
    boolean sendIncremental(
        final MarketDataSubscriber session, final char[] mdReqId, final int mdReqIdLength, final byte[] symbol,
        final int symbolLength, final Entries entries, final boolean[] wantsType)
    {
        int wanted = 0;
        for (int i = 0; i < entries.count; i++)
        {
            wanted += wantsType[entries.type[i] - MDEntryType.BID.representation()] ? 1 : 0;
        }
        if (wanted == 0)
        {
            return true;
        }
        incremental.reset();
        incremental.mDReqID(mdReqId, mdReqIdLength);
        MarketDataIncrementalRefreshEncoder.MDEntriesGroupEncoder entry = incremental.mDEntriesGroup(wanted);
        for (int i = 0; i < entries.count; i++)
        {
            if (wantsType[entries.type[i] - MDEntryType.BID.representation()])
            {
                entry.mDUpdateAction(entries.action[i])
                    .mDEntryType(entries.type[i])
                    .mDEntryID(orderIdChars.chars(), orderIdChars.encode(entries.orderId[i]))
                    .symbol(symbol, symbolLength);
                if (entries.priced[i])
                {
                    entry.mDEntryPx(entries.price[i], FeedPackets.PRICE_DECIMALS).mDEntrySize(entries.quantity[i], 0);
                }
                if (entries.trigger[i])
                {
                    entry.text(TRIGGER_TEXT);
                }
                entry = entry.next();
            }
        }
        return session.trySend(incremental) >= 0;
    }

    /**
     * @param reason null when none of FIX's reasons fits: the text says it all.
     * @return false when the session is back-pressured and nothing was sent.
     */
    boolean sendReject(
        final MarketDataSubscriber session, final char[] mdReqId, final int mdReqIdLength, final MDReqRejReason reason,
        final String text)
    {
        reject.reset();
        reject.mDReqID(mdReqId, mdReqIdLength).text(text);
        if (reason != null)
        {
            reject.mDReqRejReason(reason);
        }
        return session.trySend(reject) >= 0;
    }

    private int count(final OrderLevelBook book, final String symbol, final Side side)
    {
        sideVisited = side;
        entriesCounted = 0;
        book.forEachOrder(symbol, countEntry);
        return entriesCounted;
    }

    private void write(final OrderLevelBook book, final String symbol, final Side side)
    {
        sideVisited = side;
        book.forEachOrder(symbol, writeEntry);
    }

    private void countEntry(final long orderId, final Side side, final long price, final long quantity)
    {
        entriesCounted += side == sideVisited ? 1 : 0;
    }

    private void writeEntry(final long orderId, final Side side, final long price, final long quantity)
    {
        if (side == sideVisited)
        {
            nextEntry.mDEntryType(side == Side.BUY ? MDEntryType.BID : MDEntryType.OFFER)
                .mDEntryPx(price, FeedPackets.PRICE_DECIMALS)
                .mDEntrySize(quantity, 0)
                .orderID(orderIdChars.chars(), orderIdChars.encode(orderId));
            nextEntry = nextEntry.next();
        }
    }
}
