package io.sonde.api;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The FIX tag in which a trading application echoes the trigger's identity on its order ({@code --echo-tag}). It
 * must be a tag the order is free to carry: a field of the session's header or trailer, or one the market reads to
 * take the order, would be overwritten or misread, so those are refused by name.
 *
 * @param tag the tag number, 1 to 99,999.
 */
public record EchoTag(int tag)
{
    /** The highest tag number FIX allows. */
    public static final int MAX_TAG = 99_999;
    /**
     * The fields an echo may not use, by tag: the session's header and trailer, and the order's fields the market
     * reads.
     */
    public static final Map<Integer, String> NEEDED = needed();
    /** Text (58), which every FIX version lets an order carry. */
    public static final EchoTag DEFAULT = new EchoTag(58);

    private static final String FREE_TAGS = "echo the trigger in a free tag: 58 (Text), 526 (SecondaryClOrdID) or a " +
        "user-defined tag (5000-9999, 20000-39999)";

    /**
     * @throws InvalidOptionException naming {@code --echo-tag} and the field, for a tag out of range or one of
     *                                {@link #NEEDED}.
     */
    public EchoTag
    {
        if (tag <= 0 || tag > MAX_TAG)
        {
            throw new InvalidOptionException("--echo-tag " + tag + ": not a FIX tag number (1-" + MAX_TAG + "); " +
                FREE_TAGS);
        }
        final String field = NEEDED.get(tag);
        if (field != null)
        {
            throw new InvalidOptionException("--echo-tag " + tag + ": " + field + " (" + tag + ") is a field the " +
                "order needs; " + FREE_TAGS);
        }
    }

    /**
     * @param text a tag number, e.g. {@code 58}.
     * @throws InvalidOptionException naming {@code --echo-tag} when it is not a free tag number.
     */
    public static EchoTag parse(final String text)
    {
        try
        {
            return new EchoTag(Integer.parseInt(text.trim()));
        }
        catch (final NumberFormatException ex)
        {
            throw new InvalidOptionException("--echo-tag '" + text + "' is not a tag number; " + FREE_TAGS, ex);
        }
    }

    /**
     * @return the tag number, as {@code --echo-tag} takes it.
     */
    public String toString()
    {
        return Integer.toString(tag);
    }

    private static Map<Integer, String> needed()
    {
        final Map<Integer, String> fields = new LinkedHashMap<>();
        fields.put(8, "BeginString");
        fields.put(9, "BodyLength");
        fields.put(10, "CheckSum");
        fields.put(11, "ClOrdID");
        fields.put(21, "HandlInst");
        fields.put(34, "MsgSeqNum");
        fields.put(35, "MsgType");
        fields.put(38, "OrderQty");
        fields.put(40, "OrdType");
        fields.put(43, "PossDupFlag");
        fields.put(44, "Price");
        fields.put(49, "SenderCompID");
        fields.put(50, "SenderSubID");
        fields.put(52, "SendingTime");
        fields.put(54, "Side");
        fields.put(55, "Symbol");
        fields.put(56, "TargetCompID");
        fields.put(57, "TargetSubID");
        fields.put(59, "TimeInForce");
        fields.put(60, "TransactTime");
        fields.put(89, "Signature");
        fields.put(93, "SignatureLength");
        fields.put(97, "PossResend");
        fields.put(115, "OnBehalfOfCompID");
        fields.put(116, "OnBehalfOfSubID");
        fields.put(122, "OrigSendingTime");
        fields.put(128, "DeliverToCompID");
        fields.put(129, "DeliverToSubID");
        fields.put(1128, "ApplVerID");
        fields.put(1129, "CstmApplVerID");
        return Map.copyOf(fields);
    }
}
