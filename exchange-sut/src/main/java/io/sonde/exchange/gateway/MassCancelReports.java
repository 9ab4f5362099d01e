package io.sonde.exchange.gateway;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.exchange.protocol.AsciiFields;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.MassCancelOutcome;
import io.sonde.exchange.sbe.MassCanceledDecoder;
import io.sonde.fix.codecs.MassCancelRejectReason;
import io.sonde.fix.codecs.MassCancelRequestType;
import io.sonde.fix.codecs.MassCancelResponse;
import io.sonde.fix.codecs.builder.OrderMassCancelReportEncoder;
import io.sonde.md.fix.LongChars;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.session.Session;

/**
 * Writes OrderMassCancelReports (35=r): the engine's answer to a mass cancel, which comes after the
 * ExecutionReport of each order it canceled and counts them in TotalAffectedOrders (533), and the refusals the
 * gateway decides itself, MassCancelResponse (531) 0 with a MassCancelRejectReason (532) and a Text saying why.
 * A send that meets back-pressure returns {@link Action#ABORT}, so the caller retries the same one.
 */
final class MassCancelReports
{
    private static final char[] NONE = "NONE".toCharArray();
    private static final String UNKNOWN_SYMBOL = "unknown symbol: no order of this exchange has it";

    private final OrderMassCancelReportEncoder report = new OrderMassCancelReportEncoder();
    private final UtcTimestampEncoder transactTime = new UtcTimestampEncoder();
    private final LongChars orderId = new LongChars();
    private final byte[] clOrdId = new byte[ProtocolLimits.CL_ORD_ID_WIDTH];
    private final byte[] symbol = new byte[ProtocolLimits.SYMBOL_WIDTH];

    /**
     * The engine's answer: done (531 = the request's type), or refused for a symbol it does not trade (531 = 0,
     * 532 = 1). The request's type is 1 when it named a symbol, else 7.
     */
    Action answered(final Session session, final MassCanceledDecoder event)
    {
        event.getMassCancelReqId(clOrdId, 0);
        event.getSymbol(symbol, 0);
        final int symbolLength = AsciiFields.length(symbol);
        final MassCancelRequestType type = symbolLength == 0 ?
            MassCancelRequestType.CANCEL_ALL_ORDERS : MassCancelRequestType.CANCEL_ORDERS_FOR_A_SECURITY;
        start(clOrdId, AsciiFields.length(clOrdId), type.representation());
        report.orderID(orderId.chars(), orderId.encode(event.massCancelId()));
        if (symbolLength > 0)
        {
            report.symbol(symbol, symbolLength);
        }
        if (event.outcome() == MassCancelOutcome.UNKNOWN_SYMBOL)
        {
            report.massCancelResponse(MassCancelResponse.CANCEL_REQUEST_REJECTED)
                .massCancelRejectReason(MassCancelRejectReason.INVALID_OR_UNKNOWN_SECURITY)
                .totalAffectedOrders(0)
                .text(UNKNOWN_SYMBOL);
        }
        else
        {
            report.massCancelResponse(type.representation()).totalAffectedOrders((int)event.affectedOrders());
        }
        return send(session);
    }

    /**
     * A request the gateway refuses before the engine sees it: nothing was canceled.
     *
     * @param requestType the request's MassCancelRequestType (530) as sent, echoed.
     */
    Action refused(
        final Session session, final char[] requestClOrdId, final int requestClOrdIdLength, final char requestType,
        final MassCancelRejectReason reason, final String text)
    {
        report.reset();
        report.clOrdID(requestClOrdId, requestClOrdIdLength);
        report.massCancelRequestType(requestType);
        report.orderID(NONE)
            .massCancelResponse(MassCancelResponse.CANCEL_REQUEST_REJECTED)
            .massCancelRejectReason(reason)
            .totalAffectedOrders(0)
            .text(text)
            .transactTime(transactTime.buffer(), transactTime.encode(System.currentTimeMillis()));
        return send(session);
    }

    private void start(final byte[] requestClOrdId, final int length, final char requestType)
    {
        report.reset();
        report.clOrdID(requestClOrdId, length)
            .massCancelRequestType(requestType)
            .transactTime(transactTime.buffer(), transactTime.encode(System.currentTimeMillis()));
    }

    private Action send(final Session session)
    {
        return session.trySend(report) < 0 ? Action.ABORT : Action.CONTINUE;
    }
}
