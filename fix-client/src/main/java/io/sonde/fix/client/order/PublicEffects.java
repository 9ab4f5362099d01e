package io.sonde.fix.client.order;

/**
 * What the order flow tells whoever watches the venue's public market data about each order, keyed by its
 * OrderID ({@link OrderIdKeys}): when it was due, when it went out, and whether the venue's feed should show it.
 * The public event of an order may arrive before its acknowledgement, and its follow-ups' events before theirs,
 * so the watcher is told at the moment each is known. Called on the thread that polls the FIX library;
 * implementations allocate nothing.
 */
public interface PublicEffects
{
    /** An order of any flow but the book's. */
    byte NOT_BOOK = 0;
    /** A passive order of the book flow: its public event is its OrderAdded. */
    byte BOOK_PASSIVE = 1;
    /** An aggressive order of the book flow: its public event is its trade. */
    byte BOOK_AGGRESSIVE = 2;

    /**
     * Nobody watches.
     */
    PublicEffects NONE = new PublicEffects()
    {
        public void onNewAcknowledged(
            final long orderKey, final long requestId, final long intendedNanos, final long sentNanos,
            final boolean expectEvent)
        {
        }

        public void onNoPublicEffect(final long orderKey)
        {
        }

        public void onFollowUpSent(
            final long orderKey, final boolean cancel, final long newIntendedNanos, final long intendedNanos,
            final long sentNanos)
        {
        }

        public void onFollowUpRefused(final long orderKey, final boolean cancel)
        {
        }

        public void onLifecycleEnded(final long orderKey)
        {
        }

        public int poll()
        {
            return 0;
        }
    };

    /**
     * The venue acknowledged a new order and named it.
     *
     * @param expectEvent false when the acknowledgement itself says the order left no trace on the book (an IOC
     *                    canceled without a fill): no public event will come.
     */
    void onNewAcknowledged(long orderKey, long requestId, long intendedNanos, long sentNanos, boolean expectEvent);

    /**
     * The venue acknowledged a new order of the book flow, {@code bookAction} saying which kind
     * ({@link #BOOK_PASSIVE}, {@link #BOOK_AGGRESSIVE}, or {@link #NOT_BOOK}), so its public event is timed for
     * that action too. A watcher that times no action hears it as {@link #onNewAcknowledged(long, long, long, long,
     * boolean)}.
     */
    default void onNewAcknowledged(
        final long orderKey, final long requestId, final long intendedNanos, final long sentNanos,
        final boolean expectEvent, final byte bookAction)
    {
        onNewAcknowledged(orderKey, requestId, intendedNanos, sentNanos, expectEvent);
    }

    /**
     * An order acknowledged as live ended without trading or resting (an IOC canceled with nothing filled).
     */
    void onNoPublicEffect(long orderKey);

    /**
     * A cancel ({@code cancel}) or replace of the order went out.
     *
     * @param newIntendedNanos the order's own intended start, which decides its phase.
     */
    void onFollowUpSent(long orderKey, boolean cancel, long newIntendedNanos, long intendedNanos, long sentNanos);

    /**
     * The venue refused the order's cancel ({@code cancel}) or replace: the book did not change.
     */
    void onFollowUpRefused(long orderKey, boolean cancel);

    /**
     * The order's lifecycle ended on Sonde's side; its public events may still be on their way.
     */
    void onLifecycleEnded(long orderKey);

    /**
     * Receive what the public feed has brought: a duty of the thread that polls the FIX library, which runs it
     * beside its own, so the feed needs no thread of its own.
     *
     * @return work done.
     */
    int poll();
}
