package io.sonde.strategy;

import io.sonde.fix.codecs.MDEntryType;
import io.sonde.fix.codecs.MDUpdateAction;
import io.sonde.fix.codecs.MDUpdateType;
import io.sonde.fix.codecs.SubscriptionRequestType;
import io.sonde.fix.codecs.builder.MarketDataRequestEncoder;
import io.sonde.fix.codecs.decoder.MarketDataIncrementalRefreshDecoder;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.fields.DecimalFloat;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.util.List;

/**
 * Triggers from FIX market data on the strategy's order session: at logon a MarketDataRequest (V) for the symbols,
 * full book and updates (263=1, 264=0, 265=1, 267 = 0 and 1); then each entry of an incremental refresh (X) whose
 * Text (58) is {@code TRIGGER} is a trigger, its identity its MDEntryID (278). Full refreshes (W) mark no triggers
 * and are not read.
 */
final class FixTriggers
{
    private static final char[] TRIGGER = "TRIGGER".toCharArray();
    private static final String MD_REQ_ID = "sonde-strategy";
    private static final long NO_IDENTITY = -1;

    private final List<String> symbols;
    private final Reactions reactions;
    private final MarketDataRequestEncoder request = new MarketDataRequestEncoder();
    private final MarketDataIncrementalRefreshDecoder refresh = new MarketDataIncrementalRefreshDecoder();
    private final MutableAsciiBuffer ascii = new MutableAsciiBuffer();
    private final byte[] symbol = new byte[64];

    FixTriggers(final List<String> symbols, final Reactions reactions)
    {
        this.symbols = List.copyOf(symbols);
        this.reactions = reactions;
    }

    /**
     * Subscribe, once the session is logged on.
     *
     * @return false when the session was back-pressured: ask again.
     */
    boolean subscribe(final Session session)
    {
        request.reset();
        request.mDReqID(MD_REQ_ID)
            .subscriptionRequestType(SubscriptionRequestType.SNAPSHOT_PLUS_UPDATES)
            .marketDepth(0)
            .mDUpdateType(MDUpdateType.INCREMENTAL_REFRESH);
        request.mDEntryTypesGroup(2).mDEntryType(MDEntryType.BID).next().mDEntryType(MDEntryType.OFFER);
        MarketDataRequestEncoder.RelatedSymGroupEncoder related = request.relatedSymGroup(symbols.size());
        for (final String name : symbols)
        {
            related.symbol(name);
            related = related.next();
        }
        return session.trySend(request) >= 0;
    }

    /**
     * One incremental refresh, as the library hands it over.
     */
    void onIncrementalRefresh(final DirectBuffer buffer, final int offset, final int length)
    {
        ascii.wrap(buffer, offset, length);
        refresh.reset();
        refresh.decode(ascii, 0, length);
        for (MarketDataIncrementalRefreshDecoder.MDEntriesGroupDecoder entry = refresh.mDEntriesGroup();
            entry != null; entry = entry.next())
        {
            if (entry.mDUpdateAction() == MDUpdateAction.NEW.representation() && isTrigger(entry))
            {
                final long identity = identityOf(entry);
                if (identity != NO_IDENTITY && entry.hasMDEntryPx() && entry.hasMDEntrySize() && entry.hasSymbol())
                {
                    reactions.react(identity, entry.mDEntryType() == MDEntryType.BID.representation(),
                        fixedPoint(entry.mDEntryPx()), wholeUnits(entry.mDEntrySize()), symbolOf(entry),
                        entry.symbolLength());
                }
            }
        }
    }

    private static boolean isTrigger(final MarketDataIncrementalRefreshDecoder.MDEntriesGroupDecoder entry)
    {
        if (!entry.hasText() || entry.textLength() != TRIGGER.length)
        {
            return false;
        }
        final char[] text = entry.text();
        for (int i = 0; i < TRIGGER.length; i++)
        {
            if (text[i] != TRIGGER[i])
            {
                return false;
            }
        }
        return true;
    }

    private static long identityOf(final MarketDataIncrementalRefreshDecoder.MDEntriesGroupDecoder entry)
    {
        if (!entry.hasMDEntryID() || entry.mDEntryIDLength() == 0 || entry.mDEntryIDLength() > 18)
        {
            return NO_IDENTITY;
        }
        final char[] id = entry.mDEntryID();
        long identity = 0;
        for (int i = 0; i < entry.mDEntryIDLength(); i++)
        {
            final char digit = id[i];
            if (digit < '0' || digit > '9')
            {
                return NO_IDENTITY;
            }
            identity = identity * 10 + (digit - '0');
        }
        return identity;
    }

    private byte[] symbolOf(final MarketDataIncrementalRefreshDecoder.MDEntriesGroupDecoder entry)
    {
        final char[] chars = entry.symbol();
        final int length = Math.min(entry.symbolLength(), symbol.length);
        for (int i = 0; i < length; i++)
        {
            symbol[i] = (byte)chars[i];
        }
        return symbol;
    }

    /**
     * @return the price as fixed point with {@link Reactions#PRICE_SCALE} decimals; finer digits, which no trigger
     * has, are cut.
     */
    static long fixedPoint(final DecimalFloat price)
    {
        long value = price.value();
        for (int scale = price.scale(); scale < Reactions.PRICE_SCALE; scale++)
        {
            value *= 10;
        }
        for (int scale = price.scale(); scale > Reactions.PRICE_SCALE; scale--)
        {
            value /= 10;
        }
        return value;
    }

    private static long wholeUnits(final DecimalFloat quantity)
    {
        long value = quantity.value();
        for (int scale = quantity.scale(); scale > 0; scale--)
        {
            value /= 10;
        }
        return value;
    }
}
