package io.sonde.fix.client.order;

import io.sonde.fix.codecs.decoder_flyweight.BusinessMessageRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderCancelRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderMassCancelReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.RejectDecoder;

/**
 * What a venue says about orders, decoded by {@link InboundOrderMessages}. A decoder is valid only during the
 * call: it is reused for the next message.
 */
public interface OrderMessageHandler
{
    void onExecutionReport(int sessionIndex, ExecutionReportDecoder report, long receivedNanos);

    void onCancelReject(int sessionIndex, OrderCancelRejectDecoder reject, long receivedNanos);

    void onSessionReject(int sessionIndex, RejectDecoder reject, long receivedNanos);

    void onBusinessReject(int sessionIndex, BusinessMessageRejectDecoder reject, long receivedNanos);

    /**
     * An OrderMassCancelReport: only the book flow's close-out sends the request it answers.
     */
    default void onMassCancelReport(int sessionIndex, OrderMassCancelReportDecoder report, long receivedNanos)
    {
    }
}
