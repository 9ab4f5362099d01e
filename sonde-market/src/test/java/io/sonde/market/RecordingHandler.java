package io.sonde.market;

import io.sonde.loadgen.transport.CompletionHandler;
import org.agrona.collections.LongArrayList;

/**
 * Records the answers the market reports, as the load agent would take them.
 */
final class RecordingHandler implements CompletionHandler
{
    final LongArrayList acknowledged = new LongArrayList();
    final LongArrayList responseNanos = new LongArrayList();
    int rejected;

    public void onAcknowledged(final long requestId, final long responseNanos)
    {
        acknowledged.addLong(requestId);
        this.responseNanos.addLong(responseNanos);
    }

    public void onRejected(final long requestId, final long responseNanos, final int reason)
    {
        rejected++;
    }
}
