package io.sonde.fix.client.order;

import io.sonde.fix.client.profile.ExtraFields;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.builder.SessionHeaderEncoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * An order message with the venue profile's extra fields: the generated encoder writes the message Sonde knows
 * (with its own checks of the fields it sets), then the extra fields go where its trailer was, and BodyLength
 * (9) and CheckSum (10) are written again for the longer body. Generated encoders have a fixed set of fields, so
 * this is how a field or repeating group only one venue knows reaches the wire; everything happens in the
 * session's buffer, with no copy of the message and nothing allocated.
 */
final class WithExtraFields implements Encoder
{
    private static final byte SOH = 1;
    /** {@code 10=nnn<SOH>}. */
    private static final int TRAILER_LENGTH = 7;
    private static final byte[] BODY_LENGTH_TAG = {'9', '='};
    private static final byte[] CHECKSUM_TAG = {'1', '0', '='};

    private final Encoder encoder;
    private final ExtraFields extraFields;
    private int sessionIndex;

    WithExtraFields(final Encoder encoder, final ExtraFields extraFields)
    {
        this.encoder = encoder;
        this.extraFields = extraFields;
    }

    /**
     * @param sessionIndex the session the next message goes out on: per-session values depend on it.
     */
    WithExtraFields onSession(final int sessionIndex)
    {
        this.sessionIndex = sessionIndex;
        return this;
    }

    public long encode(final MutableAsciiBuffer buffer, final int offset)
    {
        final long encoded = encoder.encode(buffer, offset);
        final int start = Encoder.offset(encoded);
        final int beginStringEnd = indexOfSoh(buffer, start) + 1;
        final int bodyStart = indexOfSoh(buffer, beginStringEnd) + 1;
        final int extraStart = start + Encoder.length(encoded) - TRAILER_LENGTH;
        final int bodyEnd = extraStart + extraFields.write(buffer, extraStart, sessionIndex);

        final int messageStart = writeBodyLength(buffer, start, beginStringEnd, bodyStart, bodyEnd - bodyStart);
        int position = bodyEnd;
        final int checksum = buffer.computeChecksum(messageStart, position);
        buffer.putBytes(position, CHECKSUM_TAG);
        position += CHECKSUM_TAG.length;
        buffer.putNaturalPaddedIntAscii(position, 3, checksum);
        position += 3;
        buffer.putSeparator(position);
        return Encoder.result(position + 1 - messageStart, messageStart);
    }

    public void reset()
    {
        encoder.reset();
    }

    public long messageType()
    {
        return encoder.messageType();
    }

    public SessionHeaderEncoder header()
    {
        return encoder.header();
    }

    public void resetMessage()
    {
        encoder.resetMessage();
    }

    public Encoder copyTo(final Encoder otherEncoder)
    {
        return encoder.copyTo(otherEncoder);
    }

    public StringBuilder appendTo(final StringBuilder builder)
    {
        return encoder.appendTo(builder);
    }

    /**
     * Write {@code 9=length<SOH>} to end where the body starts, with BeginString moved to sit right before it: a
     * longer body may need more digits, and the generated encoder leaves room before the message for them.
     *
     * @return where the message now starts.
     */
    private static int writeBodyLength(
        final MutableAsciiBuffer buffer,
        final int start,
        final int beginStringEnd,
        final int bodyStart,
        final int bodyLength)
    {
        final int digits = digits(bodyLength);
        final int bodyLengthStart = bodyStart - 1 - digits - BODY_LENGTH_TAG.length;
        final int beginStringLength = beginStringEnd - start;
        final int messageStart = bodyLengthStart - beginStringLength;
        for (int i = 0; i < beginStringLength; i++)
        {
            buffer.putByte(messageStart + i, buffer.getByte(start + i));
        }
        buffer.putBytes(bodyLengthStart, BODY_LENGTH_TAG);
        buffer.putNaturalIntAscii(bodyLengthStart + BODY_LENGTH_TAG.length, bodyLength);
        buffer.putSeparator(bodyStart - 1);
        return messageStart;
    }

    private static int indexOfSoh(final MutableAsciiBuffer buffer, final int from)
    {
        int index = from;
        while (buffer.getByte(index) != SOH)
        {
            index++;
        }
        return index;
    }

    private static int digits(final int value)
    {
        int digits = 1;
        for (int remaining = value / 10; remaining > 0; remaining /= 10)
        {
            digits++;
        }
        return digits;
    }
}
