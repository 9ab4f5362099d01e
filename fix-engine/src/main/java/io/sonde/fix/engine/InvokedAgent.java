package io.sonde.fix.engine;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;

/**
 * Runs an Aeron component launched in invoker mode (a media driver, an archive) as one agent among others
 * on a thread the host chooses, so several components can share a thread and its wake-ups.
 */
public final class InvokedAgent implements Agent
{
    private final String roleName;
    private final AgentInvoker invoker;

    public InvokedAgent(final String roleName, final AgentInvoker invoker)
    {
        this.roleName = roleName;
        this.invoker = invoker;
    }

    public void onStart()
    {
        if (!invoker.isStarted())
        {
            invoker.start();
        }
    }

    public int doWork()
    {
        return invoker.invoke();
    }

    public String roleName()
    {
        return roleName;
    }
}
