package io.sonde.market;

import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import uk.co.real_logic.artio.fields.DecimalFloat;

/**
 * Whether a NewOrderSingle is one the market can take: a known symbol, a side of buy or sell, a positive
 * quantity, a market or limit order, and a price on a limit. An order that is not gets a reject naming the field
 * and is never matched to a trigger.
 */
final class OrderChecks
{
    static final int OK = 0;
    static final int UNKNOWN_SYMBOL = 1;
    static final int BAD_SIDE = 2;
    static final int BAD_QUANTITY = 3;
    static final int BAD_ORDER_TYPE = 4;
    static final int NO_PRICE = 5;

    private static final String[] TEXTS = {
        "",
        "Symbol (55) is not traded here",
        "Side (54) must be 1 (buy) or 2 (sell)",
        "OrderQty (38) must be positive",
        "OrdType (40) must be 1 (market) or 2 (limit)",
        "Price (44) is missing on a limit order",
    };

    private final SymbolIndex symbols;
    private int symbolIndex = SymbolIndex.UNKNOWN;

    OrderChecks(final SymbolIndex symbols)
    {
        this.symbols = symbols;
    }

    /**
     * @return {@link #OK}, or the first thing wrong; after OK, {@link #symbolIndex()} is the order's symbol.
     */
    int check(final NewOrderSingleDecoder order)
    {
        symbolIndex = symbols.indexOf(order.symbol(), order.symbolLength());
        if (symbolIndex == SymbolIndex.UNKNOWN)
        {
            return UNKNOWN_SYMBOL;
        }
        final char side = order.side();
        if (side != '1' && side != '2')
        {
            return BAD_SIDE;
        }
        final DecimalFloat quantity = order.orderQty();
        if (quantity.isNaNValue() || quantity.value() <= 0)
        {
            return BAD_QUANTITY;
        }
        final char type = order.ordType();
        if (type != '1' && type != '2')
        {
            return BAD_ORDER_TYPE;
        }
        if (type == '2' && !order.hasPrice())
        {
            return NO_PRICE;
        }
        return OK;
    }

    int symbolIndex()
    {
        return symbolIndex;
    }

    /**
     * @return the reject's Text (58), naming the field, e.g. {@code Price (44) is missing on a limit order}.
     */
    static String text(final int reason)
    {
        return TEXTS[reason];
    }
}
