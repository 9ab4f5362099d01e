package io.sonde.fix.client.order;

import io.sonde.fix.codecs.ExecType;
import io.sonde.fix.codecs.OrdStatus;

/**
 * What an ExecutionReport's ExecType (150) and OrdStatus (39) say about the order, the same for every flow.
 */
public final class OrdStatuses
{
    private static final char FILLED = OrdStatus.FILLED.representation();
    private static final char CANCELED = OrdStatus.CANCELED.representation();
    private static final char EXPIRED = OrdStatus.EXPIRED.representation();
    private static final char REJECTED = OrdStatus.REJECTED.representation();
    private static final char EXEC_REJECTED = ExecType.REJECTED.representation();
    private static final char TRADE = ExecType.TRADE.representation();
    private static final char PARTIAL_FILL = ExecType.PARTIAL_FILL.representation();
    private static final char FILL = ExecType.FILL.representation();

    private OrdStatuses()
    {
    }

    /**
     * @return whether the order is closed for good: filled, canceled or expired.
     */
    public static boolean isTerminal(final char ordStatus)
    {
        return ordStatus == FILLED || ordStatus == CANCELED || ordStatus == EXPIRED;
    }

    /**
     * @return whether the report is of a trade: ExecType F, or 1 (partial fill) and 2 (fill) as FIX 4.2 venues
     * report them.
     */
    public static boolean isTrade(final char execType)
    {
        return execType == TRADE || execType == FILL || execType == PARTIAL_FILL;
    }

    /**
     * @return whether the report rejects the order (or the stage it answers).
     */
    public static boolean isRejection(final char execType, final char ordStatus)
    {
        return execType == EXEC_REJECTED || ordStatus == REJECTED;
    }

    /**
     * @return whether the order is still open at the venue: neither closed nor rejected.
     */
    public static boolean isOpen(final char ordStatus)
    {
        return ordStatus != REJECTED && !isTerminal(ordStatus);
    }

    /**
     * @return whether the order was canceled or expired (not filled).
     */
    public static boolean isCanceled(final char ordStatus)
    {
        return ordStatus == CANCELED || ordStatus == EXPIRED;
    }
}
