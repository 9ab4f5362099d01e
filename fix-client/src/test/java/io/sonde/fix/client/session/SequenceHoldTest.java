package io.sonde.fix.client.session;

import io.sonde.fix.codecs.decoder.HeartbeatDecoder;
import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import io.sonde.fix.codecs.decoder.ResendRequestDecoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A session held after a gap in what Sonde sent sends no order until the venue has asked for the gap (its
 * ResendRequest, answered before the session hears of it) or answered Sonde's TestRequest, or the limit has passed;
 * a Heartbeat of the venue's own, or any other message, does not end the hold.
 */
class SequenceHoldTest
{
    private static final long NOW = 1_000_000_000L;

    private final SequenceHold hold = new SequenceHold("FIX.4.4");

    @Test
    void theVenuesResendRequestEndsTheHold()
    {
        hold.holdFrom(NOW);
        assertTrue(hold.isHolding(NOW + 1));

        receive(ResendRequestDecoder.MESSAGE_TYPE, "35=2|34=5|7=279|16=0|");

        assertFalse(hold.isHolding(NOW + 1));
    }

    @Test
    void onlyTheHeartbeatAnsweringItsTestRequestEndsTheHold()
    {
        hold.holdFrom(NOW);

        receive(HeartbeatDecoder.MESSAGE_TYPE, "35=0|34=5|");
        receive(NewOrderSingleDecoder.MESSAGE_TYPE, "35=D|34=6|112=" + SequenceHold.TEST_REQ_ID + "|");
        assertTrue(hold.isHolding(NOW + 1), "the venue's own heartbeat, and a field in another message");

        receive(HeartbeatDecoder.MESSAGE_TYPE, "35=0|34=7|112=" + SequenceHold.TEST_REQ_ID + "|");
        assertFalse(hold.isHolding(NOW + 1));
    }

    @Test
    void aVenueThatDoesNeitherIsSentOrdersAgainAfterTheLimit()
    {
        hold.holdFrom(NOW);

        assertTrue(hold.isHolding(NOW + SequenceHold.LIMIT_NANOS - 1));
        assertFalse(hold.isHolding(NOW + SequenceHold.LIMIT_NANOS));
    }

    @Test
    void aDroppedSessionIsNotHeld()
    {
        hold.holdFrom(NOW);

        hold.release();

        assertFalse(hold.isHolding(NOW + 1));
    }

    private void receive(final long messageType, final String body)
    {
        final byte[] bytes = ("8=FIX.4.4|9=" + body.length() + "|" + body + "10=000|").replace('|', '\u0001')
            .getBytes(StandardCharsets.US_ASCII);
        hold.onMessage(messageType, new UnsafeBuffer(bytes), 0, bytes.length);
    }
}
