package io.sonde.exchange.gateway;

import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.CancelReason;
import io.sonde.exchange.sbe.RejectReason;

/**
 * What a client reads in Text (58) of an ExecutionReport or OrderCancelReject: the engine sends reasons as
 * codes, the gateway turns them into words. A reason added to the schema must be given its words here, or
 * this does not compile.
 */
final class ReasonTexts
{
    private ReasonTexts()
    {
    }

    static String of(final RejectReason reason)
    {
        return switch (reason)
        {
            case UNKNOWN_SYMBOL -> "unknown symbol";
            case BAD_SIDE -> "side must be 1 (buy) or 2 (sell)";
            case BAD_QUANTITY -> "order quantity must be a whole number from 1 to " + ProtocolLimits.MAX_QUANTITY;
            case BAD_PRICE -> "limit price must be positive, at most 1000000 and have at most 4 decimals";
            case BAD_ORDER_TYPE -> "order type must be 1 (market) or 2 (limit)";
            case BAD_TIME_IN_FORCE -> "time in force must be 0 (day) or 3 (immediate or cancel)";
            case DUPLICATE_CL_ORD_ID -> "ClOrdID is already used by an open order of this session";
            case UNKNOWN_ORDER -> "no open order with this OrigClOrdID";
            case SIDE_MISMATCH -> "side differs from the original order";
            case QUANTITY_BELOW_FILLED -> "new quantity is not above the quantity already filled";
            case BAD_CL_ORD_ID -> "ClOrdID must have 1 to " + ProtocolLimits.CL_ORD_ID_WIDTH + " ASCII characters";
            case NULL_VAL -> "rejected";
        };
    }

    /**
     * @return the words for an order the engine ended without its owner asking, or null when the report needs
     * none (the owner canceled it, or it was an immediate-or-cancel order).
     */
    static String of(final CancelReason reason)
    {
        return switch (reason)
        {
            case NO_LIQUIDITY -> "no liquidity left for the rest of the order";
            case CANCELED_ON_DISCONNECT -> "canceled on disconnect, as the session's logon asked";
            case MASS_CANCEL_REQUESTED -> "canceled by an OrderMassCancelRequest";
            case CANCEL_REQUESTED, IMMEDIATE_OR_CANCEL, NULL_VAL -> null;
        };
    }
}
