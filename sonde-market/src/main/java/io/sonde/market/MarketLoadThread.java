package io.sonde.market;

import io.sonde.fix.engine.InvokedDuty;
import io.sonde.loadgen.runner.SharedThread;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;

/**
 * The market's one thread as a thread the load agent joins: while a run's agent is attached, its transport polls
 * the market's FIX library (so each reaction reaches the agent); before and after, the market polls it itself.
 */
final class MarketLoadThread implements SharedThread
{
    private final InvokedDuty duty;
    private volatile boolean running;

    MarketLoadThread(final InvokedDuty duty)
    {
        this.duty = duty;
    }

    public void attach(final Agent agent, final IdleStrategy idle)
    {
        running = true;
        duty.attach(agent, idle);
    }

    public void detach(final Agent agent)
    {
        try
        {
            duty.detach(agent);
        }
        finally
        {
            running = false;
        }
    }

    public String name()
    {
        return duty.name();
    }

    /**
     * @return whether a run's agent is attached.
     */
    boolean running()
    {
        return running;
    }
}
