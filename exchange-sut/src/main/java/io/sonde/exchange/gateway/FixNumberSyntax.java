package io.sonde.exchange.gateway;

import uk.co.real_logic.artio.util.AsciiBuffer;

/**
 * Checks the text of the decimal fields the gateway turns into engine values, OrderQty (38) and Price (44),
 * before a decoder reads them. Artio's decimal parser skips what it does not expect, so {@code 1.2.3} read
 * as 12.3 and {@code 799.99.} as 79999: an order would trade at a price nobody sent. FIX's float is an
 * optional leading '-', digits and at most one '.', with at least one digit; anything else is refused.
 */
final class FixNumberSyntax
{
    static final int ORDER_QTY = 38;
    static final int PRICE = 44;

    private static final byte SOH = 1;

    private FixNumberSyntax()
    {
    }

    /**
     * @return the tag of the first OrderQty or Price whose text is not a FIX float, or 0 when there is none.
     */
    static int firstMalformed(final AsciiBuffer message, final int offset, final int length)
    {
        final int end = offset + length;
        int fieldStart = offset;
        while (fieldStart < end)
        {
            final int equals = message.scan(fieldStart, end, (byte)'=');
            if (equals == AsciiBuffer.UNKNOWN_INDEX)
            {
                return 0;
            }
            int valueEnd = message.scan(equals + 1, end, SOH);
            if (valueEnd == AsciiBuffer.UNKNOWN_INDEX)
            {
                valueEnd = end;
            }
            final int tag = tagOf(message, fieldStart, equals);
            if ((tag == ORDER_QTY || tag == PRICE) && !isFloat(message, equals + 1, valueEnd))
            {
                return tag;
            }
            fieldStart = valueEnd + 1;
        }
        return 0;
    }

    private static int tagOf(final AsciiBuffer message, final int start, final int equals)
    {
        if (equals - start != 2)
        {
            return 0;
        }
        final int tens = message.getByte(start) - '0';
        final int units = message.getByte(start + 1) - '0';
        return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : 0;
    }

    private static boolean isFloat(final AsciiBuffer message, final int start, final int end)
    {
        int index = start;
        if (index < end && message.getByte(index) == '-')
        {
            index++;
        }
        int digits = 0;
        int points = 0;
        for (; index < end; index++)
        {
            final byte b = message.getByte(index);
            if (b >= '0' && b <= '9')
            {
                digits++;
            }
            else if (b == '.' && points == 0)
            {
                points++;
            }
            else
            {
                return false;
            }
        }
        return digits > 0;
    }
}
