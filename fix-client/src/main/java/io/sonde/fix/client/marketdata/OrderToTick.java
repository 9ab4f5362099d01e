package io.sonde.fix.client.marketdata;

import io.sonde.fix.client.order.PublicEffects;
import io.sonde.loadgen.record.PhasedSeries;

import java.util.List;

/**
 * Matches the venue's public events to Sonde's own orders by OrderID and times each order's first public event
 * from the order's intended start: {@code order-to-tick} for a new order (its OrderAdded, or a trade it took part
 * in), {@code cancel-to-tick} for a cancel (its OrderDeleted) and {@code replace-to-tick} for a replace (its
 * OrderModified, or its OrderDeleted as replaced), each corrected and uncorrected like the order series.
 * <p>
 * The orders followed sit in {@link OrderSlots}, a table of fixed size; those never seen are counted and the first
 * named by {@link MissingOrders}. A new order's event may arrive before its acknowledgement names it: such an event is
 * held, in a preallocated table of bounded size, until the acknowledgement claims it or it is older than the hold time,
 * when it is counted as {@link #unmatched} (another participant's order). An order no longer followed is remembered for
 * a while ({@link RecentOrders}), so its later events are not taken for another's. An order whose event never came is
 * counted in {@link #finish} (or, by a watch that never ends, in {@link #settleOverdue}) as missing, never dropped; one
 * the venue said left no trace (an IOC that met nothing, a refused follow-up) is not expected. {@link #expected} and
 * {@link #seen} count the orders of the measured window, as order-to-tick does, so they read beside the run's own
 * counts; {@link #missing} counts the warm-up's too, so no order whose event never came vanishes. It hears of orders
 * from {@link MarketDataWatch} (or the probe's watch, which has no warm-up). Single-threaded, on the thread that polls
 * both the FIX library and the feed; nothing is allocated after construction.
 */
public final class OrderToTick
{
    public static final String ORDER_TO_TICK = "order-to-tick";
    public static final String CANCEL_TO_TICK = "cancel-to-tick";
    public static final String REPLACE_TO_TICK = "replace-to-tick";
    /** How many missing orders the run names. */
    public static final int NAMED_MISSING = 10;

    private final PhasedSeries orderToTick = new PhasedSeries(ORDER_TO_TICK);
    private final PhasedSeries cancelToTick = new PhasedSeries(CANCEL_TO_TICK);
    private final PhasedSeries replaceToTick = new PhasedSeries(REPLACE_TO_TICK);
    private final BookActionTicks bookTicks = new BookActionTicks();

    private final OrderSlots orders;

    private final HeldEvents held;
    private final RecentOrders recent;
    private final MissingOrders missing = new MissingOrders(NAMED_MISSING);
    private long unmatched;
    private long expected;
    private long seen;
    private long overflowed;

    /**
     * @param capacity      orders known at once (acknowledged, their events or lifecycle not over).
     * @param heldEvents    events of orders not yet named by an acknowledgement, held at once.
     * @param holdNanos     how long such an event waits for its acknowledgement.
     */
    public OrderToTick(final int capacity, final int heldEvents, final long holdNanos)
    {
        this.orders = new OrderSlots(capacity);
        this.held = new HeldEvents(heldEvents, holdNanos);
        this.recent = new RecentOrders(capacity);
    }

    /**
     * Set where the measurement starts, by the orders' intended starts; called before the run's threads start.
     */
    public void begin(final long measureStartNanos)
    {
        orderToTick.begin(measureStartNanos);
        cancelToTick.begin(measureStartNanos);
        replaceToTick.begin(measureStartNanos);
        bookTicks.begin(measureStartNanos);
    }

    /**
     * @return the book flow's passive orders and trades, timed apart once {@link BookActionTicks#enable}d.
     */
    public BookActionTicks bookActions()
    {
        return bookTicks;
    }

    /**
     * @return the three series (five when timing book actions), for the run's interval log.
     */
    public List<PhasedSeries> series()
    {
        return bookTicks.after(orderToTick, cancelToTick, replaceToTick);
    }

    public void onNewAcknowledged(
        final long orderKey, final long requestId, final long intendedNanos, final long sentNanos,
        final boolean expectEvent)
    {
        onNewAcknowledged(orderKey, requestId, intendedNanos, sentNanos, expectEvent, PublicEffects.NOT_BOOK);
    }

    /**
     * @param bookAction the book flow's kind of order ({@link PublicEffects#BOOK_PASSIVE}, ...), timed apart too.
     */
    public void onNewAcknowledged(
        final long orderKey, final long requestId, final long intendedNanos, final long sentNanos,
        final boolean expectEvent, final byte bookAction)
    {
        final int index = indexOrNew(orderKey, intendedNanos);
        if (index < 0)
        {
            return;
        }
        orders.requestId[index] = requestId;
        orders.newIntendedNanos[index] = intendedNanos;
        orders.newSentNanos[index] = sentNanos;
        orders.bookAction[index] = bookAction;
        final long heldAt = held.claim(orderKey);
        final boolean measured = orderToTick.measures(intendedNanos);
        if (measured && (heldAt != HeldEvents.NONE || expectEvent))
        {
            expected++;
        }
        if (heldAt != HeldEvents.NONE)
        {
            seen += measured ? 1 : 0;
            orderToTick.seriesFor(intendedNanos).recordResponse(intendedNanos, sentNanos, heldAt);
            bookTicks.record(bookAction, intendedNanos, sentNanos, heldAt);
        }
        else if (expectEvent)
        {
            orders.await(index, OrderSlots.AWAITS_NEW);
        }
        removeIfDone(index);
    }

    public void onNoPublicEffect(final long orderKey)
    {
        final int index = indexOf(orderKey);
        if (index >= 0)
        {
            if (orders.awaits(index, OrderSlots.AWAITS_NEW) && orderToTick.measures(orders.newIntendedNanos[index]))
            {
                expected--;
            }
            orders.stopAwaiting(index, OrderSlots.AWAITS_NEW);
            removeIfDone(index);
        }
    }

    public void onFollowUpSent(
        final long orderKey, final boolean cancel, final long newIntendedNanos, final long intendedNanos,
        final long sentNanos)
    {
        final int index = indexOrNew(orderKey, newIntendedNanos);
        if (index < 0)
        {
            return;
        }
        orders.newIntendedNanos[index] = newIntendedNanos;
        if (cancel)
        {
            orders.cancelIntendedNanos[index] = intendedNanos;
            orders.cancelSentNanos[index] = sentNanos;
        }
        else
        {
            orders.replaceIntendedNanos[index] = intendedNanos;
            orders.replaceSentNanos[index] = sentNanos;
        }
        orders.await(index, cancel ? OrderSlots.AWAITS_CANCEL : OrderSlots.AWAITS_REPLACE);
    }

    public void onFollowUpRefused(final long orderKey, final boolean cancel)
    {
        final int index = indexOf(orderKey);
        if (index >= 0)
        {
            orders.stopAwaiting(index, cancel ? OrderSlots.AWAITS_CANCEL : OrderSlots.AWAITS_REPLACE);
            removeIfDone(index);
        }
    }

    public void onLifecycleEnded(final long orderKey)
    {
        final int index = indexOf(orderKey);
        if (index >= 0)
        {
            orders.ended[index] = true;
            removeIfDone(index);
        }
    }

    /**
     * An order came to rest on the book: a new order's first public event, or a replaced one back on the book.
     */
    public void onOrderAdded(final long orderKey, final long receivedNanos)
    {
        if (!onNewEvent(orderKey, receivedNanos))
        {
            held.hold(orderKey, receivedNanos, true);
        }
    }

    /**
     * A trade: the aggressor's first public event, and the resting order's if it had none yet.
     */
    public void onTrade(final long aggressorKey, final long restingKey, final long receivedNanos)
    {
        final boolean restingIsKnown = onNewEvent(restingKey, receivedNanos);
        if (!onNewEvent(aggressorKey, receivedNanos))
        {
            held.hold(aggressorKey, receivedNanos, !restingIsKnown);
        }
    }

    /**
     * A recovered snapshot shows the order resting: its own event fell into a gap of the feed, and the snapshot
     * is the first Sonde saw of it. Another's order in the snapshot is not an event, so nothing is held.
     */
    public void onSeenInSnapshot(final long orderKey, final long receivedNanos)
    {
        onNewEvent(orderKey, receivedNanos);
    }

    /**
     * A resting order's quantity changed in place: a replace's public event.
     */
    public void onOrderModified(final long orderKey, final long receivedNanos)
    {
        onFollowUpEvent(orderKey, OrderSlots.AWAITS_REPLACE, receivedNanos);
    }

    /**
     * A resting order left the book other than by a fill: a cancel's event or, {@code replaced}, a replace's.
     */
    public void onOrderDeleted(final long orderKey, final boolean replaced, final long receivedNanos)
    {
        onFollowUpEvent(orderKey, replaced ? OrderSlots.AWAITS_REPLACE : OrderSlots.AWAITS_CANCEL, receivedNanos);
    }

    /**
     * A resting order left the book, the reason unsaid (a FIX incremental refresh's delete): the public event of
     * the order's replace when one is awaited (it went out before any cancel), else of its cancel.
     */
    public void onOrderLeft(final long orderKey, final long receivedNanos)
    {
        final int index = indexOf(orderKey);
        final boolean replace = index >= 0 && orders.awaits(index, OrderSlots.AWAITS_REPLACE);
        onFollowUpEvent(orderKey, replace ? OrderSlots.AWAITS_REPLACE : OrderSlots.AWAITS_CANCEL, receivedNanos);
    }

    /**
     * Count the held events older than the hold time as others' orders.
     */
    public int poll(final long nowNanos)
    {
        final int expired = held.expire(nowNanos);
        unmatched += held.takeExpiredUnmatched();
        return expired;
    }

    /**
     * The run has drained: every order still awaiting an event is missing, and every event still held another's.
     */
    public void finish()
    {
        held.expire(Long.MAX_VALUE);
        unmatched += held.takeExpiredUnmatched();
        for (int index = 0; index < orders.capacity(); index++)
        {
            if (orders.awaitsAny(index))
            {
                settleMissing(index);
            }
        }
    }

    /**
     * For a watch that never ends (a probe): every order whose awaited event is more than {@code waitNanos}
     * overdue, counted from the latest intended start among what it awaits, is missing now, as {@link #finish}
     * would count it. Its later events are still known as its own, never taken for another's.
     *
     * @return orders counted missing by this call.
     */
    public int settleOverdue(final long nowNanos, final long waitNanos)
    {
        int settled = 0;
        for (int index = 0; index < orders.capacity(); index++)
        {
            if (orders.awaitsAny(index) && nowNanos - orders.latestAwaitedStart(index) > waitNanos)
            {
                settleMissing(index);
                settled++;
            }
        }
        return settled;
    }

    /**
     * @return acknowledged orders of the measured window that reached the book (rested or traded), whose public event
     *         is due: those an IOC without a fill or a rejected order are not among.
     */
    public long expected()
    {
        return expected;
    }

    /**
     * @return orders of the measured window whose first public event was seen: order-to-tick's count.
     */
    public long seen()
    {
        return seen;
    }

    /**
     * @return orders, cancels and replaces still awaiting their public event.
     */
    public int awaiting()
    {
        return orders.awaiting();
    }

    /**
     * @return events that named no order of this run: others' orders.
     */
    public long unmatched()
    {
        return unmatched;
    }

    /**
     * @return orders, cancels and replaces whose public event never came, counted by {@link #finish}, the warm-up's
     *         included.
     */
    public long missing()
    {
        return missing.count();
    }

    /**
     * @return orders that found the table full and were not followed (each counted, none silently).
     */
    public long overflowed()
    {
        return overflowed;
    }

    /**
     * @return the first missing orders, each as "OrderID n (request r)".
     */
    public List<String> namedMissing()
    {
        return missing.named();
    }

    private void settleMissing(final int index)
    {
        missing.add(orders.key(index), orders.requestId[index]);
        release(index);
    }

    private boolean onNewEvent(final long orderKey, final long receivedNanos)
    {
        final int index = indexOf(orderKey);
        if (index < 0)
        {
            return recent.contains(orderKey);
        }
        if (orders.awaits(index, OrderSlots.AWAITS_NEW))
        {
            orders.stopAwaiting(index, OrderSlots.AWAITS_NEW);
            seen += orderToTick.measures(orders.newIntendedNanos[index]) ? 1 : 0;
            orderToTick.seriesFor(orders.newIntendedNanos[index])
                .recordResponse(orders.newIntendedNanos[index], orders.newSentNanos[index], receivedNanos);
            bookTicks.record(orders.bookAction[index], orders.newIntendedNanos[index], orders.newSentNanos[index],
                receivedNanos);
            removeIfDone(index);
        }
        return true;
    }

    private void onFollowUpEvent(final long orderKey, final byte stage, final long receivedNanos)
    {
        final int index = indexOf(orderKey);
        if (index < 0)
        {
            if (held.holds(orderKey))
            {
                // A later event of an order whose first is still held: the acknowledgement is behind the feed.
                held.hold(orderKey, receivedNanos, true);
            }
            else if (!recent.contains(orderKey))
            {
                unmatched++;
            }
            return;
        }
        if (orders.awaits(index, stage))
        {
            orders.stopAwaiting(index, stage);
            if (stage == OrderSlots.AWAITS_CANCEL)
            {
                cancelToTick.seriesFor(orders.newIntendedNanos[index])
                    .recordResponse(orders.cancelIntendedNanos[index], orders.cancelSentNanos[index], receivedNanos);
            }
            else
            {
                replaceToTick.seriesFor(orders.newIntendedNanos[index])
                    .recordResponse(orders.replaceIntendedNanos[index], orders.replaceSentNanos[index], receivedNanos);
            }
            removeIfDone(index);
        }
    }

    private int indexOf(final long orderKey)
    {
        return orders.slotOf(orderKey);
    }

    private int indexOrNew(final long orderKey, final long intendedNanos)
    {
        final int known = indexOf(orderKey);
        if (known >= 0)
        {
            return known;
        }
        final int index = orders.take(orderKey);
        if (index == OrderSlots.NONE)
        {
            overflowed++;
            return index;
        }
        orders.newIntendedNanos[index] = intendedNanos;
        return index;
    }

    /**
     * An order whose lifecycle is over and that awaits no event is forgotten; until then its later events (a
     * replaced order back on the book, a fill of its rest) are known as its own.
     */
    private void removeIfDone(final int index)
    {
        if (orders.ended[index] && !orders.awaitsAny(index))
        {
            release(index);
        }
    }

    private void release(final int index)
    {
        recent.add(orders.key(index));
        orders.release(index);
    }
}
