package io.sonde.exchange.engine;

import org.agrona.DirectBuffer;

/**
 * Where a snapshot's messages go (a cluster snapshot publication, or a buffer in tests). Must not return
 * before the message is taken: a snapshot with a hole would restore a different state.
 */
@FunctionalInterface
public interface SnapshotSink
{
    void write(DirectBuffer buffer, int offset, int length);
}
