package io.sonde.scenarios.run;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A loopback TCP proxy in front of an acceptor that keeps every byte the client sent, per connection, so a test
 * can read what went over the wire as the venue received it.
 */
final class WireTap implements AutoCloseable
{
    private final ServerSocket server;
    private final int targetPort;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final List<ByteArrayOutputStream> sent = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    WireTap(final int targetPort) throws IOException
    {
        this.targetPort = targetPort;
        this.server = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
        daemon(this::acceptLoop).start();
    }

    int port()
    {
        return server.getLocalPort();
    }

    /**
     * @return every FIX message the client sent, tag to value (the first of a repeated tag), in each connection's
     *         order.
     */
    List<Map<Integer, String>> messagesFromClient()
    {
        final List<Map<Integer, String>> messages = new ArrayList<>();
        for (final ByteArrayOutputStream connection : sent)
        {
            final String bytes;
            synchronized (connection)
            {
                bytes = connection.toString(StandardCharsets.US_ASCII);
            }
            Map<Integer, String> message = null;
            for (final String field : bytes.split("\u0001"))
            {
                final int equals = field.indexOf('=');
                final int tag = Integer.parseInt(field.substring(0, equals));
                if (tag == 8)
                {
                    message = new HashMap<>();
                    messages.add(message);
                }
                message.putIfAbsent(tag, field.substring(equals + 1));
            }
        }
        return messages;
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

    private void acceptLoop()
    {
        while (!closed)
        {
            try
            {
                final Socket client = server.accept();
                final Socket acceptor = new Socket();
                acceptor.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 5_000);
                client.setTcpNoDelay(true);
                acceptor.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(acceptor);
                final ByteArrayOutputStream copy = new ByteArrayOutputStream();
                sent.add(copy);
                daemon(() -> pipe(client, acceptor, copy)).start();
                daemon(() -> pipe(acceptor, client, null)).start();
            }
            catch (final IOException ex)
            {
                if (!closed)
                {
                    System.err.println("wire tap: " + ex);
                }
            }
        }
    }

    private static void pipe(final Socket from, final Socket to, final ByteArrayOutputStream copy)
    {
        final byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream())
        {
            int read;
            while ((read = in.read(buffer)) > 0)
            {
                if (copy != null)
                {
                    synchronized (copy)
                    {
                        copy.write(buffer, 0, read);
                    }
                }
                out.write(buffer, 0, read);
                out.flush();
            }
        }
        catch (final IOException ignored)
        {
            // Either side closed: the connection is over.
        }
    }

    private static Thread daemon(final Runnable task)
    {
        final Thread thread = new Thread(task, "wire-tap");
        thread.setDaemon(true);
        return thread;
    }
}
