package io.sonde.market;

import io.sonde.fix.engine.InvokedDuty;
import io.sonde.loadgen.runner.SharedThread;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;

/**
 * The market's one thread as a thread the load agent joins: while a run's agent is attached, its transport polls
 * the market's FIX library (so each reaction reaches the agent); before and after, the market polls it itself.
 * When the agent closes, on the market's thread, the run's end is told there too, so what the run counted is
 * taken before anything after it is.
 */
final class MarketLoadThread implements SharedThread
{
    private final InvokedDuty duty;
    private volatile boolean running;
    private volatile Runnable runEnd = () -> { };
    private RunAgent attached;

    MarketLoadThread(final InvokedDuty duty)
    {
        this.duty = duty;
    }

    /**
     * What to do on the market's thread when the next run's agent closes.
     */
    void onRunEnd(final Runnable runEnd)
    {
        this.runEnd = runEnd;
    }

    public void attach(final Agent agent, final IdleStrategy idle)
    {
        attached = new RunAgent(agent, runEnd);
        running = true;
        duty.attach(attached, idle);
    }

    public void detach(final Agent agent)
    {
        try
        {
            duty.detach(attached != null && attached.agent == agent ? attached : agent);
        }
        finally
        {
            attached = null;
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

    /**
     * The run's agent, and the run's end told when it closes.
     */
    private static final class RunAgent implements Agent
    {
        private final Agent agent;
        private final Runnable end;

        RunAgent(final Agent agent, final Runnable end)
        {
            this.agent = agent;
            this.end = end;
        }

        public void onStart()
        {
            agent.onStart();
        }

        public int doWork() throws Exception
        {
            return agent.doWork();
        }

        public void onClose()
        {
            try
            {
                agent.onClose();
            }
            finally
            {
                end.run();
            }
        }

        public String roleName()
        {
            return agent.roleName();
        }
    }
}
