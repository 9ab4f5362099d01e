package io.sonde.fix.engine;

import org.agrona.ErrorHandler;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The error handler of a thread Sonde runs itself (a duty, a media runner, a gateway's loop): every error is
 * logged with the role that raised it, and counted. An agent that throws keeps its thread running, so without a
 * count a failing component looks like a quiet one; with it a caller (a summary, a health check, a test) reads
 * {@link #errorCount()} and knows.
 * <p>
 * Errors are rare and already off the fast path, so each is printed whole; the count is one atomic increment.
 */
public final class CountingErrorHandler implements ErrorHandler
{
    private final String roleName;
    private final PrintStream log;
    private final AtomicLong errors = new AtomicLong();

    /**
     * Count errors and print each to standard error.
     *
     * @param roleName names the thread or component in each line printed, as its agent's role name does.
     */
    public CountingErrorHandler(final String roleName)
    {
        this(roleName, System.err);
    }

    /**
     * Count errors and print each to {@code log}.
     */
    public CountingErrorHandler(final String roleName, final PrintStream log)
    {
        this.roleName = roleName;
        this.log = log;
    }

    public void onError(final Throwable throwable)
    {
        final long count = errors.incrementAndGet();
        // One lock for the heading and the trace, so errors of two threads sharing a stream do not interleave.
        synchronized (log)
        {
            log.print("[" + roleName + "] error " + count + ": ");
            throwable.printStackTrace(log);
        }
    }

    /**
     * @return how many errors were handled so far; read from any thread.
     */
    public long errorCount()
    {
        return errors.get();
    }

    public String roleName()
    {
        return roleName;
    }
}
