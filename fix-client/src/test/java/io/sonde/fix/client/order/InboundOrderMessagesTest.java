package io.sonde.fix.client.order;

import io.sonde.fix.codecs.decoder_flyweight.BusinessMessageRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderCancelRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.OrderMassCancelReportDecoder;
import io.sonde.fix.codecs.decoder_flyweight.RejectDecoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Each message is read on its own: an optional field of one message never shows through in the next.
 */
class InboundOrderMessagesTest
{
    private static final String HEADER = "49=EXCH|56=SONDE|34=7|52=20261123-12:00:00.000|";

    private final List<String> seen = new ArrayList<>();
    private final InboundOrderMessages inbound = new InboundOrderMessages(new Recorder());

    @Test
    void aBusinessRejectWithoutRefIdDoesNotInheritThePreviousOnesRefId()
    {
        receive(BusinessMessageRejectDecoder.MESSAGE_TYPE, "35=j|" + HEADER + "45=3|372=D|379=ORDER-1|380=0|");
        receive(BusinessMessageRejectDecoder.MESSAGE_TYPE, "35=j|" + HEADER + "45=4|372=ZZ|380=3|");

        assertEquals(List.of("j ref=ORDER-1", "j ref=none"), seen);
    }

    @Test
    void anExecutionReportDoesNotInheritAMassStatusRequestIdOrText()
    {
        receive(ExecutionReportDecoder.MESSAGE_TYPE, "35=8|" + HEADER +
            "37=1|11=A|17=E1|150=I|39=0|55=SONDE.A|54=1|151=10|14=0|6=0|584=MS-1|58=status|");
        receive(ExecutionReportDecoder.MESSAGE_TYPE, "35=8|" + HEADER +
            "37=2|11=B|17=E2|150=0|39=0|55=SONDE.A|54=1|151=10|14=0|6=0|");

        assertEquals(List.of("8 A massStatus=MS-1 text=status", "8 B massStatus=none text=none"), seen);
    }

    @Test
    void aCancelRejectWithoutReasonDoesNotInheritThePreviousReason()
    {
        receive(OrderCancelRejectDecoder.MESSAGE_TYPE, "35=9|" + HEADER + "37=1|11=C1|41=A|39=0|434=1|102=1|");
        receive(OrderCancelRejectDecoder.MESSAGE_TYPE, "35=9|" + HEADER + "37=2|11=C2|41=B|39=0|434=1|");

        assertEquals(List.of("9 C1 reason=1", "9 C2 reason=none"), seen);
    }

    @Test
    void aSessionRejectWithoutRefMsgTypeDoesNotInheritThePreviousOne()
    {
        receive(RejectDecoder.MESSAGE_TYPE, "35=3|" + HEADER + "45=5|372=AF|373=11|");
        receive(RejectDecoder.MESSAGE_TYPE, "35=3|" + HEADER + "45=6|373=6|");

        assertEquals(List.of("3 45=5 refMsgType=AF", "3 45=6 refMsgType=none"), seen);
    }

    @Test
    void aRejectedMassCancelReportDoesNotLendItsReasonToTheNextOne()
    {
        receive(OrderMassCancelReportDecoder.MESSAGE_TYPE, "35=r|" + HEADER +
            "11=MC-1|37=NONE|530=3|531=0|532=0|533=0|58=not supported|");
        receive(OrderMassCancelReportDecoder.MESSAGE_TYPE, "35=r|" + HEADER + "11=MC-2|37=9|530=7|531=7|533=12|");

        assertEquals(List.of("r MC-1 response=0 reason=0 affected=0", "r MC-2 response=7 reason=none affected=12"),
            seen);
    }

    @Test
    void otherMessageTypesAreLeftAlone()
    {
        assertFalse(inbound.onMessage(0, 'A', wrap("35=A|" + HEADER + "98=0|108=30|"), 0, 10, 0L));
        assertEquals(List.of(), seen);
    }

    private void receive(final long messageType, final String body)
    {
        final byte[] bytes = message(body);
        inbound.onMessage(0, messageType, new UnsafeBuffer(bytes), 0, bytes.length, 0L);
    }

    private static UnsafeBuffer wrap(final String body)
    {
        return new UnsafeBuffer(message(body));
    }

    private static byte[] message(final String body)
    {
        final String withSoh = body.replace('|', '\u0001');
        return ("8=FIX.4.4\u00019=" + withSoh.length() + "\u0001" + withSoh + "10=000\u0001")
            .getBytes(StandardCharsets.US_ASCII);
    }

    private final class Recorder implements OrderMessageHandler
    {
        public void onExecutionReport(final int sessionIndex, final ExecutionReportDecoder report, final long at)
        {
            seen.add("8 " + report.clOrdIDAsString() +
                " massStatus=" + (report.hasMassStatusReqID() ? report.massStatusReqIDAsString() : "none") +
                " text=" + (report.hasText() ? report.textAsString() : "none"));
        }

        public void onCancelReject(final int sessionIndex, final OrderCancelRejectDecoder reject, final long at)
        {
            seen.add("9 " + reject.clOrdIDAsString() +
                " reason=" + (reject.hasCxlRejReason() ? Integer.toString(reject.cxlRejReason()) : "none"));
        }

        public void onSessionReject(final int sessionIndex, final RejectDecoder reject, final long at)
        {
            seen.add("3 45=" + reject.refSeqNum() +
                " refMsgType=" + (reject.hasRefMsgType() ? reject.refMsgTypeAsString() : "none"));
        }

        public void onBusinessReject(final int sessionIndex, final BusinessMessageRejectDecoder reject, final long at)
        {
            seen.add("j ref=" +
                (reject.hasBusinessRejectRefID() ? reject.businessRejectRefIDAsString() : "none"));
        }

        public void onMassCancelReport(
            final int sessionIndex, final OrderMassCancelReportDecoder report, final long at)
        {
            seen.add("r " + report.clOrdIDAsString() + " response=" + report.massCancelResponse() + " reason=" +
                (report.hasMassCancelRejectReason() ? Integer.toString(report.massCancelRejectReason()) : "none") +
                " affected=" + report.totalAffectedOrders());
        }
    }
}
