package io.sonde.fix.client.marketdata;

import io.sonde.md.FeedPacketReader;
import io.sonde.md.FeedPackets;
import io.sonde.md.OrderLevelBook;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.UnsafeBuffer;

import java.net.InetSocketAddress;
import java.util.function.Consumer;

/**
 * Recovers the feed's book from the publisher's snapshot after a gap, without ever holding the polling thread: the
 * snapshot is fetched on a thread of its own ({@link SnapshotFetch}) and loaded into the book at a later poll.
 * <p>
 * Meanwhile the feed goes on: every event is matched to its order as it arrives, so order-to-tick is timed as
 * ever, but none is applied to the book, which the snapshot will replace. Each is kept instead, in a store sized up
 * front; once the snapshot is loaded, those after its last sequence are applied on top of it, in order. A store
 * that overflows loses the events beyond it to the book, which is counted as a gap not recovered and noted. A fetch
 * that fails leaves the book as it was, with the kept events applied: the gap is not recovered. One snapshot serves
 * every gap met while it was fetched. Single-threaded, on the polling thread; nothing allocated per event.
 */
final class SnapshotRecovery implements AutoCloseable
{
    /** Nothing loaded at this poll. */
    static final long NOTHING_LOADED = Long.MIN_VALUE;
    static final int KEPT_BYTES = 4 * 1024 * 1024;
    static final int KEPT_EVENTS = 64 * 1024;

    private final InetSocketAddress address;
    private final SnapshotFetch fetch;
    private final OrderLevelBook book;
    private final FeedEvents events;
    private final Consumer<String> notes;
    private final FeedPacketReader snapshotReader = new FeedPacketReader(FeedPackets.SNAPSHOT_CHANNEL);
    private final FeedPacketReader.MessageHandler onSnapshotMessage = this::onSnapshotMessage;
    private final UnsafeBuffer frame = new UnsafeBuffer(0, 0);
    private final UnsafeBuffer kept = new UnsafeBuffer(new byte[KEPT_BYTES]);
    private final long[] keptSequence = new long[KEPT_EVENTS];
    private final int[] keptOffset = new int[KEPT_EVENTS];
    private final int[] keptLength = new int[KEPT_EVENTS];
    private int keptCount;
    private int keptBytes;
    private boolean overflowed;
    private long lastGapEnd;
    private long gapsWaiting;
    private long recovered;
    private long unrecovered;

    /**
     * @param address the publisher's snapshot port; null when it has none, and no gap is recovered.
     */
    SnapshotRecovery(
        final InetSocketAddress address,
        final OrderLevelBook book,
        final FeedEvents events,
        final NanoClock clock,
        final Consumer<String> notes)
    {
        this.address = address;
        this.fetch = address == null ? null : new SnapshotFetch(address, clock);
        this.book = book;
        this.events = events;
        this.notes = notes;
    }

    /**
     * @return whether a snapshot can be asked for at all.
     */
    boolean canRecover()
    {
        return fetch != null;
    }

    /**
     * The feed's events resume at {@code firstAfterGap} after a gap, or were first met there: ask for a snapshot,
     * unless one is being fetched already.
     *
     * @param counted false when the feed was joined after its start: no gap, but a book to load.
     */
    void onGap(final long firstAfterGap, final boolean counted)
    {
        lastGapEnd = Math.max(lastGapEnd, firstAfterGap);
        if (counted)
        {
            gapsWaiting++;
        }
        if (fetch.request())
        {
            keptCount = 0;
            keptBytes = 0;
            overflowed = false;
        }
    }

    /**
     * @return whether a snapshot is awaited: events go to the matcher and are kept, not applied to the book.
     */
    boolean isAwaiting()
    {
        return fetch != null && fetch.isPending();
    }

    /**
     * Keep an event that arrived while the snapshot is awaited, for the book once it is loaded.
     */
    void keep(final long sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        if (keptCount == KEPT_EVENTS || keptBytes + length > KEPT_BYTES)
        {
            overflowed = true;
            return;
        }
        kept.putBytes(keptBytes, buffer, offset, length);
        keptSequence[keptCount] = sequence;
        keptOffset[keptCount] = keptBytes;
        keptLength[keptCount] = length;
        keptCount++;
        keptBytes += length;
    }

    /**
     * Load a snapshot fetched since the last poll, and the events kept after it.
     *
     * @param bookSequence the last event applied to the book so far.
     * @return the last event applied to the book now, or {@link #NOTHING_LOADED}.
     */
    long poll(final long bookSequence)
    {
        if (fetch == null || !fetch.isFetched())
        {
            return NOTHING_LOADED;
        }
        final long loaded = load();
        final boolean whole = loaded >= 0;
        if (whole)
        {
            recovered += gapsWaiting;
            if (lastGapEnd - 1 > loaded)
            {
                // The snapshot stood before the gap's end: what is between is lost, and said so.
                unrecovered++;
            }
        }
        else
        {
            unrecovered += gapsWaiting;
        }
        gapsWaiting = 0;
        long applied = whole ? loaded : bookSequence;
        for (int i = 0; i < keptCount; i++)
        {
            if (keptSequence[i] > applied)
            {
                book.apply(kept, keptOffset[i], keptLength[i]);
                applied = keptSequence[i];
            }
        }
        if (overflowed)
        {
            unrecovered++;
            notes.accept("market data: more than " + KEPT_EVENTS + " events arrived while the snapshot from " +
                address + " was fetched; the book lost those beyond them");
        }
        keptCount = 0;
        keptBytes = 0;
        overflowed = false;
        fetch.done();
        return applied;
    }

    /**
     * @return gaps a whole snapshot recovered.
     */
    long recovered()
    {
        return recovered;
    }

    /**
     * @return gaps no snapshot covered, in part or at all.
     */
    long unrecovered()
    {
        return unrecovered;
    }

    public void close()
    {
        if (fetch != null)
        {
            fetch.close();
        }
    }

    /**
     * @return the snapshot's last sequence, or -1 when it was not loaded whole (and noted).
     */
    private long load()
    {
        final String failure = fetch.failure();
        if (failure != null)
        {
            notes.accept("market data: " + failure);
            return -1;
        }
        final ExpandableArrayBuffer frames = fetch.frames();
        final int end = fetch.framesLength();
        int offset = 0;
        while (offset < end)
        {
            final int frameLength = (frames.getByte(offset) & 0xFF) | ((frames.getByte(offset + 1) & 0xFF) << 8);
            offset += FeedPackets.FRAME_LENGTH_PREFIX;
            frame.wrap(frames, offset, frameLength);
            if (snapshotReader.read(frame, 0, frameLength, onSnapshotMessage) != FeedPacketReader.Outcome.READ)
            {
                notes.accept("market data: the snapshot from " + address + " sent a garbled packet");
                return -1;
            }
            offset += frameLength;
        }
        final long lastSequence = book.snapshotSequence();
        if (lastSequence < 0)
        {
            notes.accept("market data: the snapshot from " + address + " was not whole");
        }
        return lastSequence;
    }

    private void onSnapshotMessage(final long sequence, final DirectBuffer buffer, final int offset, final int length)
    {
        events.onSnapshotMessage(buffer, offset, length, fetch.fetchedNanos());
    }
}
