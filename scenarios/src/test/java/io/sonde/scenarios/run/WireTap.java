package io.sonde.scenarios.run;

import io.sonde.scenarios.LoopbackRelay;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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
final class WireTap extends LoopbackRelay
{
    private final List<ByteArrayOutputStream> sent = new CopyOnWriteArrayList<>();

    WireTap(final int targetPort) throws IOException
    {
        super(targetPort, "wire-tap");
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

    protected void relay(final Socket client, final Socket acceptor)
    {
        final ByteArrayOutputStream copy = new ByteArrayOutputStream();
        sent.add(copy);
        daemon(name(), () -> pipe(client, acceptor, copy)).start();
        daemon(name(), () -> pipe(acceptor, client, null)).start();
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
}
