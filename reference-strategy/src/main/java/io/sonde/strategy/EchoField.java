package io.sonde.strategy;

import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.builder.SessionHeaderEncoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;

/**
 * A message with one more field than its generated encoder knows: {@code TAG=identity}, where the market reads a
 * trigger's identity from a tag of the user's choosing. The inner encoder writes the message into a scratch buffer;
 * this copies it out with the extra field at the end of the body and BodyLength (9) and CheckSum (10) written anew,
 * so the session sends it as it would any encoder's (sequence number and header from {@code Session.prepare}).
 * Nothing is allocated per message.
 */
final class EchoField implements Encoder
{
    private static final byte SOH = 1;
    private static final byte EQUALS = '=';
    /** {@code 10=NNN} and its SOH, the last field of every message. */
    private static final int CHECKSUM_FIELD_LENGTH = 7;
    private static final int SCRATCH_LENGTH = 2048;

    private final Encoder inner;
    private final byte[] tagBytes;
    private final MutableAsciiBuffer scratch = new MutableAsciiBuffer(new byte[SCRATCH_LENGTH]);
    private long identity;

    /**
     * @param tag the extra field's tag, not one the inner encoder writes.
     */
    EchoField(final Encoder inner, final int tag)
    {
        this.inner = inner;
        this.tagBytes = Integer.toString(tag).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * @param identity the trigger's identity the next message echoes, written in decimal.
     */
    EchoField identity(final long identity)
    {
        this.identity = identity;
        return this;
    }

    public long encode(final MutableAsciiBuffer buffer, final int offset)
    {
        final long encoded = inner.encode(scratch, 0);
        final int start = Encoder.offset(encoded);
        final int end = start + Encoder.length(encoded) - CHECKSUM_FIELD_LENGTH;
        final int beginStringEnd = afterSoh(start);
        final int bodyStart = afterSoh(beginStringEnd);

        int position = offset;
        buffer.putBytes(position, scratch, start, beginStringEnd - start);
        position += beginStringEnd - start;
        final int extraLength = tagBytes.length + 1 + digits(identity) + 1;
        position += buffer.putAscii(position, "9=");
        position += buffer.putNaturalIntAscii(position, end - bodyStart + extraLength);
        buffer.putByte(position++, SOH);
        buffer.putBytes(position, scratch, bodyStart, end - bodyStart);
        position += end - bodyStart;
        buffer.putBytes(position, tagBytes);
        position += tagBytes.length;
        buffer.putByte(position++, EQUALS);
        position += buffer.putNaturalLongAscii(position, identity);
        buffer.putByte(position++, SOH);
        final int checksum = buffer.computeChecksum(offset, position);
        position += buffer.putAscii(position, "10=");
        buffer.putNaturalPaddedIntAscii(position, 3, checksum);
        position += 3;
        buffer.putByte(position++, SOH);
        return Encoder.result(position - offset, offset);
    }

    private int afterSoh(final int from)
    {
        return scratch.scan(from, scratch.capacity() - 1, (char)SOH) + 1;
    }

    private static int digits(final long value)
    {
        int digits = 1;
        for (long rest = value / 10; rest > 0; rest /= 10)
        {
            digits++;
        }
        return digits;
    }

    public void reset()
    {
        inner.reset();
    }

    public long messageType()
    {
        return inner.messageType();
    }

    public SessionHeaderEncoder header()
    {
        return inner.header();
    }

    public void resetMessage()
    {
        inner.resetMessage();
    }

    public Encoder copyTo(final Encoder encoder)
    {
        return inner.copyTo(encoder);
    }

    public StringBuilder appendTo(final StringBuilder builder)
    {
        return inner.appendTo(builder).append('|').append(new String(tagBytes, StandardCharsets.US_ASCII))
            .append('=').append(identity);
    }
}
