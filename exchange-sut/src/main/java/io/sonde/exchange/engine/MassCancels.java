package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.AsciiFields;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.CancelReason;
import io.sonde.exchange.sbe.MassCancelDecoder;
import io.sonde.exchange.sbe.MassCancelOutcome;
import io.sonde.exchange.sbe.MassCanceledEncoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.DeleteReason;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.Arrays;

/**
 * What a mass cancel is, and its answer. One the gateway sends for a session gone that asked for cancel on
 * disconnect carries no request id and is not answered beyond each order's canceled report; one a session asked
 * for with an OrderMassCancelRequest names its ClOrdID, maybe a symbol, and is answered after those reports by a
 * {@code MassCanceled} that counts them (0 and an unknown symbol when the symbol is not traded here).
 */
final class MassCancels
{
    /** Gathers nothing: no book has this index. */
    static final int NO_BOOK = -2;

    private final OrderBook[] books;
    private final ExecutionListener listener;
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[ProtocolLimits.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final MassCanceledEncoder answer = new MassCanceledEncoder();
    private final byte[] massCancelReqId = new byte[ProtocolLimits.CL_ORD_ID_WIDTH];
    private final byte[] symbol = new byte[ProtocolLimits.SYMBOL_WIDTH];
    private long ownerId;
    private boolean requested;
    private boolean unknownSymbol;

    MassCancels(final OrderBook[] books, final ExecutionListener listener)
    {
        this.books = books;
        this.listener = listener;
    }

    /**
     * Read a mass cancel about to be applied; a command from before schema version 6 has neither request id nor
     * symbol.
     *
     * @return the book whose orders it cancels, {@link OwnersOrders#ALL_SYMBOLS} or {@link #NO_BOOK}.
     */
    int begin(final MassCancelDecoder command)
    {
        ownerId = command.ownerId();
        Arrays.fill(massCancelReqId, (byte)0);
        Arrays.fill(symbol, (byte)0);
        command.getMassCancelReqId(massCancelReqId, 0);
        command.getSymbol(symbol, 0);
        requested = AsciiFields.length(massCancelReqId) > 0;
        if (AsciiFields.length(symbol) == 0)
        {
            unknownSymbol = false;
            return OwnersOrders.ALL_SYMBOLS;
        }
        final int book = OrderBook.indexOf(books, symbol);
        unknownSymbol = book < 0;
        return unknownSymbol ? NO_BOOK : book;
    }

    /**
     * @return whether a session asked for this mass cancel, which is then answered with {@link #answer}.
     */
    boolean requested()
    {
        return requested;
    }

    CancelReason cancelReason()
    {
        return requested ? CancelReason.MASS_CANCEL_REQUESTED : CancelReason.CANCELED_ON_DISCONNECT;
    }

    DeleteReason deleteReason()
    {
        return requested ? DeleteReason.CANCELED : DeleteReason.CANCELED_ON_DISCONNECT;
    }

    /**
     * @param massCancelId the engine's id of this mass cancel: the next execution id, so unique like theirs.
     */
    void answer(final int affectedOrders, final long massCancelId, final long clusterSessionId)
    {
        answer.wrapAndApplyHeader(buffer, 0, header)
            .ownerId(ownerId)
            .massCancelId(massCancelId)
            .affectedOrders(affectedOrders)
            .putMassCancelReqId(massCancelReqId, 0)
            .putSymbol(symbol, 0)
            .outcome(unknownSymbol ? MassCancelOutcome.UNKNOWN_SYMBOL : MassCancelOutcome.CANCELED);
        listener.onEvent(clusterSessionId, buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + answer.encodedLength());
    }
}
