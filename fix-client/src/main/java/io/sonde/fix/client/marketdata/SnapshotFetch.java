package io.sonde.fix.client.marketdata;

import io.sonde.md.FeedPackets;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.NanoClock;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Fetches the publisher's snapshot (TCP, {@link FeedPackets}) on a thread of its own, {@code sonde-snapshot}, so the
 * thread that polls the feed, which runs the load, never waits on a connection: a slow or silent publisher would hold
 * it for up to {@link #TIMEOUT_MILLIS}, and every order due meanwhile would be sent late.
 * <p>
 * The polling thread {@link #request requests} a fetch and, at each poll, sees whether it is {@link #isFetched
 * fetched}; the fetching thread reads the snapshot's frames whole into one buffer, each after its two-byte length,
 * and publishes them with a volatile write of the state, so the polling thread reads them as written. One fetch at a
 * time; a request while one is under way is taken by it. The polling thread allocates nothing to request or read
 * one. Its thread is a daemon, started with the feed and stopped by {@link #close}.
 */
final class SnapshotFetch implements AutoCloseable
{
    static final int TIMEOUT_MILLIS = 2_000;

    private static final int IDLE = 0;
    private static final int REQUESTED = 1;
    private static final int FETCHED = 2;
    private static final int FAILED = 3;
    private static final int CLOSED = 4;

    private final InetSocketAddress address;
    private final NanoClock clock;
    private final AtomicInteger state = new AtomicInteger(IDLE);
    private final ExpandableArrayBuffer frames = new ExpandableArrayBuffer(64 * 1024);
    private final byte[] frame = new byte[64 * 1024];
    private final Thread thread;
    private int framesLength;
    private long fetchedNanos;
    private String failure;

    SnapshotFetch(final InetSocketAddress address, final NanoClock clock)
    {
        this.address = address;
        this.clock = clock;
        thread = new Thread(this::run, "sonde-snapshot");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Ask for a snapshot taken from now on. On the polling thread.
     *
     * @return false when a fetch is under way or waits to be read: it is the one asked for.
     */
    boolean request()
    {
        if (!state.compareAndSet(IDLE, REQUESTED))
        {
            return false;
        }
        LockSupport.unpark(thread);
        return true;
    }

    /**
     * @return whether a fetch is asked for or under way, not yet read.
     */
    boolean isPending()
    {
        final int now = state.get();
        return now == REQUESTED || now == FETCHED || now == FAILED;
    }

    /**
     * @return whether the fetch has ended, whole or not: then {@link #failure()} says which, and {@link #done()}
     *         makes way for the next.
     */
    boolean isFetched()
    {
        final int now = state.get();
        return now == FETCHED || now == FAILED;
    }

    /**
     * @return why the fetch failed, or null when the snapshot was read whole.
     */
    String failure()
    {
        return state.get() == FAILED ? failure : null;
    }

    /**
     * @return the snapshot's frames, each after its two-byte little-endian length.
     */
    ExpandableArrayBuffer frames()
    {
        return frames;
    }

    /**
     * @return the length of {@link #frames()}.
     */
    int framesLength()
    {
        return framesLength;
    }

    /**
     * @return when the snapshot's last byte arrived, on the feed's clock.
     */
    long fetchedNanos()
    {
        return fetchedNanos;
    }

    /**
     * The polling thread has read the fetch: the next may begin.
     */
    void done()
    {
        state.compareAndSet(FETCHED, IDLE);
        state.compareAndSet(FAILED, IDLE);
    }

    public void close()
    {
        state.set(CLOSED);
        LockSupport.unpark(thread);
    }

    private void run()
    {
        while (true)
        {
            final int now = state.get();
            if (now == CLOSED)
            {
                return;
            }
            if (now != REQUESTED)
            {
                LockSupport.park(this);
                continue;
            }
            failure = fetch();
            fetchedNanos = clock.nanoTime();
            state.compareAndSet(REQUESTED, failure == null ? FETCHED : FAILED);
        }
    }

    /**
     * @return null when the snapshot was read whole, else why not.
     */
    private String fetch()
    {
        framesLength = 0;
        try (Socket socket = new Socket())
        {
            socket.connect(address, TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            final DataInputStream in = new DataInputStream(socket.getInputStream());
            while (true)
            {
                final int low = in.read();
                if (low < 0)
                {
                    return null;
                }
                final int high = in.readUnsignedByte();
                final int frameLength = low | (high << 8);
                in.readFully(frame, 0, frameLength);
                frames.putByte(framesLength, (byte)low);
                frames.putByte(framesLength + 1, (byte)high);
                frames.putBytes(framesLength + FeedPackets.FRAME_LENGTH_PREFIX, frame, 0, frameLength);
                framesLength += FeedPackets.FRAME_LENGTH_PREFIX + frameLength;
            }
        }
        catch (final EOFException ex)
        {
            return "the snapshot from " + address + " ended inside a packet";
        }
        catch (final IOException ex)
        {
            return "no snapshot from " + address + ": " + ex.getMessage();
        }
    }
}
