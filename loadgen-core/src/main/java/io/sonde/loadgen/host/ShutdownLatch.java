package io.sonde.loadgen.host;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Lets a command hear Ctrl-C or SIGTERM and still finish cleanly: the JVM exits as soon as a shutdown hook returns,
 * so the hook tells the command to stop, then waits (bounded) until this latch is closed, which a
 * try-with-resources does after closing everything opened after it. The bound keeps every stop within the grace
 * {@code docker stop} gives (10 s): what has not finished by then is what a SIGKILL would have cut anyway.
 */
public final class ShutdownLatch implements AutoCloseable
{
    /** What a command gets unless it needs more: docker stop's 10 s, less the JVM's own exit, with room to spare. */
    public static final long CLOSE_GRACE_MS = 4_500;

    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Thread hook;

    /**
     * A latch for a command that waits for the stop itself ({@link #awaitStop()}).
     */
    public ShutdownLatch(final String name)
    {
        this(name, () ->
        {
        });
    }

    /**
     * @param onStop run on the hook's thread when the stop comes, e.g. to cut a run short.
     */
    public ShutdownLatch(final String name, final Runnable onStop)
    {
        this(name, onStop, CLOSE_GRACE_MS);
    }

    /**
     * @param onStop  run on the hook's thread when the stop comes.
     * @param graceMs how long the hook waits for the command to finish before the JVM exits regardless.
     */
    public ShutdownLatch(final String name, final Runnable onStop, final long graceMs)
    {
        hook = new Thread(() ->
        {
            stopRequested.countDown();
            onStop.run();
            try
            {
                closed.await(graceMs, TimeUnit.MILLISECONDS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }, name + "-stop");
        Runtime.getRuntime().addShutdownHook(hook);
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

    /**
     * Let a stop in progress finish; without one, take the hook away, so that a command run in-process (a test)
     * leaves no hook behind.
     */
    public void close()
    {
        closed.countDown();
        if (stopRequested.getCount() > 0)
        {
            try
            {
                Runtime.getRuntime().removeShutdownHook(hook);
            }
            catch (final IllegalStateException ex)
            {
                // The JVM is already shutting down: the hook runs and finds the latch closed.
            }
        }
    }
}
