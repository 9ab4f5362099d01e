package io.sonde.loadgen.transport;

/**
 * Receives how requests ended, as reported by a {@link Transport}.
 */
public interface CompletionHandler
{
    /**
     * Request {@code requestId} was answered positively at {@code responseNanos}.
     *
     * @param requestId     the id given to {@link Transport#trySend(long, long)}.
     * @param responseNanos nanoTime at which the answer was received.
     */
    void onAcknowledged(long requestId, long responseNanos);

    /**
     * Request {@code requestId} was answered with a refusal at {@code responseNanos}.
     *
     * @param requestId     the id given to {@link Transport#trySend(long, long)}.
     * @param responseNanos nanoTime at which the answer was received.
     * @param reason        the transport's code for why, counted per code in the results.
     */
    void onRejected(long requestId, long responseNanos, int reason);
}
