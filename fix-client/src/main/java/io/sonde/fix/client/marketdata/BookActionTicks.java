package io.sonde.fix.client.marketdata;

import io.sonde.fix.client.order.PublicEffects;
import io.sonde.loadgen.record.PhasedSeries;

import java.util.List;

/**
 * Order-to-tick by the book flow's action, beside the order-to-tick of every order: {@code passive-to-tick} for a
 * passive order (its intended start to its OrderAdded on the feed: the venue showing Sonde's resting order) and
 * {@code trade-to-tick} for an aggressive one (to the trade it took part in as aggressor), each corrected and
 * uncorrected like the order series. Timed only when a book run asks for it ({@link #enable}), so other runs' logs
 * keep their tags. Single-threaded, beside {@link OrderToTick}; nothing is allocated per order.
 */
public final class BookActionTicks
{
    public static final String PASSIVE_TO_TICK = "passive-to-tick";
    public static final String TRADE_TO_TICK = "trade-to-tick";

    private final PhasedSeries passiveToTick = new PhasedSeries(PASSIVE_TO_TICK);
    private final PhasedSeries tradeToTick = new PhasedSeries(TRADE_TO_TICK);
    private boolean enabled;
    private long passiveSeen;
    private long tradesSeen;

    /**
     * Time them: a book run asks before it starts.
     */
    public void enable()
    {
        enabled = true;
    }

    /**
     * @return the order-to-tick series given, then these two when they are timed.
     */
    List<PhasedSeries> after(final PhasedSeries orders, final PhasedSeries cancels, final PhasedSeries replaces)
    {
        return enabled ? List.of(orders, cancels, replaces, passiveToTick, tradeToTick) :
            List.of(orders, cancels, replaces);
    }

    /**
     * @return whether {@code nanos} falls in the measured window or after it, as the series split them.
     */
    boolean measures(final long nanos)
    {
        return passiveToTick.measures(nanos);
    }

    void begin(final long measureStartNanos)
    {
        passiveToTick.begin(measureStartNanos);
        tradeToTick.begin(measureStartNanos);
    }

    /**
     * The first public event of a new order of {@code bookAction} arrived at {@code receivedNanos}.
     */
    void record(final byte bookAction, final long intendedNanos, final long sentNanos, final long receivedNanos)
    {
        if (!enabled || bookAction == PublicEffects.NOT_BOOK)
        {
            return;
        }
        final boolean passive = bookAction == PublicEffects.BOOK_PASSIVE;
        final PhasedSeries series = passive ? passiveToTick : tradeToTick;
        if (series.measures(intendedNanos))
        {
            passiveSeen += passive ? 1 : 0;
            tradesSeen += passive ? 0 : 1;
        }
        series.seriesFor(intendedNanos).recordResponse(intendedNanos, sentNanos, receivedNanos);
    }

    /**
     * @return passive orders of the measured window whose OrderAdded was seen: passive-to-tick's count.
     */
    public long passiveSeen()
    {
        return passiveSeen;
    }

    /**
     * @return aggressive orders of the measured window whose trade was seen: trade-to-tick's count.
     */
    public long tradesSeen()
    {
        return tradesSeen;
    }
}
