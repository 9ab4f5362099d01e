package io.sonde.fix.engine;

/**
 * A persistent folder that another process may still be using: Sonde will not start an archive and engine on it.
 * Says how long to wait when waiting can help.
 */
public final class StateFolderInUseException extends IllegalStateException
{
    private final long retryAfterMs;

    /**
     * @param message      what holds the folder and what to do.
     * @param retryAfterMs how long until the folder counts as free if nothing touches it, or -1 when only
     *                     stopping its owner frees it.
     */
    public StateFolderInUseException(final String message, final long retryAfterMs)
    {
        super(message);
        this.retryAfterMs = retryAfterMs;
    }

    /**
     * @return ms until the folder counts as free if its last user is gone, or -1 when only stopping it helps.
     */
    public long retryAfterMs()
    {
        return retryAfterMs;
    }
}
