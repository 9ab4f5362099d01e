package io.sonde.market;

import org.agrona.DirectBuffer;

/**
 * Where the market's events go, in order: the feed's packets, its replica and its FIX subscribers.
 */
interface FeedSink
{
    /**
     * @return the sequence number the next event takes: an add's OrderId, a trigger's identity.
     */
    long nextSequence();

    /**
     * Publish the encoded event under {@link #nextSequence()}; it may wait in a packet until {@link #flush}.
     */
    void add(DirectBuffer event, int length);

    /**
     * Send what waits.
     */
    void flush(long nowNanos);
}
