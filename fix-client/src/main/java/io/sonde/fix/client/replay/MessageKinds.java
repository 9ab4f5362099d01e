package io.sonde.fix.client.replay;

import io.sonde.fix.client.order.ClOrdIdCodec;

import java.util.Map;

import static io.sonde.fix.codecs.Constants.NEW_ORDER_SINGLE_MESSAGE_AS_STR;
import static io.sonde.fix.codecs.Constants.ORDER_CANCEL_REPLACE_REQUEST_MESSAGE_AS_STR;
import static io.sonde.fix.codecs.Constants.ORDER_CANCEL_REQUEST_MESSAGE_AS_STR;

/**
 * What a logged message is: the stage of an order it replays (D, G, F), and its name for people, including kinds
 * Sonde's dictionary does not hold (mass cancels), since a log may have any.
 */
final class MessageKinds
{
    /** {@link #stageOf} of a message that is not replayed. */
    static final byte NOT_REPLAYED = -1;
    private static final Map<String, String> NAMES = Map.ofEntries(
        Map.entry("0", "Heartbeat"), Map.entry("1", "TestRequest"), Map.entry("2", "ResendRequest"),
        Map.entry("3", "Reject"), Map.entry("4", "SequenceReset"), Map.entry("5", "Logout"),
        Map.entry("8", "ExecutionReport"), Map.entry("9", "OrderCancelReject"), Map.entry("A", "Logon"),
        Map.entry("D", "NewOrderSingle"), Map.entry("F", "OrderCancelRequest"),
        Map.entry("G", "OrderCancelReplaceRequest"), Map.entry("H", "OrderStatusRequest"),
        Map.entry("j", "BusinessMessageReject"), Map.entry("AF", "OrderMassStatusRequest"),
        Map.entry("q", "OrderMassCancelRequest"), Map.entry("r", "OrderMassCancelReport"));

    private MessageKinds()
    {
    }

    /**
     * @return the {@link ClOrdIdCodec} stage a message of {@code msgType} replays, or {@link #NOT_REPLAYED}.
     */
    static byte stageOf(final String msgType)
    {
        switch (msgType)
        {
            case NEW_ORDER_SINGLE_MESSAGE_AS_STR:
                return ClOrdIdCodec.NEW_STAGE;
            case ORDER_CANCEL_REPLACE_REQUEST_MESSAGE_AS_STR:
                return ClOrdIdCodec.REPLACE_STAGE;
            case ORDER_CANCEL_REQUEST_MESSAGE_AS_STR:
                return ClOrdIdCodec.CANCEL_STAGE;
            default:
                return NOT_REPLAYED;
        }
    }

    /**
     * @return e.g. {@code NewOrderSingle (D)}, or {@code MsgType X} for a kind without a name.
     */
    static String kind(final String msgType)
    {
        final String name = NAMES.get(msgType);
        return name == null ? "MsgType " + msgType : name + " (" + msgType + ")";
    }

    /**
     * @return the kind of the message that replays {@code stage}.
     */
    static String kindOf(final byte stage)
    {
        return kind(stage == ClOrdIdCodec.NEW_STAGE ? NEW_ORDER_SINGLE_MESSAGE_AS_STR :
            stage == ClOrdIdCodec.REPLACE_STAGE ? ORDER_CANCEL_REPLACE_REQUEST_MESSAGE_AS_STR :
            ORDER_CANCEL_REQUEST_MESSAGE_AS_STR);
    }
}
