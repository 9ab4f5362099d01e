package io.sonde.exchange.feed;

import org.agrona.DirectBuffer;

/**
 * Told of each event of the exchange's market-data feed, on the gateway's thread, after the publisher's replica of
 * the book has applied it: what a FIX market data subscription is served from.
 */
public interface FeedListener
{
    /**
     * One market-data message (an SBE message of {@code io.sonde.md.sbe}, header first); the buffer is reused.
     *
     * @param sequence the event's number on the feed.
     */
    void onFeedEvent(long sequence, DirectBuffer buffer, int offset, int length);

    /**
     * A snapshot replaced the replica: subscribers should get a fresh full refresh.
     */
    void onBookReset();
}
