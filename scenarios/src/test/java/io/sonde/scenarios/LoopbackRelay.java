package io.sonde.scenarios;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback TCP relay in front of an acceptor: each connection a client opens is matched with one to the
 * acceptor, and what a subclass does with the bytes between them is what it is for (keep them, delay them).
 * Closing it closes every connection, as a crash would.
 */
public abstract class LoopbackRelay implements AutoCloseable
{
    private static final int CONNECT_TIMEOUT_MS = 5_000;

    private final ServerSocket server;
    private final int targetPort;
    private final String name;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    /**
     * @param name names the relay's threads and its errors.
     */
    protected LoopbackRelay(final int targetPort, final String name) throws IOException
    {
        this.targetPort = targetPort;
        this.name = name;
        this.server = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
        daemon(name + "-accept", this::acceptLoop).start();
    }

    public int port()
    {
        return server.getLocalPort();
    }

    public void close() throws IOException
    {
        closed = true;
        server.close();
        for (final Socket socket : sockets)
        {
            socket.close();
        }
    }

    /**
     * Start moving bytes both ways between a client and its connection to the acceptor.
     */
    protected abstract void relay(Socket client, Socket target);

    protected static Thread daemon(final String name, final Runnable task)
    {
        final Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }

    protected String name()
    {
        return name;
    }

    private void acceptLoop()
    {
        while (!closed)
        {
            try
            {
                final Socket client = server.accept();
                final Socket target = new Socket();
                target.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort),
                    CONNECT_TIMEOUT_MS);
                client.setTcpNoDelay(true);
                target.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(target);
                relay(client, target);
            }
            catch (final IOException ex)
            {
                if (!closed)
                {
                    System.err.println(name + ": " + ex);
                }
            }
        }
    }
}
