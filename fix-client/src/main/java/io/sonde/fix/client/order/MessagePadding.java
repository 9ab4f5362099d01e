package io.sonde.fix.client.order;

import org.agrona.concurrent.UnsafeBuffer;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.util.Arrays;

/**
 * Pads a NewOrderSingle with Text (58) so the whole message, header to checksum, has a target size: for
 * sweeps over message size, the way network benchmarks report latency per size. The length is worked out
 * from the fields as they are encoded (each {@code tag=value<SOH>}), including the header the session adds;
 * no message is encoded twice and nothing is allocated.
 */
final class MessagePadding
{
    /** {@code 8=} and {@code |} around the BeginString before BodyLength, and {@code 10=nnn|} after the body. */
    private static final int OUTSIDE_BODY_BUT_BEGIN_STRING = 3 + 7;
    /** {@code 35=D|} and {@code 52=yyyyMMdd-HH:mm:ss.SSS|}. */
    private static final int FIXED_HEADER_IN_BODY = 5 + 25;
    /** {@code 54=x|}, {@code 60=yyyyMMdd-HH:mm:ss.SSS|}, {@code 40=x|}, {@code 59=x|}. */
    private static final int FIXED_ORDER_FIELDS = 5 + 25 + 5 + 5;
    private static final int TEXT_TAG = 4;
    private static final int MAX_PADDING = 8192;

    private final int targetSize;
    private final int outsideBody;
    private final char[] filler = new char[MAX_PADDING];
    private final MutableAsciiBuffer scratch = new MutableAsciiBuffer(new UnsafeBuffer(new byte[64]));

    /**
     * @param targetSize        the whole message's size in bytes, or 0 for no padding.
     * @param beginStringLength the length of the session's BeginString: FIXT.1.1 is a character longer.
     */
    MessagePadding(final int targetSize, final int beginStringLength)
    {
        this.targetSize = targetSize;
        this.outsideBody = OUTSIDE_BODY_BUT_BEGIN_STRING + beginStringLength;
        Arrays.fill(filler, 'x');
    }

    boolean isActive()
    {
        return targetSize > 0;
    }

    char[] filler()
    {
        return filler;
    }

    /**
     * @return how many Text characters make the message {@code targetSize} bytes (one more when BodyLength
     * gains a digit at the boundary); 0 when it is already that large without any.
     */
    int paddingFor(
        final int senderCompIdLength,
        final int targetCompIdLength,
        final int nextSequence,
        final int clOrdIdLength,
        final int symbolLength,
        final int accountLength,
        final long quantity,
        final long priceMantissa,
        final int priceScale)
    {
        final int unpaddedBody = FIXED_HEADER_IN_BODY +
            field(senderCompIdLength) + field(targetCompIdLength) + field(scratch.putIntAscii(0, nextSequence)) +
            FIXED_ORDER_FIELDS + field(clOrdIdLength) + field(symbolLength) +
            (accountLength > 0 ? 2 + accountLength + 1 : 0) +
            field(scratch.putLongAscii(0, quantity)) + field(scratch.putFloatAscii(0, priceMantissa, priceScale));
        for (int padding = Math.max(0, targetSize - outsideBody - unpaddedBody - TEXT_TAG - 6); ; padding++)
        {
            final int body = unpaddedBody + TEXT_TAG + padding;
            final int total = outsideBody + 2 + digits(body) + 1 + body;
            if (total >= targetSize || padding >= MAX_PADDING)
            {
                return padding;
            }
        }
    }

    /**
     * A two-digit tag: {@code nn=value|}.
     */
    private static int field(final int valueLength)
    {
        return 3 + valueLength + 1;
    }

    private static int digits(final int value)
    {
        int digits = 1;
        for (int remaining = value; remaining >= 10; remaining /= 10)
        {
            digits++;
        }
        return digits;
    }
}
