package io.sonde.fix.client.order;

/**
 * The FIX failure taxonomy of a run. Written on the polling thread; read once the run has ended.
 *
 * @see RejectReasons for the codes the runner counts these under.
 */
public final class FixFailures
{
    long sessionRejects;
    long businessRejects;
    long orderRejects;
    long cancelRejects;
    long endedBySessionDown;
    long unknownClOrdIds;
    long reportsAfterEnd;
    long sendBackPressure;
    long followUpsDropped;
    long statusRequests;
    long resolvedOpen;
    long lostAcknowledgements;
    long resolvedNotOpen;
    long statusUnsupported;
    final VenueRejects venueRejects = new VenueRejects();

    /**
     * @return the venue's own words for what it rejected: each distinct Text (58) and RefTagID (371) by kind.
     */
    public VenueRejects venueRejects()
    {
        return venueRejects;
    }

    /**
     * @return session-level Reject (35=3) messages received for Sonde's orders.
     */
    public long sessionRejects()
    {
        return sessionRejects;
    }

    /**
     * @return BusinessMessageReject (35=j) messages received.
     */
    public long businessRejects()
    {
        return businessRejects;
    }

    /**
     * @return orders rejected by the venue (ExecutionReport 39=8).
     */
    public long orderRejects()
    {
        return orderRejects;
    }

    /**
     * @return OrderCancelReject (35=9) answers to cancels and replaces.
     */
    public long cancelRejects()
    {
        return cancelRejects;
    }

    /**
     * @return lifecycles ended because their session disconnected.
     */
    public long endedBySessionDown()
    {
        return endedBySessionDown;
    }

    /**
     * @return reports whose ClOrdID is not one of Sonde's, or arrived on another session than its order.
     */
    public long unknownClOrdIds()
    {
        return unknownClOrdIds;
    }

    /**
     * @return reports for lifecycles that had already ended (late fills, answers after a timeout).
     */
    public long reportsAfterEnd()
    {
        return reportsAfterEnd;
    }

    /**
     * @return sends Artio refused for back-pressure (the request was retried with its intended time).
     */
    public long sendBackPressure()
    {
        return sendBackPressure;
    }

    /**
     * @return follow-ups (cancel, replace) not sent because their order's session went down first.
     */
    public long followUpsDropped()
    {
        return followUpsDropped;
    }

    /**
     * @return OrderStatusRequests sent for order stages that had no answer within the run's timeout.
     */
    public long statusRequests()
    {
        return statusRequests;
    }

    /**
     * @return unanswered orders the venue reported open: the answer was lost (a failover, say), the order lives.
     */
    public long resolvedOpen()
    {
        return resolvedOpen;
    }

    /**
     * @return of {@link #resolvedOpen()}, new orders: the venue took them, but their acknowledgement never came.
     */
    public long lostAcknowledgements()
    {
        return lostAcknowledgements;
    }

    /**
     * @return unanswered orders the venue does not hold open: they never arrived, or have closed since.
     */
    public long resolvedNotOpen()
    {
        return resolvedNotOpen;
    }

    /**
     * @return refusals of OrderStatusRequest by the venue (it does not support it); no more are sent.
     */
    public long statusUnsupported()
    {
        return statusUnsupported;
    }
}
