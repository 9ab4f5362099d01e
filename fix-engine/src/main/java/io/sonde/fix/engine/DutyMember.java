package io.sonde.fix.engine;

import org.agrona.concurrent.Agent;

/**
 * A component as the cycle holds it: says when it has started and when it has closed, which the composite
 * itself does not (it clears a change request before running it).
 */
final class DutyMember implements Agent
{
    private final Agent agent;
    private volatile boolean started;
    private volatile boolean closed;
    private boolean onStack;

    DutyMember(final Agent agent)
    {
        this.agent = agent;
    }

    /**
     * @return whether the duty's thread has started it.
     */
    boolean isStarted()
    {
        return started;
    }

    /**
     * @return whether the duty's thread is inside its start or a duty cycle of it (read on that thread only).
     */
    boolean isOnStack()
    {
        return onStack;
    }

    /**
     * @return whether the duty's thread has closed it.
     */
    boolean isClosed()
    {
        return closed;
    }

    public void onStart()
    {
        onStack = true;
        try
        {
            agent.onStart();
        }
        finally
        {
            onStack = false;
            started = true;
        }
    }

    public int doWork() throws Exception
    {
        onStack = true;
        try
        {
            return agent.doWork();
        }
        finally
        {
            onStack = false;
        }
    }

    public void onClose()
    {
        try
        {
            agent.onClose();
        }
        finally
        {
            closed = true;
        }
    }

    public String roleName()
    {
        return agent.roleName();
    }
}
