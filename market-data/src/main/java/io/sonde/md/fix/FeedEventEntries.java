package io.sonde.md.fix;

import io.sonde.fix.codecs.MDEntryType;
import io.sonde.fix.codecs.MDUpdateAction;
import io.sonde.md.FeedPackets;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.sbe.MessageHeaderDecoder;
import io.sonde.md.sbe.OrderAddedDecoder;
import io.sonde.md.sbe.OrderDeletedDecoder;
import io.sonde.md.sbe.OrderModifiedDecoder;
import io.sonde.md.sbe.Side;
import io.sonde.md.sbe.TradeDecoder;
import org.agrona.DirectBuffer;

import java.nio.charset.StandardCharsets;

/**
 * One event of the feed (SBE) read as the entries of an incremental refresh (X): an order added (marked when its
 * event is a trigger), modified or deleted, or a trade and what it left of the resting order, and the symbol it
 * concerns among the venue's. Flyweights over the event: nothing is allocated per event.
 */
final class FeedEventEntries
{
    private final byte[][] feedSymbols;
    private final OrderLevelBook book;
    private final MarketDataMessages.Entries entries = new MarketDataMessages.Entries();
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final OrderAddedDecoder added = new OrderAddedDecoder();
    private final OrderModifiedDecoder modified = new OrderModifiedDecoder();
    private final OrderDeletedDecoder deleted = new OrderDeletedDecoder();
    private final TradeDecoder trade = new TradeDecoder();
    private final byte[] eventSymbol = new byte[OrderAddedDecoder.symbolLength()];
    private long unknownSymbolEvents;

    /**
     * @param symbols the exchange's symbols, in the order of the subscriptions' symbol indexes.
     * @param book    the replica the feed's publisher keeps, already up to date when an event is read.
     */
    FeedEventEntries(final String[] symbols, final OrderLevelBook book)
    {
        this.book = book;
        feedSymbols = new byte[symbols.length][];
        for (int i = 0; i < symbols.length; i++)
        {
            feedSymbols[i] = symbols[i].getBytes(StandardCharsets.US_ASCII);
        }
    }

    /**
     * @return the entries of the event {@link #read} last.
     */
    MarketDataMessages.Entries entries()
    {
        return entries;
    }

    /**
     * @return the symbol of the given index, as the feed carries it.
     */
    byte[] feedSymbol(final int symbolIndex)
    {
        return feedSymbols[symbolIndex];
    }

    /**
     * @return feed events that named a symbol unknown here.
     */
    long unknownSymbolEvents()
    {
        return unknownSymbolEvents;
    }

    /**
     * Put the event's entries in {@link #entries()}.
     *
     * @return the index of the event's symbol, or -1 when the event changes no book or names a symbol unknown
     * here.
     */
    int read(final DirectBuffer buffer, final int offset)
    {
        header.wrap(buffer, offset);
        final int bodyOffset = offset + MessageHeaderDecoder.ENCODED_LENGTH;
        final int blockLength = header.blockLength();
        final int version = header.version();
        entries.clear();
        switch (header.templateId())
        {
            case OrderAddedDecoder.TEMPLATE_ID:
                added.wrap(buffer, bodyOffset, blockLength, version).getSymbol(eventSymbol, 0);
                entries.add(MDUpdateAction.NEW.representation(), entryTypeOf(added.side()), added.orderId(),
                    added.price(), added.quantity());
                if (FeedPackets.isTrigger(added))
                {
                    entries.markTrigger();
                }
                break;
            case OrderModifiedDecoder.TEMPLATE_ID:
                modified.wrap(buffer, bodyOffset, blockLength, version).getSymbol(eventSymbol, 0);
                entries.add(MDUpdateAction.CHANGE.representation(), entryTypeOf(modified.side()),
                    modified.orderId(), modified.price(), modified.quantity());
                break;
            case OrderDeletedDecoder.TEMPLATE_ID:
                deleted.wrap(buffer, bodyOffset, blockLength, version).getSymbol(eventSymbol, 0);
                entries.addUnpriced(MDUpdateAction.DELETE.representation(), entryTypeOf(deleted.side()),
                    deleted.orderId());
                break;
            case TradeDecoder.TEMPLATE_ID:
                trade.wrap(buffer, bodyOffset, blockLength, version).getSymbol(eventSymbol, 0);
                tradeEntries();
                break;
            default:
                return -1;
        }
        return feedSymbolIndex();
    }

    /**
     * The trade, then the resting order it met: changed to what still rests (at its own price, which is the
     * trade's), or deleted when filled.
     */
    private void tradeEntries()
    {
        final long price = trade.price();
        entries.add(MDUpdateAction.NEW.representation(), MDEntryType.TRADE.representation(),
            trade.aggressorOrderId(), price, trade.quantity());
        final long restingOrderId = trade.restingOrderId();
        final char restingType = trade.aggressorSide() == Side.BUY ?
            MDEntryType.OFFER.representation() : MDEntryType.BID.representation();
        final long stillResting = book.quantityOf(restingOrderId);
        if (stillResting > 0)
        {
            entries.add(MDUpdateAction.CHANGE.representation(), restingType, restingOrderId, price, stillResting);
        }
        else
        {
            entries.addUnpriced(MDUpdateAction.DELETE.representation(), restingType, restingOrderId);
        }
    }

    private int feedSymbolIndex()
    {
        for (int i = 0; i < feedSymbols.length; i++)
        {
            final byte[] symbol = feedSymbols[i];
            if (isPrefix(symbol) && (symbol.length == eventSymbol.length || eventSymbol[symbol.length] == 0))
            {
                return i;
            }
        }
        unknownSymbolEvents++;
        return -1;
    }

    private boolean isPrefix(final byte[] symbol)
    {
        if (symbol.length > eventSymbol.length)
        {
            return false;
        }
        for (int i = 0; i < symbol.length; i++)
        {
            if (symbol[i] != eventSymbol[i])
            {
                return false;
            }
        }
        return true;
    }

    private static char entryTypeOf(final Side side)
    {
        return side == Side.BUY ? MDEntryType.BID.representation() : MDEntryType.OFFER.representation();
    }
}
