package io.sonde.exchange.gateway;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.fix.codecs.MassCancelRejectReason;
import io.sonde.fix.codecs.decoder.OrderMassCancelRequestDecoder;
import org.agrona.AsciiSequenceView;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import static io.sonde.exchange.protocol.AsciiFields.isCarried;

/**
 * Turns an OrderMassCancelRequest (35=q) into the engine's mass cancel of the session's own open orders: all of
 * them (MassCancelRequestType 530 = 7) or one Symbol's (1). The engine answers with an ExecutionReport per order
 * canceled, then the OrderMassCancelReport. Any other request type, or a Side filter, which the engine does not
 * take, is refused with an OrderMassCancelReport saying why, never ignored; a message that breaks the FIX rules,
 * or a ClOrdID the protocol cannot carry, gets a session Reject as other requests do.
 */
final class MassCancelTranslator
{
    private static final char[] MASS_CANCEL_TYPE = {'q'};
    private static final int MASS_CANCEL_REQUEST_TYPE_TAG = 530;
    private static final int INCORRECT_DATA_FORMAT = 6;
    private static final char ALL_ORDERS = '7';
    private static final char FOR_A_SECURITY = '1';
    private static final String SERVED = ": this exchange cancels all of a session's orders (7) or one Symbol's (1)";

    private final OrderMassCancelRequestDecoder request = new OrderMassCancelRequestDecoder();
    private final AsciiSequenceView clOrdId = new AsciiSequenceView();
    private final AsciiSequenceView symbol = new AsciiSequenceView();
    private final ReportWriter reports;
    private final MassCancelReports massCancelReports = new MassCancelReports();
    private final ClusterCommands commands;

    MassCancelTranslator(final ReportWriter reports, final ClusterCommands commands)
    {
        this.reports = reports;
        this.commands = commands;
    }

    /**
     * @param ascii the request, wrapped from its first byte.
     */
    Action onRequest(final Session session, final long ownerId, final MutableAsciiBuffer ascii, final int length)
    {
        final OrderMassCancelRequestDecoder request = this.request;
        request.reset();
        try
        {
            request.decode(ascii, 0, length);
        }
        catch (final RuntimeException ex)
        {
            return reports.rejectMessage(session, request.header().msgSeqNum(), 0, MASS_CANCEL_TYPE,
                MASS_CANCEL_TYPE.length, INCORRECT_DATA_FORMAT, "malformed field value: " + ex.getMessage());
        }
        if (!request.validate())
        {
            final int tag = request.invalidTagId();
            if (tag == MASS_CANCEL_REQUEST_TYPE_TAG && request.massCancelRequestTypeLength() > 0)
            {
                return refuse(session, MassCancelRejectReason.MASS_CANCEL_NOT_SUPPORTED,
                    "MassCancelRequestType " + request.massCancelRequestType() + " is not defined" + SERVED);
            }
            return reports.rejectMessage(session, request.header().msgSeqNum(), tag, MASS_CANCEL_TYPE,
                MASS_CANCEL_TYPE.length, request.rejectReason(), "invalid message: tag " + tag);
        }
        if (!isCarried(request.clOrdID(), request.clOrdIDLength(), ProtocolLimits.CL_ORD_ID_WIDTH))
        {
            return reports.rejectMessage(session, request.header().msgSeqNum(), 0, MASS_CANCEL_TYPE,
                MASS_CANCEL_TYPE.length, INCORRECT_DATA_FORMAT,
                "ClOrdID must have 1 to " + ProtocolLimits.CL_ORD_ID_WIDTH + " ASCII characters");
        }
        final char type = request.massCancelRequestType();
        if (type != ALL_ORDERS && type != FOR_A_SECURITY)
        {
            return refuse(session, MassCancelRejectReason.MASS_CANCEL_NOT_SUPPORTED,
                "MassCancelRequestType " + type + " is not supported" + SERVED);
        }
        if (request.hasSide())
        {
            // Not 99 (other): FIX 4.4 has MassCancelRejectReason a char, and a client validating on it refuses 99.
            return refuse(session, MassCancelRejectReason.MASS_CANCEL_NOT_SUPPORTED,
                "a Side filter is not supported" + SERVED);
        }
        if (type == FOR_A_SECURITY &&
            !(request.hasSymbol() && isCarried(request.symbol(), request.symbolLength(), ProtocolLimits.SYMBOL_WIDTH)))
        {
            return refuse(session, MassCancelRejectReason.INVALID_OR_UNKNOWN_SECURITY,
                "MassCancelRequestType 1 needs a Symbol of 1 to " + ProtocolLimits.SYMBOL_WIDTH + " characters");
        }
        return commands.massCancel(ownerId, request.clOrdID(clOrdId), type == FOR_A_SECURITY ?
            request.symbol(symbol) : "");
    }

    private Action refuse(final Session session, final MassCancelRejectReason reason, final String text)
    {
        return massCancelReports.refused(session, request.clOrdID(), request.clOrdIDLength(),
            request.massCancelRequestType(), reason, text);
    }
}
