package io.sonde.exchange.cluster;

import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.AgentRunner;

import java.util.concurrent.ThreadFactory;

/**
 * A cluster service container's agent, invoked by the member's infrastructure cycle instead of a thread of its own
 * ({@link MemberThreads#ONE}). Aeron's service container offers no invoker: it builds an agent runner and starts it
 * on a thread from the factory it is given. As that factory, this takes the runner's agent and hands the container
 * a thread that ends at once, so the runner never runs, and the agent runs on the cycle's thread from its start to
 * its close. There it is a peer of the consensus module: each waits for the other (the module for the service to
 * join the log, the service for the module to take its acknowledgements), so each one's waits run the other.
 * <p>
 * The container is then never closed: closing it would close its runner, and the runner's agent a second time, from
 * another thread. Taking this out of the cycle closes the agent on the cycle's thread.
 */
final class ServiceOnCycle implements ThreadFactory, Agent
{
    private final ErrorHandler errors;
    private volatile AgentInvoker invoker;

    ServiceOnCycle(final ErrorHandler errors)
    {
        this.errors = errors;
    }

    public Thread newThread(final Runnable runner)
    {
        // An invoker, not the bare agent: it closes the agent when the cluster ends the service (a shutdown), where
        // the agent's termination would otherwise end the whole cycle's thread.
        invoker = new AgentInvoker(errors, null, ((AgentRunner)runner).agent());
        return new Thread(() ->
        {
        });
    }

    public void onStart()
    {
        invoker.start();
    }

    public int doWork()
    {
        return invoker.invoke();
    }

    public void onClose()
    {
        invoker.close();
    }

    public String roleName()
    {
        return "clustered-service";
    }
}
