package io.sonde.fix.client.venue;

import io.sonde.fix.codecs.MsgType;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One FIX message as text, its fields by tag (the first occurrence of each; tests look at header and
 * session fields only).
 */
public final class FixMessage
{
    private static final char SOH = '\u0001';

    private final String text;
    private final Map<Integer, String> fields;

    private FixMessage(final String text, final Map<Integer, String> fields)
    {
        this.text = text;
        this.fields = fields;
    }

    public static FixMessage parse(final String text)
    {
        final Map<Integer, String> fields = new LinkedHashMap<>();
        for (final String field : text.split(String.valueOf(SOH)))
        {
            final int equals = field.indexOf('=');
            if (equals > 0)
            {
                fields.putIfAbsent(Integer.parseInt(field.substring(0, equals)), field.substring(equals + 1));
            }
        }
        return new FixMessage(text, fields);
    }

    /**
     * Wrap {@code body} (MsgType onwards) with BeginString FIX.4.4, BodyLength and CheckSum.
     */
    static String frame(final String body)
    {
        return frame("FIX.4.4", body);
    }

    /**
     * Wrap {@code body} (MsgType onwards) with {@code beginString}, BodyLength and CheckSum.
     */
    public static String frame(final String beginString, final String body)
    {
        final String head = "8=" + beginString + SOH + "9=" + body.getBytes(StandardCharsets.US_ASCII).length + SOH;
        int sum = 0;
        for (final byte b : (head + body).getBytes(StandardCharsets.US_ASCII))
        {
            sum += b;
        }
        return head + body + "10=" + String.format("%03d", sum & 0xFF) + SOH;
    }

    public String get(final int tag)
    {
        return fields.get(tag);
    }

    public int intValue(final int tag)
    {
        return Integer.parseInt(fields.get(tag));
    }

    /**
     * @return true when the Boolean field {@code tag} is Y.
     */
    public boolean flag(final int tag)
    {
        return "Y".equals(fields.get(tag));
    }

    public MsgType type()
    {
        return MsgType.decode(fields.get(35));
    }

    public boolean is(final MsgType type)
    {
        return type.representation().equals(fields.get(35));
    }

    /**
     * @return MsgSeqNum (34).
     */
    public int seqNum()
    {
        return intValue(34);
    }

    /**
     * @return an order-carrying message (new, cancel, replace) sent again with PossDupFlag: a late order.
     */
    public boolean isReplayedOrder()
    {
        return flag(43) && (is(MsgType.NEW_ORDER_SINGLE) || is(MsgType.ORDER_CANCEL_REQUEST) ||
            is(MsgType.ORDER_CANCEL_REPLACE_REQUEST));
    }

    /**
     * @return a SequenceReset in GapFill mode (123=Y).
     */
    public boolean isGapFill()
    {
        return is(MsgType.SEQUENCE_RESET) && flag(123);
    }

    public String toString()
    {
        return text.replace(SOH, '|');
    }
}
