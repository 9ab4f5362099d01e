package io.sonde.scenarios.probe;

import io.sonde.scenarios.LoopbackRelay;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A loopback TCP proxy in front of the exchange whose delay, per direction, a test sets while traffic
 * flows: the injectable slowness SLO tests need, on the real network path. Bytes keep their order; each
 * chunk leaves no earlier than its arrival plus the delay in force. Closing drops whatever is queued, as a
 * crash would.
 */
public final class DelayingProxy extends LoopbackRelay
{
    private volatile long toExchangeDelayNanos;
    private volatile long toClientDelayNanos;

    public DelayingProxy(final int targetPort) throws IOException
    {
        super(targetPort, "proxy");
    }

    public void delayToExchange(final long millis)
    {
        toExchangeDelayNanos = TimeUnit.MILLISECONDS.toNanos(millis);
    }

    public void delayToClient(final long millis)
    {
        toClientDelayNanos = TimeUnit.MILLISECONDS.toNanos(millis);
    }

    protected void relay(final Socket client, final Socket exchange)
    {
        pipe(client, exchange, true);
        pipe(exchange, client, false);
    }

    private void pipe(final Socket from, final Socket to, final boolean towardsExchange)
    {
        final BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
        daemon("proxy-read", () ->
        {
            final byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream())
            {
                int read;
                while ((read = in.read(buffer)) > 0)
                {
                    queue.add(new Chunk(System.nanoTime(), Arrays.copyOf(buffer, read)));
                }
            }
            catch (final IOException ignored)
            {
                // The peer went away: the writer below closes the other side.
            }
            queue.add(Chunk.END);
        }).start();
        daemon("proxy-write", () ->
        {
            try (OutputStream out = to.getOutputStream())
            {
                while (true)
                {
                    final Chunk chunk = queue.take();
                    if (chunk == Chunk.END)
                    {
                        break;
                    }
                    final long due = chunk.arrivedNanos + (towardsExchange ? toExchangeDelayNanos : toClientDelayNanos);
                    for (long wait = due - System.nanoTime(); wait > 0; wait = due - System.nanoTime())
                    {
                        LockSupport.parkNanos(wait);
                    }
                    out.write(chunk.bytes);
                    out.flush();
                }
            }
            catch (final IOException | InterruptedException ignored)
            {
                // Either side closed: the connection is over.
            }
            closeQuietly(from);
            closeQuietly(to);
        }).start();
    }

    private static void closeQuietly(final Socket socket)
    {
        try
        {
            socket.close();
        }
        catch (final IOException ignored)
        {
            // Already closed.
        }
    }

    private record Chunk(long arrivedNanos, byte[] bytes)
    {
        static final Chunk END = new Chunk(0, new byte[0]);
    }
}
