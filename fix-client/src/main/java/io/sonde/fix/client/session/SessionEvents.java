package io.sonde.fix.client.session;

import org.agrona.DirectBuffer;

/**
 * What a session tells the order logic: an application or session-level message arrived, or the
 * session went down. Called on the library's polling thread.
 */
public interface SessionEvents
{
    /**
     * @param sessionIndex 0-based index of the session the message came on.
     * @param messageType  Artio's packed MsgType.
     * @param receivedNanos  nanoTime at which the message was handed to Sonde.
     * @param readEpochNanos when the FIX engine read the message's bytes from the socket, in nanoseconds since the
     *                       epoch on the process's {@code WallClock}.
     */
    void onMessage(
        int sessionIndex,
        long messageType,
        DirectBuffer buffer,
        int offset,
        int length,
        long receivedNanos,
        long readEpochNanos);

    /**
     * The session disconnected: orders it carried will get no answer on it.
     */
    void onSessionDown(int sessionIndex, long nowNanos);

    /**
     * The session logged on with ResetSeqNumFlag (141=Y) because the venue refused its persisted sequence
     * numbers: both sides now count from 1, and the venue can no longer ask for anything sent before. Only with
     * persistent sequence numbers; without them every logon resets by design and this is never called.
     */
    default void onSequenceReset(final int sessionIndex)
    {
    }
}
