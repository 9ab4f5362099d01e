package io.sonde.fix.engine;

import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentTerminationException;

/**
 * Runs a component's agent on a thread that does other work too, giving its errors to the component's own
 * error handler: a failure inside an Artio engine or library is reported where Artio reports it and does not
 * end the load generator that happens to invoke it.
 */
final class ErrorReportingAgent implements Agent
{
    private final Agent agent;
    private final ErrorHandler errorHandler;

    ErrorReportingAgent(final Agent agent, final ErrorHandler errorHandler)
    {
        this.agent = agent;
        this.errorHandler = errorHandler;
    }

    public void onStart()
    {
        agent.onStart();
    }

    public int doWork()
    {
        try
        {
            return agent.doWork();
        }
        catch (final AgentTerminationException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            errorHandler.onError(ex);
            return 0;
        }
    }

    public void onClose()
    {
        agent.onClose();
    }

    public String roleName()
    {
        return agent.roleName();
    }
}
