package io.sonde.inprocess.floor;

import org.agrona.CloseHelper;
import org.agrona.concurrent.IdleStrategy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;

/**
 * The far end of the platform floor: a loopback TCP server that writes back whatever it reads, on one
 * polling thread, doing no other work. What remains is the cost of the host: kernel TCP, scheduling,
 * and whatever the hypervisor takes.
 */
final class EchoServer implements AutoCloseable
{
    private static final int BUFFER_BYTES = 64 * 1024;

    private final ServerSocketChannel acceptor;
    private final IdleStrategy idleStrategy;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER_BYTES);
    private final Thread thread;
    private SocketChannel client;
    private volatile boolean running = true;

    /**
     * Bind to an ephemeral loopback port and start echoing.
     *
     * @param idleStrategy how the server thread waits when there is nothing to read.
     */
    EchoServer(final IdleStrategy idleStrategy)
    {
        this.idleStrategy = idleStrategy;
        try
        {
            acceptor = ServerSocketChannel.open();
            acceptor.bind(new InetSocketAddress("127.0.0.1", 0));
            acceptor.configureBlocking(false);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot open the loopback echo server", ex);
        }
        thread = new Thread(this::echoUntilClosed, "sonde-echo");
        thread.setDaemon(true);
        thread.start();
    }

    int port()
    {
        return acceptor.socket().getLocalPort();
    }

    public void close()
    {
        running = false;
        try
        {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        CloseHelper.quietCloseAll(client, acceptor);
    }

    private void echoUntilClosed()
    {
        while (running)
        {
            int workCount;
            try
            {
                workCount = client == null ? accept() : echo();
            }
            catch (final IOException ex)
            {
                dropClient();
                workCount = 1;
            }
            idleStrategy.idle(workCount);
        }
    }

    private int accept() throws IOException
    {
        final SocketChannel accepted = acceptor.accept();
        if (accepted == null)
        {
            return 0;
        }
        accepted.configureBlocking(false);
        accepted.setOption(StandardSocketOptions.TCP_NODELAY, true);
        client = accepted;
        buffer.clear();
        return 1;
    }

    /**
     * Bytes not yet written back stay in the buffer and are written before anything new is read, so
     * echoes leave in the order they came.
     */
    private int echo() throws IOException
    {
        int workCount = 0;
        if (buffer.position() == 0)
        {
            final int read = client.read(buffer);
            if (read < 0)
            {
                dropClient();
                return 1;
            }
            workCount += read;
        }
        if (buffer.position() > 0)
        {
            buffer.flip();
            workCount += client.write(buffer);
            buffer.compact();
        }
        return workCount;
    }

    private void dropClient()
    {
        CloseHelper.quietClose(client);
        client = null;
        buffer.clear();
    }
}
