package io.sonde.fix.client.session;

import io.sonde.fix.codecs.decoder.SequenceResetDecoder;
import org.agrona.DirectBuffer;

/**
 * Tells whether an inbound message answers a ResendRequest: a SequenceReset, or a message numbered below the
 * number expected when the request was sent (a resend). Read only while a resend is awaited, during a fault.
 */
final class ResentMessages
{
    private static final byte SOH = 1;

    private ResentMessages()
    {
    }

    static boolean answersResend(
        final long messageType, final DirectBuffer buffer, final int offset, final int length, final int below)
    {
        if (messageType == SequenceResetDecoder.MESSAGE_TYPE)
        {
            return true;
        }
        final int msgSeqNum = msgSeqNum(buffer, offset, length);
        return msgSeqNum > 0 && msgSeqNum < below;
    }

    /**
     * @return the message's MsgSeqNum (34), or 0 when it has none.
     */
    static int msgSeqNum(final DirectBuffer buffer, final int offset, final int length)
    {
        final int end = offset + length;
        for (int i = offset; i + 3 < end; i++)
        {
            if (buffer.getByte(i) == SOH && buffer.getByte(i + 1) == '3' && buffer.getByte(i + 2) == '4' &&
                buffer.getByte(i + 3) == '=')
            {
                int value = 0;
                for (int j = i + 4; j < end && buffer.getByte(j) != SOH; j++)
                {
                    value = value * 10 + buffer.getByte(j) - '0';
                }
                return value;
            }
        }
        return 0;
    }
}
