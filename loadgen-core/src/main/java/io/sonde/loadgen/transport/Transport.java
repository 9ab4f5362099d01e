package io.sonde.loadgen.transport;

/**
 * What the load runner drives: anything that can send a request and later report how it ended.
 * <p>
 * Both methods are called from the runner's thread only, so implementations over single-threaded
 * libraries (an Artio {@code FixLibrary}) need no locking. Implementations must not allocate in
 * steady state.
 */
public interface Transport
{
    /**
     * Try to send request {@code requestId}, intended to start at {@code intendedNanos}.
     *
     * @param requestId     the runner's sequence for this request, to be echoed in its completion.
     * @param intendedNanos the scheduled start time; it travels with the request (e.g. in a FIX ClOrdID).
     * @return true if the request went out; false if the transport is back-pressured and the runner
     * must offer the same request again later with the same intended time.
     */
    boolean trySend(long requestId, long intendedNanos);

    /**
     * Deliver the completions that have arrived since the last poll.
     *
     * @param handler receives one call per completed request.
     * @return the amount of work done, 0 when idle (feeds the runner's idle strategy).
     */
    int poll(CompletionHandler handler);
}
