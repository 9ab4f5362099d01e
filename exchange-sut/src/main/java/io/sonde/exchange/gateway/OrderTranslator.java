package io.sonde.exchange.gateway;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.exchange.protocol.EnumLookup;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.NewOrderEncoder;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.RejectReason;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.TimeInForce;
import io.sonde.fix.codecs.decoder.HeaderDecoder;
import io.sonde.fix.codecs.decoder.LogonDecoder;
import io.sonde.fix.codecs.decoder.MarketDataRequestDecoder;
import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import io.sonde.fix.codecs.decoder.OrderCancelReplaceRequestDecoder;
import io.sonde.fix.codecs.decoder.OrderCancelRequestDecoder;
import io.sonde.fix.codecs.decoder.OrderMassCancelRequestDecoder;
import io.sonde.fix.codecs.decoder.OrderMassStatusRequestDecoder;
import io.sonde.fix.codecs.decoder.OrderStatusRequestDecoder;
import io.sonde.fix.engine.WallClock;
import io.sonde.md.fix.MarketDataSubscriber;
import io.sonde.md.fix.MarketDataSubscriptions;
import org.agrona.AsciiSequenceView;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.builder.Decoder;
import uk.co.real_logic.artio.decoder.SessionHeaderDecoder;
import uk.co.real_logic.artio.fields.DecimalFloat;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import static io.sonde.exchange.protocol.AsciiFields.isCarried;

/**
 * Turns NewOrderSingle, OrderCancelRequest, OrderCancelReplaceRequest, OrderStatusRequest and
 * OrderMassStatusRequest into the exchange protocol's commands for the cluster, hands an OrderMassCancelRequest to
 * the {@link MassCancelTranslator} and a MarketDataRequest that keeps the FIX rules to the
 * {@link MarketDataSubscriptions}. A message that breaks the FIX
 * rules (a required field missing, a value that does not parse) gets a session Reject; a value the protocol
 * cannot carry (an identifier too long or not ASCII, a side, order type or time in force outside its enums) gets
 * an order-level reject; everything else goes to the engine, which owns the business checks. When the cluster
 * cannot take the command yet (back-pressure, an election, a resend after a leader change) the message is left
 * with Artio ({@link Action#ABORT}) and offered again.
 * <p>
 * The commands are numbered, offered and kept for a resend by {@link ClusterCommands}.
 */
final class OrderTranslator
{
    /**
     * The hop stamps of an order whose session did not ask for them: the protocol's null.
     */
    static final long NO_HOP_STAMPS = NewOrderEncoder.gatewayReadTimeNullValue();

    private static final char[] NEW_ORDER_TYPE = {'D'};
    private static final char[] CANCEL_TYPE = {'F'};
    private static final char[] REPLACE_TYPE = {'G'};
    private static final char[] MASS_STATUS_TYPE = {'A', 'F'};
    private static final char[] STATUS_TYPE = {'H'};
    private static final char[] LOGON_TYPE = {'A'};
    private static final char[] MARKET_DATA_REQUEST_TYPE = {'V'};
    private static final int REQUIRED_TAG_MISSING = 1;
    private static final int NO_RELATED_SYM_TAG = 146;
    private static final int VALUE_IS_INCORRECT = 5;
    private static final int INCORRECT_DATA_FORMAT = 6;
    private static final int INVALID_MSG_TYPE = 11;
    private static final int OTHER = 99;
    private static final int SIDE_TAG = 54;
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
    private final MarketDataRequestDecoder marketDataRequest = new MarketDataRequestDecoder();
    private final AsciiSequenceView clOrdId = new AsciiSequenceView();
    private final AsciiSequenceView origClOrdId = new AsciiSequenceView();
    private final AsciiSequenceView massStatusReqId = new AsciiSequenceView();
    private final AsciiSequenceView symbol = new AsciiSequenceView();
    private final ReportWriter reports;
    private final MarketDataSubscriptions marketData;
    private final ClusterCommands commands;
    private final MassCancelTranslator massCancels;
    private long malformedMessages;

    OrderTranslator(
        final ReportWriter reports, final MarketDataSubscriptions marketData, final ClusterCommands commands)
    {
        this.reports = reports;
        this.marketData = marketData;
        this.commands = commands;
        massCancels = new MassCancelTranslator(reports, commands);
    }

    /**
     * @param readEpochNanos when the gateway's FIX engine read the message, for the hop stamps of a NewOrderSingle;
     *                       {@link #NO_HOP_STAMPS} when its session did not ask for them.
     */
    Action onMessage(
        final Session session, final long ownerId, final long messageType, final DirectBuffer buffer,
        final int offset, final int length, final long readEpochNanos)
    {
        ascii.wrap(buffer, offset, length);
        if (messageType == NewOrderSingleDecoder.MESSAGE_TYPE)
        {
            return onNewOrder(session, ownerId, length, readEpochNanos);
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
        if (messageType == OrderMassCancelRequestDecoder.MESSAGE_TYPE)
        {
            return massCancels.onRequest(session, ownerId, ascii, length);
        }
        return Fix44MessageTypes.isSessionLevel(messageType) ?
            Action.CONTINUE : rejectUnsupported(session, messageType, length);
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

    long malformedMessages()
    {
        return malformedMessages;
    }

    private Action onNewOrder(final Session session, final long ownerId, final int length, final long readEpochNanos)
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
        if (!isCarried(order.clOrdID(), order.clOrdIDLength(), ProtocolLimits.CL_ORD_ID_WIDTH))
        {
            return reports.rejectOrder(session, order, RejectReason.BAD_CL_ORD_ID);
        }
        if (!isCarried(order.symbol(), order.symbolLength(), ProtocolLimits.SYMBOL_WIDTH))
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
        final Side side = EnumLookup.side(order.side());
        if (side == Side.NULL_VAL)
        {
            return reports.rejectOrder(session, order, RejectReason.BAD_SIDE);
        }
        final OrdType ordType = EnumLookup.ordType(order.ordType());
        if (ordType == OrdType.NULL_VAL)
        {
            return reports.rejectOrder(session, order, RejectReason.BAD_ORDER_TYPE);
        }
        final TimeInForce timeInForce =
            order.hasTimeInForce() ? EnumLookup.timeInForce(order.timeInForce()) : TimeInForce.DAY;
        if (timeInForce == TimeInForce.NULL_VAL)
        {
            return reports.rejectOrder(session, order, RejectReason.BAD_TIME_IN_FORCE);
        }
        final NewOrderEncoder command = commands.newOrder()
            .ownerId(ownerId)
            .price(order.hasPrice() ? price : (ordType == OrdType.MARKET ? 0 : FixDecimals.NOT_REPRESENTABLE))
            .orderQty(quantity)
            .clOrdId(order.clOrdID(clOrdId))
            .symbol(order.symbol(symbol))
            .side(side)
            .ordType(ordType)
            .timeInForce(timeInForce)
            .gatewayReadTime(readEpochNanos)
            .gatewayOfferTime(readEpochNanos == NO_HOP_STAMPS ? NO_HOP_STAMPS : WallClock.INSTANCE.nanoTime());
        return commands.offer(command);
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
        if (!isCarried(request.clOrdID(), request.clOrdIDLength(), ProtocolLimits.CL_ORD_ID_WIDTH) ||
            !isCarried(request.origClOrdID(), request.origClOrdIDLength(), ProtocolLimits.CL_ORD_ID_WIDTH))
        {
            return reports.rejectCancel(session, request.clOrdID(), request.clOrdIDLength(), request.origClOrdID(),
                request.origClOrdIDLength(), RESPONSE_TO_CANCEL, RejectReason.BAD_CL_ORD_ID);
        }
        return commands.offer(commands.cancel()
            .ownerId(ownerId)
            .clOrdId(request.clOrdID(clOrdId))
            .origClOrdId(request.origClOrdID(origClOrdId)));
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
        if (!isCarried(request.clOrdID(), request.clOrdIDLength(), ProtocolLimits.CL_ORD_ID_WIDTH) ||
            !isCarried(request.origClOrdID(), request.origClOrdIDLength(), ProtocolLimits.CL_ORD_ID_WIDTH))
        {
            return reports.rejectCancel(session, request.clOrdID(), request.clOrdIDLength(), request.origClOrdID(),
                request.origClOrdIDLength(), RESPONSE_TO_REPLACE, RejectReason.BAD_CL_ORD_ID);
        }
        return commands.offer(commands.replace()
            .ownerId(ownerId)
            .price(request.hasPrice() ? price(request.price()) : FixDecimals.NOT_REPRESENTABLE)
            .orderQty(FixDecimals.toFixedPoint(request.orderQty(), 0))
            .clOrdId(request.clOrdID(clOrdId))
            .origClOrdId(request.origClOrdID(origClOrdId))
            .side(EnumLookup.side(request.side()))
            .ordType(EnumLookup.ordType(request.ordType())));
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
        final boolean symbolCarried = !bySymbol ||
            (request.hasSymbol() && isCarried(request.symbol(), request.symbolLength(), ProtocolLimits.SYMBOL_WIDTH));
        if (!isCarried(request.massStatusReqID(), request.massStatusReqIDLength(), ProtocolLimits.CL_ORD_ID_WIDTH) ||
            !symbolCarried)
        {
            return reports.rejectMessage(session, request.header().msgSeqNum(), 0, MASS_STATUS_TYPE,
                MASS_STATUS_TYPE.length, INCORRECT_DATA_FORMAT, "MassStatusReqID must have 1 to " +
                ProtocolLimits.CL_ORD_ID_WIDTH + " ASCII characters, and type 1 needs a Symbol");
        }
        return commands.offer(commands.massStatus()
            .ownerId(ownerId)
            .massStatusReqId(request.massStatusReqID(massStatusReqId))
            .symbol(bySymbol ? request.symbol(symbol) : ""));
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
        if (!isCarried(request.clOrdID(), request.clOrdIDLength(), ProtocolLimits.CL_ORD_ID_WIDTH) ||
            !isCarried(request.symbol(), request.symbolLength(), ProtocolLimits.SYMBOL_WIDTH))
        {
            return reports.rejectMessage(session, request.header().msgSeqNum(), 0, STATUS_TYPE, STATUS_TYPE.length,
                INCORRECT_DATA_FORMAT, "ClOrdID must have 1 to " + ProtocolLimits.CL_ORD_ID_WIDTH +
                " ASCII characters, Symbol 1 to " + ProtocolLimits.SYMBOL_WIDTH);
        }
        final Side side = EnumLookup.side(request.side());
        if (side == Side.NULL_VAL)
        {
            return reports.rejectMessage(session, request.header().msgSeqNum(), SIDE_TAG, STATUS_TYPE,
                STATUS_TYPE.length, VALUE_IS_INCORRECT, "Side must be 1 (buy) or 2 (sell): this exchange has no other");
        }
        return commands.offer(commands.status()
            .ownerId(ownerId)
            .clOrdId(request.clOrdID(clOrdId))
            .symbol(request.symbol(symbol))
            .side(side));
    }

    /**
     * A MarketDataRequest must name at least one symbol: NoRelatedSym (146) of 0 is refused as if it were missing.
     *
     * @param subscriber where the session's market data goes.
     */
    Action onMarketDataRequest(
        final Session session, final MarketDataSubscriber subscriber, final DirectBuffer buffer, final int offset,
        final int length)
    {
        ascii.wrap(buffer, offset, length);
        final MarketDataRequestDecoder request = marketDataRequest;
        final String malformed = decode(request, length);
        if (malformed != null || !request.validate())
        {
            return rejectMessage(session, request.header(), request.invalidTagId(), request.rejectReason(),
                MARKET_DATA_REQUEST_TYPE, malformed);
        }
        if (request.noRelatedSymGroupCounter() < 1)
        {
            malformedMessages++;
            return reports.rejectMessage(session, request.header().msgSeqNum(), NO_RELATED_SYM_TAG,
                MARKET_DATA_REQUEST_TYPE, MARKET_DATA_REQUEST_TYPE.length, REQUIRED_TAG_MISSING,
                "a MarketDataRequest must name at least one symbol: NoRelatedSym (146) of 1 or more");
        }
        return marketData.onRequest(subscriber, request) ? Action.CONTINUE : Action.ABORT;
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

    private static long price(final DecimalFloat price)
    {
        return FixDecimals.toFixedPoint(price, ProtocolLimits.PRICE_SCALE);
    }
}
