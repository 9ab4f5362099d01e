package io.sonde.fix.client.order;

/**
 * Reason codes the FIX transport reports rejected lifecycles under, counted per code by the runner.
 */
public final class RejectReasons
{
    public static final int ORDER_REJECTED = 1;
    public static final int CANCEL_REJECTED = 2;
    public static final int SESSION_REJECT = 3;
    public static final int BUSINESS_REJECT = 4;
    public static final int SESSION_DOWN = 5;
    /** An unanswered order the venue, asked by OrderStatusRequest, does not hold open. */
    public static final int NOT_AT_VENUE = 6;

    private RejectReasons()
    {
    }

    public static String name(final int code)
    {
        switch (code)
        {
            case ORDER_REJECTED:
                return "orderRejected";
            case CANCEL_REJECTED:
                return "cancelRejected";
            case SESSION_REJECT:
                return "sessionReject";
            case BUSINESS_REJECT:
                return "businessReject";
            case SESSION_DOWN:
                return "sessionDown";
            case NOT_AT_VENUE:
                return "notAtVenue";
            default:
                return "code" + code;
        }
    }
}
