package io.sonde.inprocess.floor;

import io.sonde.loadgen.transport.CompletionHandler;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The floor's transport must hand back every request exactly once, in the order sent, however the kernel
 * splits the byte stream; a lost or doubled echo would make the floor itself wrong. A vanished server must
 * stop the run with a clear cause rather than leave requests to time out silently.
 * <p>
 * Non-blocking socket calls ignore interrupts, so every loop carries its own deadline, inside the
 * {@link Timeout}, and fails with a count instead of spinning on.
 */
@Timeout(30)
class TcpEchoTransportTest
{
    private static final int FRAMES = 10_000;
    private static final long LOOP_DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(20);
    private static final long SETTLE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    @Test
    void everyFrameComesBackExactlyOnceAndInOrder()
    {
        final Recorder recorder = new Recorder(FRAMES);
        try (EchoServer server = new EchoServer(new BackoffIdleStrategy());
            TcpEchoTransport transport = new TcpEchoTransport(server.port()))
        {
            final long deadline = System.nanoTime() + LOOP_DEADLINE_NANOS;
            for (long id = 0; id < FRAMES; id++)
            {
                while (!transport.trySend(id, System.nanoTime()))
                {
                    transport.poll(recorder);
                    checkDeadline(deadline, "sending frame " + id, recorder);
                }
            }
            while (recorder.acknowledged < FRAMES)
            {
                transport.poll(recorder);
                checkDeadline(deadline, "waiting for echoes", recorder);
            }

            final long settleEnd = System.nanoTime() + SETTLE_NANOS;
            while (System.nanoTime() < settleEnd)
            {
                transport.poll(recorder);
            }
        }

        assertEquals(FRAMES, recorder.acknowledged, "acknowledgements, duplicates included");
        assertEquals(0, recorder.rejected, "rejections");
        for (int i = 0; i < FRAMES; i++)
        {
            if (recorder.ids[i] != i)
            {
                fail("acknowledgement " + i + " carried id " + recorder.ids[i]);
            }
        }
    }

    @Test
    void pollFailsClearlyOnceTheServerHasClosed()
    {
        final Recorder recorder = new Recorder(1);
        final EchoServer server = new EchoServer(new BackoffIdleStrategy());
        try (TcpEchoTransport transport = new TcpEchoTransport(server.port()))
        {
            // One round trip first: the server has then accepted and holds no unread bytes, so closing
            // sends an orderly end of stream rather than a reset.
            final long deadline = System.nanoTime() + LOOP_DEADLINE_NANOS;
            while (!transport.trySend(0, System.nanoTime()))
            {
                transport.poll(recorder);
                checkDeadline(deadline, "sending the only frame", recorder);
            }
            while (recorder.acknowledged < 1)
            {
                transport.poll(recorder);
                checkDeadline(deadline, "waiting for the only echo", recorder);
            }

            server.close();

            final IllegalStateException failure = assertThrows(
                IllegalStateException.class, () -> pollUntil(transport, recorder, deadline));
            assertEquals("echo server closed the connection", failure.getMessage());
        }
        finally
        {
            server.close();
        }
    }

    private static void pollUntil(final TcpEchoTransport transport, final Recorder recorder, final long deadline)
    {
        while (System.nanoTime() < deadline)
        {
            transport.poll(recorder);
        }
    }

    private static void checkDeadline(final long deadline, final String activity, final Recorder recorder)
    {
        if (System.nanoTime() > deadline)
        {
            fail("gave up " + activity + " after " + recorder.acknowledged + " acknowledgements");
        }
    }

    private static final class Recorder implements CompletionHandler
    {
        private final long[] ids;
        private int acknowledged;
        private int rejected;

        private Recorder(final int expected)
        {
            ids = new long[expected];
        }

        public void onAcknowledged(final long requestId, final long responseNanos)
        {
            if (acknowledged < ids.length)
            {
                ids[acknowledged] = requestId;
            }
            acknowledged++;
        }

        public void onRejected(final long requestId, final long responseNanos, final int reason)
        {
            rejected++;
        }
    }
}
