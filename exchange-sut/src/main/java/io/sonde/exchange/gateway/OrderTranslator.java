package io.sonde.exchange.gateway;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.exchange.protocol.FixValues;
import io.sonde.exchange.protocol.Limits;
import io.sonde.exchange.protocol.OrderCommand;
import io.sonde.exchange.protocol.RejectReason;
import io.sonde.fix.codecs.decoder.HeaderDecoder;
import io.sonde.fix.codecs.decoder.HeartbeatDecoder;
import io.sonde.fix.codecs.decoder.LogonDecoder;
import io.sonde.fix.codecs.decoder.LogoutDecoder;
import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import io.sonde.fix.codecs.decoder.OrderCancelReplaceRequestDecoder;
import io.sonde.fix.codecs.decoder.OrderMassStatusRequestDecoder;
import io.sonde.fix.codecs.decoder.OrderCancelRequestDecoder;
import io.sonde.fix.codecs.decoder.OrderStatusRequestDecoder;
import io.sonde.fix.codecs.decoder.RejectDecoder;
import io.sonde.fix.codecs.decoder.ResendRequestDecoder;
import io.sonde.fix.codecs.decoder.SequenceResetDecoder;
import io.sonde.fix.codecs.decoder.TestRequestDecoder;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import uk.co.real_logic.artio.builder.Decoder;
import uk.co.real_logic.artio.decoder.SessionHeaderDecoder;
import uk.co.real_logic.artio.fields.DecimalFloat;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * Turns NewOrderSingle, OrderCancelRequest, OrderCancelReplaceRequest, OrderStatusRequest and
 * OrderMassStatusRequest into binary commands for the cluster. A message that breaks the FIX rules (a required
 * field missing, a value that does not parse) gets a session Reject; identifiers that do not fit the binary
 * command get an order-level reject; everything else goes to the engine, which owns the business checks. When
 * the cluster cannot take the command yet (back-pressure, an election) the message is left with Artio
 * ({@link Action#ABORT}) and offered again.
 */
final class OrderTranslator
{
    private static final char[] NEW_ORDER_TYPE = {'D'};
    private static final char[] CANCEL_TYPE = {'F'};
    private static final char[] REPLACE_TYPE = {'G'};
    private static final char[] MASS_STATUS_TYPE = {'A', 'F'};
    private static final char[] STATUS_TYPE = {'H'};
    private static final char[] LOGON_TYPE = {'A'};
    private static final int INCORRECT_DATA_FORMAT = 6;
    private static final int INVALID_MSG_TYPE = 11;
    private static final int OTHER = 99;
    private static final int STATUS_FOR_ORDERS_FOR_A_SECURITY = 1;
    private static final char RESPONSE_TO_CANCEL = '1';
    private static final char RESPONSE_TO_REPLACE = '2';

    private final MutableAsciiBuffer ascii = new MutableAsciiBuffer();
    private final NewOrderSingleDecoder newOrder = new NewOrderSingleDecoder();
    private final OrderCancelRequestDecoder cancel = new OrderCancelRequestDecoder();
    private final OrderCancelReplaceRequestDecoder replace = new OrderCancelReplaceRequestDecoder();
    private final OrderMassStatusRequestDecoder massStatus = new OrderMassStatusRequestDecoder();
    private final OrderStatusRequestDecoder status = new OrderStatusRequestDecoder();
    private final HeaderDecoder unsupportedHeader = new HeaderDecoder();
    private final LogonDecoder repeatedLogon = new LogonDecoder();
    private final UnsafeBuffer commandBuffer = new UnsafeBuffer(new byte[OrderCommand.LENGTH]);
    private final OrderCommand command = new OrderCommand();
    private final ReportWriter reports;
    private AeronCluster cluster;
    private long commandsSent;
    private long clusterBackPressured;
    private long malformedMessages;

    OrderTranslator(final ReportWriter reports)
    {
        this.reports = reports;
    }

    void cluster(final AeronCluster cluster)
    {
        this.cluster = cluster;
    }

    Action onMessage(
        final Session session, final long ownerId, final long messageType, final DirectBuffer buffer,
        final int offset, final int length)
    {
        ascii.wrap(buffer, offset, length);
        if (messageType == NewOrderSingleDecoder.MESSAGE_TYPE)
        {
            return onNewOrder(session, ownerId, length);
        }
        if (messageType == OrderCancelRequestDecoder.MESSAGE_TYPE)
        {
            return onCancel(session, ownerId, length);
        }
        if (messageType == OrderCancelReplaceRequestDecoder.MESSAGE_TYPE)
        {
            return onReplace(session, ownerId, length);
        }
        if (messageType == OrderMassStatusRequestDecoder.MESSAGE_TYPE)
        {
            return onMassStatus(session, ownerId, length);
        }
        if (messageType == OrderStatusRequestDecoder.MESSAGE_TYPE)
        {
            return onStatus(session, ownerId, length);
        }
        return isSessionLevel(messageType) ? Action.CONTINUE : rejectUnsupported(session, messageType, length);
    }

    /**
     * Artio's session layer answers these itself; the gateway only sees them pass.
     */
    private static boolean isSessionLevel(final long messageType)
    {
        return messageType == HeartbeatDecoder.MESSAGE_TYPE || messageType == TestRequestDecoder.MESSAGE_TYPE ||
            messageType == ResendRequestDecoder.MESSAGE_TYPE || messageType == RejectDecoder.MESSAGE_TYPE ||
            messageType == SequenceResetDecoder.MESSAGE_TYPE || messageType == LogoutDecoder.MESSAGE_TYPE ||
            messageType == LogonDecoder.MESSAGE_TYPE;
    }

    /**
     * A type the exchange does not serve, which Artio's session layer lets through: one FIX 4.4 defines (an
     * ExecutionReport sent to the exchange, say) gets a BusinessMessageReject, as FIX asks of the business
     * layer; one it does not define gets a session Reject.
     */
    private Action rejectUnsupported(final Session session, final long messageType, final int length)
    {
        final SessionHeaderDecoder header = unsupportedHeader;
        header.reset();
        header.decode(ascii, 0, length);
        if (Fix44MessageTypes.isDefined(messageType))
        {
            return reports.rejectUnsupported(session, header.msgSeqNum(), header.msgType(), header.msgTypeLength());
        }
        malformedMessages++;
        return reports.rejectMessage(session, header.msgSeqNum(), 0, header.msgType(), header.msgTypeLength(),
            INVALID_MSG_TYPE, "MsgType not defined by FIX 4.4");
    }

    /**
     * A Logon in a session already logged on. One with ResetSeqNumFlag (141) = Y restarts the sequence
     * numbers, which Artio's session layer has done; any other is refused with a session Reject, and the
     * session carries on.
     */
    Action onRepeatedLogon(final Session session, final DirectBuffer buffer, final int offset, final int length)
    {
        ascii.wrap(buffer, offset, length);
        final LogonDecoder logon = repeatedLogon;
        if (decode(logon, length) == null && logon.hasResetSeqNumFlag() && logon.resetSeqNumFlag())
        {
            return Action.CONTINUE;
        }
        malformedMessages++;
        return reports.rejectMessage(session, logon.header().msgSeqNum(), 0, LOGON_TYPE, LOGON_TYPE.length, OTHER,
            "already logged on: a Logon mid-session must carry ResetSeqNumFlag=Y");
    }

    long commandsSent()
    {
        return commandsSent;
    }

    long clusterBackPressured()
    {
        return clusterBackPressured;
    }

    long malformedMessages()
    {
        return malformedMessages;
    }

    private Action onNewOrder(final Session session, final long ownerId, final int length)
    {
        final NewOrderSingleDecoder order = newOrder;
        final String malformed = decode(order, length);
        if (malformed != null || !order.validate())
        {
            return rejectMessage(session, order.header(), order.invalidTagId(), order.rejectReason(), NEW_ORDER_TYPE,
                malformed);
        }
        final int badNumber = FixNumberSyntax.firstMalformed(ascii, 0, length);
        if (badNumber != 0)
        {
            return rejectNumber(session, order.header(), badNumber, NEW_ORDER_TYPE);
        }
        if (!fits(order.clOrdIDLength()))
        {
            return reports.rejectOrder(session, order, RejectReason.BAD_CL_ORD_ID);
        }
        if (order.symbolLength() > Limits.SYMBOL_WIDTH)
        {
            return reports.rejectOrder(session, order, RejectReason.UNKNOWN_SYMBOL);
        }
        final long quantity = FixDecimals.toFixedPoint(order.orderQty(), 0);
        if (quantity == FixDecimals.NOT_REPRESENTABLE)
        {
            return reports.rejectOrder(session, order, RejectReason.BAD_QUANTITY);
        }
        final long price = order.hasPrice() ? price(order.price()) : 0;
        if (price == FixDecimals.NOT_REPRESENTABLE)
        {
            return reports.rejectOrder(session, order, RejectReason.BAD_PRICE);
        }
        final byte ordType = (byte)order.ordType();
        command.wrapForEncode(commandBuffer, 0, OrderCommand.NEW_ORDER)
            .ownerId(ownerId)
            .clOrdId(order.clOrdID(), order.clOrdIDLength())
            .symbol(order.symbol(), order.symbolLength())
            .side((byte)order.side())
            .ordType(ordType)
            .timeInForce(order.hasTimeInForce() ? (byte)order.timeInForce() : FixValues.DAY)
            .price(order.hasPrice() ? price : (ordType == FixValues.MARKET ? 0 : FixDecimals.NOT_REPRESENTABLE))
            .quantity(quantity);
        return offer();
    }

    private Action onCancel(final Session session, final long ownerId, final int length)
    {
        final OrderCancelRequestDecoder request = cancel;
        final String malformed = decode(request, length);
        if (malformed != null || !request.validate())
        {
            return rejectMessage(session, request.header(), request.invalidTagId(), request.rejectReason(),
                CANCEL_TYPE, malformed);
        }
        if (!fits(request.clOrdIDLength()) || !fits(request.origClOrdIDLength()) ||
            request.symbolLength() > Limits.SYMBOL_WIDTH)
        {
            return reports.rejectCancel(session, request.clOrdID(), request.clOrdIDLength(), request.origClOrdID(),
                request.origClOrdIDLength(), RESPONSE_TO_CANCEL, RejectReason.BAD_CL_ORD_ID);
        }
        command.wrapForEncode(commandBuffer, 0, OrderCommand.CANCEL)
            .ownerId(ownerId)
            .clOrdId(request.clOrdID(), request.clOrdIDLength())
            .origClOrdId(request.origClOrdID(), request.origClOrdIDLength())
            .symbol(request.symbol(), request.symbolLength())
            .side((byte)request.side());
        return offer();
    }

    private Action onReplace(final Session session, final long ownerId, final int length)
    {
        final OrderCancelReplaceRequestDecoder request = replace;
        final String malformed = decode(request, length);
        if (malformed != null || !request.validate())
        {
            return rejectMessage(session, request.header(), request.invalidTagId(), request.rejectReason(),
                REPLACE_TYPE, malformed);
        }
        final int badNumber = FixNumberSyntax.firstMalformed(ascii, 0, length);
        if (badNumber != 0)
        {
            return rejectNumber(session, request.header(), badNumber, REPLACE_TYPE);
        }
        if (!fits(request.clOrdIDLength()) || !fits(request.origClOrdIDLength()) ||
            request.symbolLength() > Limits.SYMBOL_WIDTH)
        {
            return reports.rejectCancel(session, request.clOrdID(), request.clOrdIDLength(), request.origClOrdID(),
                request.origClOrdIDLength(), RESPONSE_TO_REPLACE, RejectReason.BAD_CL_ORD_ID);
        }
        command.wrapForEncode(commandBuffer, 0, OrderCommand.REPLACE)
            .ownerId(ownerId)
            .clOrdId(request.clOrdID(), request.clOrdIDLength())
            .origClOrdId(request.origClOrdID(), request.origClOrdIDLength())
            .symbol(request.symbol(), request.symbolLength())
            .side((byte)request.side())
            .ordType((byte)request.ordType())
            .timeInForce(request.hasTimeInForce() ? (byte)request.timeInForce() : FixValues.DAY)
            .price(request.hasPrice() ? price(request.price()) : FixDecimals.NOT_REPRESENTABLE)
            .quantity(FixDecimals.toFixedPoint(request.orderQty(), 0));
        return offer();
    }

    /**
     * A session only ever sees its own orders. Account is not filtered on: the engine keeps none, and a
     * session's orders are its owner's whatever account they name.
     */
    private Action onMassStatus(final Session session, final long ownerId, final int length)
    {
        final OrderMassStatusRequestDecoder request = massStatus;
        final String malformed = decode(request, length);
        if (malformed != null || !request.validate())
        {
            return rejectMessage(session, request.header(), request.invalidTagId(), request.rejectReason(),
                MASS_STATUS_TYPE, malformed);
        }
        final boolean bySymbol = request.massStatusReqType() == STATUS_FOR_ORDERS_FOR_A_SECURITY;
        if (!fits(request.massStatusReqIDLength()) || (bySymbol && (!request.hasSymbol() ||
            request.symbolLength() > Limits.SYMBOL_WIDTH)))
        {
            return reports.rejectMessage(session, request.header().msgSeqNum(), 0, MASS_STATUS_TYPE,
                MASS_STATUS_TYPE.length, INCORRECT_DATA_FORMAT,
                "MassStatusReqID must have 1 to " + Limits.CL_ORD_ID_WIDTH + " characters, and type 1 needs a Symbol");
        }
        command.wrapForEncode(commandBuffer, 0, OrderCommand.MASS_STATUS)
            .ownerId(ownerId)
            .clOrdId(request.massStatusReqID(), request.massStatusReqIDLength());
        if (bySymbol)
        {
            command.symbol(request.symbol(), request.symbolLength());
        }
        return offer();
    }

    /**
     * The state of one of the session's own orders, by its ClOrdID (how a client settles an order whose
     * acknowledgement never came).
     */
    private Action onStatus(final Session session, final long ownerId, final int length)
    {
        final OrderStatusRequestDecoder request = status;
        final String malformed = decode(request, length);
        if (malformed != null || !request.validate())
        {
            return rejectMessage(session, request.header(), request.invalidTagId(), request.rejectReason(),
                STATUS_TYPE, malformed);
        }
        if (!fits(request.clOrdIDLength()) || request.symbolLength() > Limits.SYMBOL_WIDTH)
        {
            return reports.rejectMessage(session, request.header().msgSeqNum(), 0, STATUS_TYPE, STATUS_TYPE.length,
                INCORRECT_DATA_FORMAT, "ClOrdID must have 1 to " + Limits.CL_ORD_ID_WIDTH + " characters, Symbol " +
                "at most " + Limits.SYMBOL_WIDTH);
        }
        command.wrapForEncode(commandBuffer, 0, OrderCommand.ORDER_STATUS)
            .ownerId(ownerId)
            .clOrdId(request.clOrdID(), request.clOrdIDLength())
            .symbol(request.symbol(), request.symbolLength())
            .side((byte)request.side());
        return offer();
    }

    /**
     * Cancel every open order of an owner whose session asked for cancel on disconnect and is gone.
     *
     * @return false when the cluster cannot take the command yet: try again on a later duty cycle.
     */
    boolean massCancel(final long ownerId)
    {
        command.wrapForEncode(commandBuffer, 0, OrderCommand.MASS_CANCEL).ownerId(ownerId);
        return offer() == Action.CONTINUE;
    }

    private Action offer()
    {
        if (cluster != null && cluster.offer(commandBuffer, 0, OrderCommand.LENGTH) > 0)
        {
            commandsSent++;
            return Action.CONTINUE;
        }
        clusterBackPressured++;
        return Action.ABORT;
    }

    /**
     * Decode, catching what the generated decoders throw on values that do not parse (a letter in a
     * number, say): that is the client's error and must not reach the library's poll loop.
     *
     * @return null when decoded, otherwise what went wrong.
     */
    private String decode(final Decoder decoder, final int length)
    {
        decoder.reset();
        try
        {
            decoder.decode(ascii, 0, length);
            return null;
        }
        catch (final RuntimeException ex)
        {
            return "malformed field value: " + ex.getMessage();
        }
    }

    private Action rejectMessage(
        final Session session, final SessionHeaderDecoder header, final int invalidTagId, final int reason,
        final char[] msgType, final String malformed)
    {
        malformedMessages++;
        if (malformed != null)
        {
            return reports.rejectMessage(session, header.msgSeqNum(), 0, msgType, msgType.length,
                INCORRECT_DATA_FORMAT, malformed);
        }
        return reports.rejectMessage(session, header.msgSeqNum(), invalidTagId, msgType, msgType.length, reason,
            "invalid message: tag " + invalidTagId);
    }

    private Action rejectNumber(
        final Session session, final SessionHeaderDecoder header, final int tag, final char[] msgType)
    {
        malformedMessages++;
        return reports.rejectMessage(session, header.msgSeqNum(), tag, msgType, msgType.length,
            INCORRECT_DATA_FORMAT, "tag " + tag + " is not a number");
    }

    private static boolean fits(final int idLength)
    {
        return idLength > 0 && idLength <= Limits.CL_ORD_ID_WIDTH;
    }

    private static long price(final DecimalFloat price)
    {
        return FixDecimals.toFixedPoint(price, Limits.PRICE_SCALE);
    }
}
