package io.sonde.market;

import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import io.sonde.loadgen.transport.CompletionHandler;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.fields.DecimalFloat;

/**
 * Tells which trigger an order answers, by the number it echoes or by its price, and reports the answer to the
 * load agent as the trigger's acknowledgement at the order's arrival. What is not an answer is counted, never
 * dropped: a second answer (duplicate), an answer after the trigger was missed (late, passed on to the load agent,
 * which counts it as a late response), and an order that names no trigger of the run (the first of them named).
 */
final class ReactionMatcher
{
    private static final CompletionHandler NOBODY = new CompletionHandler()
    {
        public void onAcknowledged(final long requestId, final long responseNanos)
        {
        }

        public void onRejected(final long requestId, final long responseNanos, final int reason)
        {
        }
    };
    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
        100_000_000, 1_000_000_000, 10_000_000_000L, 100_000_000_000L, 1_000_000_000_000L};
    private static final int PRICE_DECIMALS = 4;

    private final MatchMode mode;
    private final int echoTag;
    private final EchoTagScanner scanner;
    private final TriggerTable table;
    private final PriceKeys priceKeys;
    private final SymbolIndex symbols;
    private final WithoutTriggerNames named = new WithoutTriggerNames();
    private CompletionHandler handler = NOBODY;
    private long duplicates;
    private long late;
    private long withoutTrigger;

    ReactionMatcher(
        final MatchMode mode, final int echoTag, final TriggerTable table, final PriceKeys priceKeys,
        final SymbolIndex symbols)
    {
        this.mode = mode;
        this.echoTag = echoTag;
        this.scanner = mode == MatchMode.ECHO ? new EchoTagScanner(echoTag) : null;
        this.table = table;
        this.priceKeys = priceKeys;
        this.symbols = symbols;
    }

    /**
     * Who is told of answers from now on: the load agent while a run polls, nobody between runs.
     */
    void handler(final CompletionHandler handler)
    {
        this.handler = handler == null ? NOBODY : handler;
    }

    /**
     * A well-formed NewOrderSingle arrived at {@code arrivalNanos}.
     *
     * @param raw         the whole message, for the echo tag.
     * @param symbolIndex its symbol among the market's.
     * @return whether it answered a trigger (an immediate-or-cancel order then fills; otherwise it expires).
     */
    boolean onOrder(
        final DirectBuffer raw, final int offset, final int length, final NewOrderSingleDecoder order,
        final int symbolIndex, final long arrivalNanos)
    {
        if (mode == MatchMode.ECHO)
        {
            final long echoed = scanner.scan(raw, offset, length);
            if (echoed == EchoTagScanner.ABSENT)
            {
                if (nameNext(order))
                {
                    named.append("tag ").append(echoTag).append(" absent");
                }
                return false;
            }
            if (echoed == EchoTagScanner.MALFORMED)
            {
                if (nameNext(order))
                {
                    named.append(echoTag).append("=").appendAscii(raw, scanner.valueOffset(), scanner.valueLength())
                        .append(" is not a trigger number");
                }
                return false;
            }
            return onTriggerNumber(echoed, arrivalNanos, order);
        }
        final long price = fixedPoint(order.price());
        final byte triggerSide = order.side() == '2' ? PriceKeys.BID : PriceKeys.OFFER;
        final int slot = price < 0 ? TriggerTable.NONE : priceKeys.slotOf(price, symbolIndex, triggerSide);
        if (slot == TriggerTable.NONE)
        {
            if (nameNext(order))
            {
                named.append("no trigger at ").append(order.side() == '2' ? "2 " : "1 ").appendPrice(price)
                    .append(" ").append(symbols.name(symbolIndex), symbols.name(symbolIndex).length);
            }
            return false;
        }
        return answer(slot, arrivalNanos);
    }

    /**
     * An order named trigger {@code sequence} at {@code arrivalNanos}.
     *
     * @param order the order, to name it if the number is no trigger's; null names nothing.
     * @return whether it answered an awaiting trigger.
     */
    boolean onTriggerNumber(final long sequence, final long arrivalNanos, final NewOrderSingleDecoder order)
    {
        final int slot = table.slotOf(sequence);
        if (slot == TriggerTable.NONE)
        {
            if (order != null && nameNext(order))
            {
                named.append(echoTag).append("=").append(sequence).append(" names no trigger");
            }
            else if (order == null)
            {
                withoutTrigger++;
            }
            return false;
        }
        final byte state = table.state(slot);
        if (state == TriggerTable.ANSWERED)
        {
            duplicates++;
            return false;
        }
        if (state == TriggerTable.MISSED)
        {
            late++;
            handler.onAcknowledged(table.requestId(slot), arrivalNanos);
            return false;
        }
        return answer(slot, arrivalNanos);
    }

    long duplicates()
    {
        return duplicates;
    }

    long late()
    {
        return late;
    }

    long withoutTrigger()
    {
        return withoutTrigger;
    }

    WithoutTriggerNames named()
    {
        return named;
    }

    /**
     * Start counting afresh, for the next run.
     */
    void clear()
    {
        duplicates = 0;
        late = 0;
        withoutTrigger = 0;
        named.clear();
    }

    private boolean answer(final int slot, final long arrivalNanos)
    {
        table.answer(slot);
        priceKeys.remove(table.price(slot), table.symbolIndex(slot), table.side(slot));
        handler.onAcknowledged(table.requestId(slot), arrivalNanos);
        return true;
    }

    /**
     * Count an order without a trigger; say whether it is among the first, to be named.
     */
    private boolean nameNext(final NewOrderSingleDecoder order)
    {
        withoutTrigger++;
        if (named.isFull())
        {
            return false;
        }
        named.begin(order.clOrdID(), order.clOrdIDLength());
        return true;
    }

    /**
     * @return the price in the feed's four decimals, or -1 when it has more decimals than zeros allow.
     */
    private static long fixedPoint(final DecimalFloat price)
    {
        final int scale = price.scale();
        final long value = price.value();
        if (scale <= PRICE_DECIMALS)
        {
            return value * POWERS_OF_TEN[PRICE_DECIMALS - scale];
        }
        final long divisor = POWERS_OF_TEN[Math.min(scale - PRICE_DECIMALS, POWERS_OF_TEN.length - 1)];
        return value % divisor == 0 ? value / divisor : -1;
    }
}
