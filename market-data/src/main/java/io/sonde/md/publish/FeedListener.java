package io.sonde.md.publish;

import org.agrona.DirectBuffer;

/**
 * Follows the gateway's copy of the market-data feed, on the gateway's thread: each event once, in sequence
 * order, after it was applied to the replica ({@link FeedPublisher#replica()}). The buffer is reused for the
 * next event: copy what is kept.
 */
public interface FeedListener
{
    /**
     * @param buffer holds one message of the market-data schema ({@code io.sonde.md.sbe}), header first.
     */
    void onFeedEvent(long sequence, DirectBuffer buffer, int offset, int length);

    /**
     * A snapshot from the cluster replaced the replica (at start, after a reconnect or after a gap): read the
     * whole book again; events continue after {@link FeedPublisher#lastSequence()}.
     */
    void onBookReset();
}
