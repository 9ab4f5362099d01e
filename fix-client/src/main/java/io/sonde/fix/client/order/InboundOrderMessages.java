package io.sonde.fix.client.order;

import io.sonde.fix.codecs.decoder_flyweight.BusinessMessageRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderCancelRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderMassCancelReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.RejectDecoder;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * Decodes the messages a venue sends about orders (ExecutionReport, OrderCancelReject, session Reject,
 * BusinessMessageReject, OrderMassCancelReport) into long-lived decoders and hands each to an
 * {@link OrderMessageHandler}, without allocating.
 * <p>
 * Each decoder is reset before it decodes. Artio's flyweight decoders remember which optional fields the
 * previous message carried: without a reset, a BusinessMessageReject without BusinessRejectRefID would report
 * the previous one's, read at that message's offsets in the new buffer.
 */
public final class InboundOrderMessages
{
    private final ExecutionReportDecoder executionReport = new ExecutionReportDecoder();
    private final OrderCancelRejectDecoder cancelReject = new OrderCancelRejectDecoder();
    private final RejectDecoder sessionReject = new RejectDecoder();
    private final BusinessMessageRejectDecoder businessReject = new BusinessMessageRejectDecoder();
    private final OrderMassCancelReportDecoder massCancelReport = new OrderMassCancelReportDecoder();
    private final MutableAsciiBuffer asciiBuffer = new MutableAsciiBuffer();
    private final OrderMessageHandler handler;

    public InboundOrderMessages(final OrderMessageHandler handler)
    {
        this.handler = handler;
    }

    /**
     * @param messageType Artio's packed MsgType.
     * @return whether the message was one this class decodes; other types are left alone.
     */
    public boolean onMessage(
        final int sessionIndex,
        final long messageType,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final long receivedNanos)
    {
        asciiBuffer.wrap(buffer, offset, length);
        if (messageType == ExecutionReportDecoder.MESSAGE_TYPE)
        {
            executionReport.reset();
            executionReport.decode(asciiBuffer, 0, length);
            handler.onExecutionReport(sessionIndex, executionReport, receivedNanos);
        }
        else if (messageType == OrderCancelRejectDecoder.MESSAGE_TYPE)
        {
            cancelReject.reset();
            cancelReject.decode(asciiBuffer, 0, length);
            handler.onCancelReject(sessionIndex, cancelReject, receivedNanos);
        }
        else if (messageType == RejectDecoder.MESSAGE_TYPE)
        {
            sessionReject.reset();
            sessionReject.decode(asciiBuffer, 0, length);
            handler.onSessionReject(sessionIndex, sessionReject, receivedNanos);
        }
        else if (messageType == BusinessMessageRejectDecoder.MESSAGE_TYPE)
        {
            businessReject.reset();
            businessReject.decode(asciiBuffer, 0, length);
            handler.onBusinessReject(sessionIndex, businessReject, receivedNanos);
        }
        else if (messageType == OrderMassCancelReportDecoder.MESSAGE_TYPE)
        {
            massCancelReport.reset();
            massCancelReport.decode(asciiBuffer, 0, length);
            handler.onMassCancelReport(sessionIndex, massCancelReport, receivedNanos);
        }
        else
        {
            return false;
        }
        return true;
    }
}
