package io.sonde.strategy;

/**
 * What the strategy did, written by its one thread and readable from any: triggers seen, reactions sent, and what
 * went wrong on the way (feed gaps, duplicate packets, reactions the session could not take).
 */
public final class StrategyCounts
{
    private volatile long triggersSeen;
    private volatile long reactionsSent;
    private volatile long reactionsNotSent;
    private volatile long feedGaps;
    private volatile long duplicatesDropped;
    private volatile long logons;

    /**
     * @return triggers read from the feed or from FIX market data.
     */
    public long triggersSeen()
    {
        return triggersSeen;
    }

    /**
     * @return NewOrderSingles sent, one per trigger.
     */
    public long reactionsSent()
    {
        return reactionsSent;
    }

    /**
     * @return triggers whose reaction was not sent: no session was logged on, or it was back-pressured.
     */
    public long reactionsNotSent()
    {
        return reactionsNotSent;
    }

    /**
     * @return feed messages the strategy never received, from the breaks in the feed's sequence numbers.
     */
    public long feedGaps()
    {
        return feedGaps;
    }

    /**
     * @return feed messages received a second time, ignored.
     */
    public long duplicatesDropped()
    {
        return duplicatesDropped;
    }

    /**
     * @return FIX sessions begun with the market: one per market run the strategy served.
     */
    public long logons()
    {
        return logons;
    }

    void onTrigger()
    {
        triggersSeen++;
    }

    void onReactionSent()
    {
        reactionsSent++;
    }

    void onReactionNotSent()
    {
        reactionsNotSent++;
    }

    void onGap(final long missed)
    {
        feedGaps += missed;
    }

    void onDuplicate()
    {
        duplicatesDropped++;
    }

    void onLogon()
    {
        logons++;
    }

    /**
     * @return the line {@code sonde strategy} prints as it stops.
     */
    public String describe()
    {
        return "triggers seen " + triggersSeen + ", reactions sent " + reactionsSent + ", feed gaps " + feedGaps +
            ", duplicates dropped " + duplicatesDropped +
            (reactionsNotSent > 0 ? ", reactions not sent " + reactionsNotSent : "");
    }
}
