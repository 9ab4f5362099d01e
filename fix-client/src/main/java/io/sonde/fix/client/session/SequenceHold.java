package io.sonde.fix.client.session;

import io.sonde.fix.codecs.builder.TestRequestEncoder;
import io.sonde.fix.codecs.decoder.HeartbeatDecoder;
import io.sonde.fix.codecs.decoder.ResendRequestDecoder;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.session.Session;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Holds a session's orders back while the venue may be recovering a gap in what this side sent, so that no order
 * is swallowed by this side's own gap fill.
 * <p>
 * Sonde keeps no outbound log during a run and gap-fills orders by policy ({@link ResendPolicy}), so Artio answers
 * an open-ended ResendRequest (EndSeqNo 0, what QuickFIX/J and most engines send) with one SequenceReset-GapFill up
 * to the last number sent when the library reads the request. An order sent after the gap and before that moment
 * lies inside the gap fill. A venue that queues the messages beyond a gap until it is filled, as QuickFIX/J does,
 * then drops the queued order unseen (the gap fill says it was skipped), while this side counted it sent.
 * <p>
 * So after a gap this side made (a skipped range of MsgSeqNums), or a logon that kept the sequence numbers across a
 * drop, the session sends a TestRequest at once, numbered past the gap so that the venue sees the gap now, and sends
 * no order until the venue has either asked for the gap (its ResendRequest is answered before the session's handler
 * hears of it) or answered the TestRequest (a venue with nothing to recover), or {@link #LIMIT_NANOS} has passed (a
 * venue that does neither). Meanwhile orders go out on the other sessions, or wait with their intended time, as for
 * a session that is down. Single-threaded, on the library's thread; nothing allocated.
 */
final class SequenceHold
{
    /** How long orders wait, at most, for the venue to recover a gap or answer the TestRequest. */
    static final long LIMIT_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** The TestReqID (112) of the TestRequest that shows the venue the gap. */
    static final String TEST_REQ_ID = "SONDE-SEQUENCE";

    private static final byte SOH = 1;
    private static final byte[] TEST_REQ_ID_FIELD =
        ("\u0001112=" + TEST_REQ_ID + "\u0001").getBytes(StandardCharsets.US_ASCII);

    private final TestRequestEncoder testRequest = new TestRequestEncoder();
    private long heldUntilNanos;

    SequenceHold(final String beginString)
    {
        testRequest.header().beginString(beginString);
        testRequest.testReqID(TEST_REQ_ID);
    }

    /**
     * Send the TestRequest on {@code session} and hold its orders until the venue is in sequence again. Held for
     * {@link #LIMIT_NANOS} even when the TestRequest met back-pressure: the venue sees the gap with the next message.
     */
    void hold(final Session session, final long nowNanos)
    {
        session.trySend(testRequest);
        holdFrom(nowNanos);
    }

    /**
     * Hold the session's orders from {@code nowNanos}, the TestRequest sent.
     */
    void holdFrom(final long nowNanos)
    {
        heldUntilNanos = nowNanos + LIMIT_NANOS;
    }

    /**
     * @return whether orders are held at {@code nowNanos}.
     */
    boolean isHolding(final long nowNanos)
    {
        return heldUntilNanos != 0 && nowNanos < heldUntilNanos;
    }

    /**
     * A message from the venue: its ResendRequest (answered by now) or its Heartbeat answering the TestRequest ends
     * the hold.
     */
    void onMessage(final long messageType, final DirectBuffer buffer, final int offset, final int length)
    {
        if (heldUntilNanos == 0)
        {
            return;
        }
        if (messageType == ResendRequestDecoder.MESSAGE_TYPE ||
            (messageType == HeartbeatDecoder.MESSAGE_TYPE && answersTestRequest(buffer, offset, length)))
        {
            heldUntilNanos = 0;
        }
    }

    /**
     * The session dropped: nothing to hold until it logs on again.
     */
    void release()
    {
        heldUntilNanos = 0;
    }

    private static boolean answersTestRequest(final DirectBuffer buffer, final int offset, final int length)
    {
        final int last = offset + length - TEST_REQ_ID_FIELD.length;
        for (int i = offset; i <= last; i++)
        {
            if (buffer.getByte(i) == SOH && matchesAt(buffer, i))
            {
                return true;
            }
        }
        return false;
    }

    private static boolean matchesAt(final DirectBuffer buffer, final int index)
    {
        for (int j = 1; j < TEST_REQ_ID_FIELD.length; j++)
        {
            if (buffer.getByte(index + j) != TEST_REQ_ID_FIELD[j])
            {
                return false;
            }
        }
        return true;
    }
}
