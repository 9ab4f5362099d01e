package io.sonde.md.fix;

import io.sonde.fix.codecs.MDEntryType;
import io.sonde.fix.codecs.MDReqRejReason;
import io.sonde.fix.codecs.MDUpdateType;
import io.sonde.fix.codecs.SubscriptionRequestType;
import io.sonde.fix.codecs.decoder.MarketDataRequestDecoder;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.publish.FeedListener;
import org.agrona.DirectBuffer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The FIX sessions' market data subscriptions (MarketDataRequest, V), served from a venue's feed (the bundled
 * exchange's gateway, sonde market's acceptor) on the thread that publishes it: a full refresh (W) per symbol from
 * the publisher's replica of the book, then an incremental refresh (X) per feed event of a subscribed symbol, until
 * the session unsubscribes or goes.
 * <p>
 * Taken: SubscriptionRequestType 0 (a full refresh only), 1 (full refresh, then updates) and 2 (end the
 * subscription of that MDReqID); MarketDepth 0 (the full book, order by order); MDUpdateType 1 or none;
 * AggregatedBook N or none; MDEntryType 0 (bid), 1 (offer) and 2 (trade), the entries of other types left out.
 * Anything else gets a MarketDataRequestReject (Y) with its reason and a text, and changes nothing. A session
 * holds at most {@link #MAX_PER_SESSION} subscriptions.
 * <p>
 * Nothing is dropped silently: a full or incremental refresh that meets the session's back-pressure is counted
 * ({@link #backPressured()}), and that subscription's symbol is owed a fresh full refresh, sent as soon as the
 * session takes it ({@link #sendOwedRefreshes()}); until then its incremental refreshes are left out, since the
 * full refresh will contain them. The same happens to every subscription when a snapshot replaces the replica, and
 * to a request that comes while the replica waits for one.
 */
public final class MarketDataSubscriptions implements FeedListener
{
    public static final int MAX_PER_SESSION = 16;
    /** As long as a ClOrdID may be at the exchange. */
    public static final int MAX_MD_REQ_ID_LENGTH = 32;

    private static final int ENTRY_TYPES = 3;
    private static final int FULL_BOOK = 0;

    private final String[] symbols;
    private final OrderLevelBook book;
    private final BooleanSupplier bookIsLive;
    private final MarketDataMessages messages = new MarketDataMessages();
    private final ArrayList<Subscription> subscriptions = new ArrayList<>();
    private final FeedEventEntries events;
    private MDReqRejReason refusedReason;
    private boolean refreshesOwed;
    private long backPressured;

    /**
     * @param symbols    the venue's symbols: the only ones a request may name.
     * @param book       the replica the feed's publisher keeps, already up to date when a feed event is told.
     * @param bookIsLive whether the replica follows the feed: while it waits for a snapshot, full refreshes wait
     *                   too, rather than show a book half loaded.
     */
    public MarketDataSubscriptions(
        final List<String> symbols, final OrderLevelBook book, final BooleanSupplier bookIsLive)
    {
        this.symbols = symbols.toArray(new String[0]);
        this.book = book;
        this.bookIsLive = bookIsLive;
        events = new FeedEventEntries(this.symbols, book);
    }

    /**
     * A MarketDataRequest the FIX rules already admitted (its required fields there, at least one symbol).
     *
     * @return false when its reject met back-pressure: offer the request again (an Aeron handler aborts the
     * fragment), as nothing changed.
     */
    public boolean onRequest(final MarketDataSubscriber session, final MarketDataRequestDecoder request)
    {
        final char[] mdReqId = request.mDReqID();
        final int mdReqIdLength = request.mDReqIDLength();
        final char type = request.subscriptionRequestType();
        if (type == SubscriptionRequestType.DISABLE_PREVIOUS_SNAPSHOT_PLUS_UPDATE_REQUEST.representation())
        {
            return unsubscribe(session, mdReqId, mdReqIdLength);
        }
        final String refused = refusal(session, request);
        if (refused != null)
        {
            return reject(session, mdReqId, mdReqIdLength, refusedReason, refused);
        }
        final Subscription subscription = new Subscription(session, mdReqId, mdReqIdLength, symbols.length,
            type == SubscriptionRequestType.SNAPSHOT_PLUS_UPDATES.representation());
        for (MarketDataRequestDecoder.MDEntryTypesGroupDecoder entryType = request.mDEntryTypesGroup();
            entryType != null; entryType = entryType.next())
        {
            subscription.wantsType[entryType.mDEntryType() - MDEntryType.BID.representation()] = true;
        }
        for (MarketDataRequestDecoder.RelatedSymGroupDecoder symbol = request.relatedSymGroup();
            symbol != null; symbol = symbol.next())
        {
            final int index = symbolIndex(symbol.symbol(), symbol.symbolLength());
            subscription.symbols[index] = true;
            subscription.owes[index] = true;
        }
        subscription.owesAny = true;
        subscriptions.add(subscription);
        if (!bookIsLive.getAsBoolean() || !sendOwed(subscription))
        {
            refreshesOwed = true;
        }
        else if (!subscription.updates)
        {
            subscriptions.remove(subscription);
        }
        return true;
    }

    /**
     * Send the full refreshes that back-pressure, a new snapshot or a replica not yet live left owed.
     *
     * @return how many subscriptions were brought up to date.
     */
    public int sendOwedRefreshes()
    {
        if (!refreshesOwed || !bookIsLive.getAsBoolean())
        {
            return 0;
        }
        int work = 0;
        boolean stillOwed = false;
        for (int i = subscriptions.size() - 1; i >= 0; i--)
        {
            final Subscription subscription = subscriptions.get(i);
            if (subscription.owesAny)
            {
                if (sendOwed(subscription))
                {
                    work++;
                    if (!subscription.updates)
                    {
                        subscriptions.remove(i);
                    }
                }
                else
                {
                    stillOwed = true;
                }
            }
        }
        refreshesOwed = stillOwed;
        return work;
    }

    /**
     * The session logged out or was disconnected: its subscriptions end with it.
     */
    public void onDisconnect(final MarketDataSubscriber session)
    {
        subscriptions.removeIf(subscription -> subscription.session == session);
    }

    public void onFeedEvent(final long sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        final int symbolIndex = events.read(buffer, offset);
        if (symbolIndex < 0)
        {
            return;
        }
        for (int i = 0, size = subscriptions.size(); i < size; i++)
        {
            final Subscription subscription = subscriptions.get(i);
            if (subscription.updates && subscription.symbols[symbolIndex] && !subscription.owes[symbolIndex] &&
                !messages.sendIncremental(subscription.session, subscription.mdReqId, subscription.mdReqIdLength,
                    events.feedSymbol(symbolIndex), events.feedSymbol(symbolIndex).length, events.entries(),
                    subscription.wantsType))
            {
                backPressured++;
                subscription.owes[symbolIndex] = true;
                subscription.owesAny = true;
                refreshesOwed = true;
            }
        }
    }

    public void onBookReset()
    {
        for (int i = 0, size = subscriptions.size(); i < size; i++)
        {
            final Subscription subscription = subscriptions.get(i);
            System.arraycopy(subscription.symbols, 0, subscription.owes, 0, symbols.length);
            subscription.owesAny = true;
        }
        refreshesOwed = !subscriptions.isEmpty();
        sendOwedRefreshes();
    }

    /**
     * @return how many full or incremental refreshes met a session's back-pressure (each then owed a fresh full
     * refresh).
     */
    public long backPressured()
    {
        return backPressured;
    }

    /**
     * @return feed events of a symbol the gateway was not started with: 0 unless the gateway and the cluster
     * were given different symbols.
     */
    public long unknownSymbolEvents()
    {
        return events.unknownSymbolEvents();
    }

    public int subscriptionCount()
    {
        return subscriptions.size();
    }

    /**
     * @return why the request is refused, with its reason in {@link #refusedReason}; null when it is taken.
     */
    private String refusal(final MarketDataSubscriber session, final MarketDataRequestDecoder request)
    {
        final char[] mdReqId = request.mDReqID();
        final int mdReqIdLength = request.mDReqIDLength();
        final char type = request.subscriptionRequestType();
        refusedReason = null;
        if (type != SubscriptionRequestType.SNAPSHOT.representation() &&
            type != SubscriptionRequestType.SNAPSHOT_PLUS_UPDATES.representation())
        {
            refusedReason = MDReqRejReason.UNSUPPORTED_SUBSCRIPTIONREQUESTTYPE;
            return "SubscriptionRequestType must be 0 (snapshot), 1 (snapshot and updates) or 2 (unsubscribe)";
        }
        if (mdReqIdLength > MAX_MD_REQ_ID_LENGTH)
        {
            return "MDReqID must have at most " + MAX_MD_REQ_ID_LENGTH + " characters";
        }
        if (request.marketDepth() != FULL_BOOK)
        {
            refusedReason = MDReqRejReason.UNSUPPORTED_MARKETDEPTH;
            return "only MarketDepth 0 (the full book) is served";
        }
        if (type == SubscriptionRequestType.SNAPSHOT_PLUS_UPDATES.representation() && request.hasMDUpdateType() &&
            request.mDUpdateType() != MDUpdateType.INCREMENTAL_REFRESH.representation())
        {
            refusedReason = MDReqRejReason.UNSUPPORTED_MDUPDATETYPE;
            return "only MDUpdateType 1 (incremental refresh) is served";
        }
        if (request.hasAggregatedBook() && request.aggregatedBook())
        {
            refusedReason = MDReqRejReason.UNSUPPORTED_AGGREGATEDBOOK;
            return "the book is served order by order: AggregatedBook must be N";
        }
        for (MarketDataRequestDecoder.MDEntryTypesGroupDecoder entryType = request.mDEntryTypesGroup();
            entryType != null; entryType = entryType.next())
        {
            final char value = entryType.mDEntryType();
            if (value != MDEntryType.BID.representation() && value != MDEntryType.OFFER.representation() &&
                value != MDEntryType.TRADE.representation())
            {
                refusedReason = MDReqRejReason.UNSUPPORTED_MDENTRYTYPE;
                return "MDEntryType " + value + " is not served: only 0 (bid), 1 (offer) and 2 (trade)";
            }
        }
        for (MarketDataRequestDecoder.RelatedSymGroupDecoder symbol = request.relatedSymGroup();
            symbol != null; symbol = symbol.next())
        {
            if (symbolIndex(symbol.symbol(), symbol.symbolLength()) < 0)
            {
                refusedReason = MDReqRejReason.UNKNOWN_SYMBOL;
                return "unknown symbol " + new String(symbol.symbol(), 0, symbol.symbolLength());
            }
        }
        if (find(session, mdReqId, mdReqIdLength) >= 0)
        {
            refusedReason = MDReqRejReason.DUPLICATE_MDREQID;
            return "MDReqID " + new String(mdReqId, 0, mdReqIdLength) + " already names a subscription of this " +
                "session";
        }
        if (countOf(session) >= MAX_PER_SESSION)
        {
            refusedReason = MDReqRejReason.INSUFFICIENT_BANDWIDTH;
            return "a session may hold at most " + MAX_PER_SESSION + " subscriptions: end one first";
        }
        return null;
    }

    private boolean unsubscribe(final MarketDataSubscriber session, final char[] mdReqId, final int mdReqIdLength)
    {
        final int index = find(session, mdReqId, mdReqIdLength);
        if (index < 0)
        {
            return reject(session, mdReqId, mdReqIdLength, null,
                "no subscription of this session has MDReqID " + new String(mdReqId, 0, mdReqIdLength));
        }
        subscriptions.remove(index);
        return true;
    }

    private boolean reject(
        final MarketDataSubscriber session, final char[] mdReqId, final int mdReqIdLength, final MDReqRejReason reason,
        final String text)
    {
        if (messages.sendReject(session, mdReqId, mdReqIdLength, reason, text))
        {
            return true;
        }
        backPressured++;
        return false;
    }

    /**
     * @return false when the session's back-pressure stopped it; the symbols not yet sent stay owed.
     */
    private boolean sendOwed(final Subscription subscription)
    {
        for (int i = 0; i < symbols.length; i++)
        {
            if (subscription.owes[i])
            {
                if (!messages.sendFullRefresh(subscription.session, subscription.mdReqId, subscription.mdReqIdLength,
                    symbols[i], book, subscription.wantsType[0], subscription.wantsType[1]))
                {
                    backPressured++;
                    return false;
                }
                subscription.owes[i] = false;
            }
        }
        subscription.owesAny = false;
        return true;
    }

    private int symbolIndex(final char[] symbol, final int length)
    {
        for (int i = 0; i < symbols.length; i++)
        {
            if (sameSymbol(symbols[i], symbol, length))
            {
                return i;
            }
        }
        return -1;
    }

    private int find(final MarketDataSubscriber session, final char[] mdReqId, final int mdReqIdLength)
    {
        for (int i = 0, size = subscriptions.size(); i < size; i++)
        {
            final Subscription subscription = subscriptions.get(i);
            if (subscription.session == session && subscription.hasMdReqId(mdReqId, mdReqIdLength))
            {
                return i;
            }
        }
        return -1;
    }

    private int countOf(final MarketDataSubscriber session)
    {
        int count = 0;
        for (int i = 0, size = subscriptions.size(); i < size; i++)
        {
            count += subscriptions.get(i).session == session ? 1 : 0;
        }
        return count;
    }

    private static boolean sameSymbol(final String known, final char[] symbol, final int length)
    {
        if (known.length() != length)
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            if (known.charAt(i) != symbol[i])
            {
                return false;
            }
        }
        return true;
    }

    private static final class Subscription
    {
        final MarketDataSubscriber session;
        final char[] mdReqId;
        final int mdReqIdLength;
        final boolean updates;
        final boolean[] symbols;
        final boolean[] owes;
        final boolean[] wantsType = new boolean[ENTRY_TYPES];
        boolean owesAny;

        Subscription(
            final MarketDataSubscriber session, final char[] mdReqId, final int mdReqIdLength, final int symbolCount,
            final boolean updates)
        {
            this.session = session;
            this.mdReqId = Arrays.copyOf(mdReqId, mdReqIdLength);
            this.mdReqIdLength = mdReqIdLength;
            this.updates = updates;
            symbols = new boolean[symbolCount];
            owes = new boolean[symbolCount];
        }

        boolean hasMdReqId(final char[] other, final int otherLength)
        {
            return Arrays.equals(mdReqId, 0, mdReqIdLength, other, 0, otherLength);
        }
    }
}
