package io.sonde.exchange.engine;

import org.agrona.DirectBuffer;

/**
 * Receives the engine's public market-data events (messages of the market-data schema, {@code io.sonde.md.sbe}),
 * in order, on the engine's thread. The buffer is the engine's and is reused for the next event: copy or send
 * the event before returning.
 */
public interface BookEventListener
{
    /**
     * Takes no event: an engine nobody publishes from.
     */
    BookEventListener NONE = new BookEventListener()
    {
        public void onBookEvent(final long sequence, final DirectBuffer buffer, final int offset, final int length)
        {
        }

        public void onBookSnapshot(
            final long clusterSessionId, final DirectBuffer buffer, final int offset, final int length)
        {
        }
    };

    /**
     * One change to a book, under its feed sequence number: numbered by the engine from 1 without a gap, so
     * every replica gives the same event the same number.
     */
    void onBookEvent(long sequence, DirectBuffer buffer, int offset, int length);

    /**
     * One message of a book snapshot (SnapshotBegin, SnapshotOrder..., SnapshotEnd) for the gateway connection
     * that asked for it.
     */
    void onBookSnapshot(long clusterSessionId, DirectBuffer buffer, int offset, int length);
}
