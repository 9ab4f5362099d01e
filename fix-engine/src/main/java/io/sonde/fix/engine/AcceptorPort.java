package io.sonde.fix.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * The port an acceptor listens on: a free one on loopback, and waiting until Artio has bound it (it binds on
 * its own thread after the engine starts), shared by the reference acceptor and the exchange gateway.
 */
public final class AcceptorPort
{
    private AcceptorPort()
    {
    }

    /**
     * Wait until something accepts TCP connections on {@code port} (Artio binds on its own thread, after
     * the engine has started).
     *
     * @throws IllegalStateException when nothing listens before the timeout.
     */
    public static void awaitListening(final String host, final int port, final long timeoutMs)
    {
        final String probeHost = host.equals("0.0.0.0") ? "127.0.0.1" : host;
        final long deadline = System.currentTimeMillis() + timeoutMs;
        while (true)
        {
            try (Socket probe = new Socket())
            {
                probe.connect(new InetSocketAddress(probeHost, port), 1_000);
                return;
            }
            catch (final IOException ex)
            {
                if (System.currentTimeMillis() > deadline)
                {
                    throw new IllegalStateException("the FIX acceptor is not listening on " + probeHost + ":" + port +
                        " after " + timeoutMs + " ms: " + ex.getMessage());
                }
                sleep();
            }
        }
    }

    private static void sleep()
    {
        try
        {
            Thread.sleep(20);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the FIX acceptor", ex);
        }
    }

    public static int onLoopback()
    {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            return socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
