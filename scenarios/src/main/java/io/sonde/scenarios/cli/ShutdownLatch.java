package io.sonde.scenarios.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Lets a long-running command wait for Ctrl-C or SIGTERM and still close cleanly: the JVM exits as soon as
 * a shutdown hook returns, so the hook waits (bounded) until this latch is closed, which a
 * try-with-resources does after closing everything opened after it.
 */
public final class ShutdownLatch implements AutoCloseable
{
    private static final long CLOSE_GRACE_SECONDS = 30;

    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final CountDownLatch closed = new CountDownLatch(1);

    public ShutdownLatch(final String name)
    {
        Runtime.getRuntime().addShutdownHook(new Thread(() ->
        {
            stopRequested.countDown();
            try
            {
                closed.await(CLOSE_GRACE_SECONDS, TimeUnit.SECONDS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }, name + "-stop"));
    }

    public void awaitStop() throws InterruptedException
    {
        stopRequested.await();
    }

    /**
     * @return true when a stop was requested within the wait.
     */
    public boolean awaitStop(final long timeout, final TimeUnit unit) throws InterruptedException
    {
        return stopRequested.await(timeout, unit);
    }

    public void close()
    {
        closed.countDown();
    }
}
