package io.sonde.inprocess.floor;

import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.loadgen.transport.Transport;
import org.agrona.CloseHelper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The near end of the platform floor: sends each request as a 16-byte frame (request id, intended
 * time) over a non-blocking loopback socket and completes it when the frame comes back. Polled by the
 * load thread, open loop: many frames can be in flight. Allocation-free after construction.
 */
final class TcpEchoTransport implements Transport, AutoCloseable
{
    static final int FRAME_BYTES = 2 * Long.BYTES;
    private static final int BUFFER_BYTES = 64 * 1024;

    private final SocketChannel channel;
    private final ByteBuffer sendBuffer = ByteBuffer.allocateDirect(BUFFER_BYTES);
    private final ByteBuffer receiveBuffer = ByteBuffer.allocateDirect(BUFFER_BYTES);

    TcpEchoTransport(final int port)
    {
        try
        {
            channel = SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.configureBlocking(false);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot connect to the echo server on 127.0.0.1:" + port, ex);
        }
        sendBuffer.flip();
    }

    /**
     * A frame that cannot be written whole yet stays queued behind the ones before it; the send is only
     * refused (back-pressure) when the queue has no room for another frame.
     */
    public boolean trySend(final long requestId, final long intendedNanos)
    {
        flush();
        sendBuffer.compact();
        try
        {
            if (sendBuffer.remaining() < FRAME_BYTES)
            {
                return false;
            }
            sendBuffer.putLong(requestId).putLong(intendedNanos);
        }
        finally
        {
            sendBuffer.flip();
        }
        flush();
        return true;
    }

    public int poll(final CompletionHandler handler)
    {
        final int flushed = flush();
        final int read = read();
        if (read <= 0)
        {
            return flushed;
        }

        final long receivedNanos = System.nanoTime();
        receiveBuffer.flip();
        int frames = 0;
        while (receiveBuffer.remaining() >= FRAME_BYTES)
        {
            final long requestId = receiveBuffer.getLong();
            receiveBuffer.getLong();
            handler.onAcknowledged(requestId, receivedNanos);
            frames++;
        }
        receiveBuffer.compact();
        return frames + flushed;
    }

    public void close()
    {
        CloseHelper.quietClose(channel);
    }

    private int flush()
    {
        if (!sendBuffer.hasRemaining())
        {
            return 0;
        }
        try
        {
            return channel.write(sendBuffer);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("echo connection failed while sending", ex);
        }
    }

    private int read()
    {
        try
        {
            final int read = channel.read(receiveBuffer);
            if (read < 0)
            {
                throw new IllegalStateException("echo server closed the connection");
            }
            return read;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("echo connection failed while receiving", ex);
        }
    }
}
