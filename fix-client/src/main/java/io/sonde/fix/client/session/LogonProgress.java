package io.sonde.fix.client.session;

/**
 * Told once a second while sessions are still logging on, so a target that does not answer shows as it happens.
 */
@FunctionalInterface
public interface LogonProgress
{
    /** Tells no one. */
    LogonProgress NONE = (active, total, waitedNanos, timeoutNanos, lastFailure) ->
    {
    };

    /**
     * @param active       sessions logged on so far.
     * @param total        sessions to log on.
     * @param waitedNanos  how long they have been logging on.
     * @param timeoutNanos when they are given up on.
     * @param lastFailure  why the last attempt of a session still waiting failed.
     */
    void waiting(int active, int total, long waitedNanos, long timeoutNanos, String lastFailure);
}
