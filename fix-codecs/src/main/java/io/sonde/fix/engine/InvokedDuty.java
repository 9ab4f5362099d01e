package io.sonde.fix.engine;

import org.agrona.LangUtil;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.DynamicCompositeAgent;
import org.agrona.concurrent.IdleStrategy;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The duty cycle of components launched as invokers (a media driver, an archive, an Artio engine, the Aeron
 * clients of its libraries) and the one thread that runs it at any moment.
 * <p>
 * A thread that owns a latency path (a load generator, an acceptor's poll loop) takes the whole cycle on with
 * {@link #owner()}: from its {@code onStart} to its {@code onClose}, that thread alone invokes every component,
 * so a message crosses library, engine and driver without waking another thread. While no thread owns it (set-up,
 * logon, logout, close) a keeper thread with a backoff idle strategy runs it instead, so that blocking start-up
 * calls made from other threads still see the driver and archive at work. The hand-over joins one thread before
 * the other starts invoking: no component is ever invoked by two threads at once.
 * <p>
 * Components join and leave with {@link #add(Agent)} and {@link #remove(Agent)}, from any thread but the one
 * running the cycle; they start and close on the running thread.
 * <p>
 * Some components block inside their own duty cycle: Artio's framer waits for the archive to start recording a
 * library's stream, an Aeron client waits for its driver to answer. On the thread that runs the cycle such a
 * wait would never end, so the clients are given {@link #driverWhileWaiting()} and {@link #idleWhileWaiting()},
 * which run the cycle's first components (the media driver and archive) while they wait.
 */
public final class InvokedDuty implements AutoCloseable
{
    private static final long CHANGE_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final long CHANGE_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(100);

    private final String name;
    private final DynamicCompositeAgent agents;
    private final Agent[] media;
    private final AgentInvoker driverWhileWaiting;
    private final Map<Agent, Member> members = new IdentityHashMap<>();
    private final Object handOver = new Object();
    private volatile Thread runningThread;
    private AgentRunner keeper;
    private boolean owned;
    private boolean closed;

    /**
     * Start the cycle with the {@code media} components, run by the keeper until a thread takes it on.
     *
     * @param name  names the keeper thread and the owner's role.
     * @param media what a blocked component waits on (a media driver, an archive): first in every cycle, and
     *              run by the waits of the cycle's own components.
     */
    public InvokedDuty(final String name, final Agent... media)
    {
        this.name = name;
        this.media = media.clone();
        this.agents = new DynamicCompositeAgent(name, media);
        this.driverWhileWaiting = new AgentInvoker(Throwable::printStackTrace, null, new MediaWhileWaiting());
        driverWhileWaiting.start();
        agents.onStart();
        startKeeper();
    }

    /**
     * For an Aeron client's {@code driverAgentInvoker}: while it waits for its driver, it runs the driver and
     * archive if it is on the cycle's thread, and otherwise yields to the thread that does.
     */
    public AgentInvoker driverWhileWaiting()
    {
        return driverWhileWaiting;
    }

    /**
     * For a client that waits on the archive (Artio's framer starting a recording): each idle step runs the
     * driver and archive if on the cycle's thread, and otherwise yields.
     */
    public IdleStrategy idleWhileWaiting()
    {
        return new MediaIdleStrategy();
    }

    /**
     * Add a component to the cycle and wait until the running thread has started it.
     *
     * @throws IllegalStateException when no thread picked it up within 10 s.
     */
    public void add(final Agent agent)
    {
        final Member member = new Member(agent);
        synchronized (members)
        {
            members.put(agent, member);
        }
        awaitChange(() -> agents.tryAdd(member), () -> member.started, "add " + agent.roleName());
    }

    /**
     * Take a component out of the cycle and wait until the running thread has closed it.
     *
     * @throws IllegalStateException when no thread completed it within 10 s.
     */
    public void remove(final Agent agent)
    {
        final Member member;
        synchronized (members)
        {
            member = members.remove(agent);
        }
        if (member != null)
        {
            awaitChange(() -> agents.tryRemove(member), () -> member.closed, "remove " + agent.roleName());
        }
    }

    /**
     * An agent for the thread that owns the path: compose it with the thread's own work. Its {@code onStart}
     * stops the keeper, its {@code doWork} runs every component, its {@code onClose} hands the cycle back.
     * One owner at a time.
     */
    public Agent owner()
    {
        return new Owner();
    }

    /**
     * Stop the keeper and close whatever components are still in the cycle, on the calling thread.
     */
    public void close()
    {
        synchronized (handOver)
        {
            if (closed)
            {
                return;
            }
            closed = true;
            stopKeeper();
        }
        agents.onClose();
    }

    private void awaitChange(final BooleanSupplier request, final BooleanSupplier completed, final String what)
    {
        final long deadline = System.nanoTime() + CHANGE_TIMEOUT_NANOS;
        while (!request.getAsBoolean())
        {
            waitUntil(deadline, what);
        }
        while (!completed.getAsBoolean())
        {
            waitUntil(deadline, what);
        }
    }

    private void waitUntil(final long deadline, final String what)
    {
        if (System.nanoTime() - deadline > 0)
        {
            throw new IllegalStateException(name + ": could not " + what + " within 10 s: nothing runs the cycle");
        }
        LockSupport.parkNanos(CHANGE_POLL_NANOS);
    }

    private void startKeeper()
    {
        keeper = new AgentRunner(new BackoffIdleStrategy(), Throwable::printStackTrace, null, new Keeper());
        AgentRunner.startOnThread(keeper);
    }

    private void stopKeeper()
    {
        if (keeper != null)
        {
            keeper.close();
            keeper = null;
        }
    }

    /**
     * A component as the cycle holds it: says when it has started and when it has closed, which the composite
     * itself does not (it clears a change request before running it).
     */
    private static final class Member implements Agent
    {
        private final Agent agent;
        private volatile boolean started;
        private volatile boolean closed;

        Member(final Agent agent)
        {
            this.agent = agent;
        }

        public void onStart()
        {
            try
            {
                agent.onStart();
            }
            finally
            {
                started = true;
            }
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
                closed = true;
            }
        }

        public String roleName()
        {
            return agent.roleName();
        }
    }

    /**
     * Runs the cycle while no thread owns it; stopping it leaves the components running for the next thread.
     */
    private final class Keeper implements Agent
    {
        public void onStart()
        {
            runningThread = Thread.currentThread();
        }

        public int doWork() throws Exception
        {
            return agents.doWork();
        }

        public void onClose()
        {
            runningThread = null;
        }

        public String roleName()
        {
            return name + "-keeper";
        }
    }

    private final class Owner implements Agent
    {
        public void onStart()
        {
            synchronized (handOver)
            {
                if (closed || owned)
                {
                    throw new IllegalStateException(name + ": " + (closed ? "closed" : "already owned by a thread"));
                }
                owned = true;
                stopKeeper();
                runningThread = Thread.currentThread();
            }
        }

        public int doWork() throws Exception
        {
            return agents.doWork();
        }

        public void onClose()
        {
            synchronized (handOver)
            {
                runningThread = null;
                owned = false;
                if (!closed)
                {
                    startKeeper();
                }
            }
        }

        public String roleName()
        {
            return name;
        }
    }

    private int runMediaIfOnCycleThread()
    {
        if (Thread.currentThread() != runningThread)
        {
            Thread.yield();
            return 0;
        }
        int work = 0;
        for (final Agent agent : media)
        {
            try
            {
                work += agent.doWork();
            }
            catch (final Exception ex)
            {
                LangUtil.rethrowUnchecked(ex);
            }
        }
        return work;
    }

    private final class MediaWhileWaiting implements Agent
    {
        public int doWork()
        {
            return runMediaIfOnCycleThread();
        }

        public String roleName()
        {
            return name + "-media-while-waiting";
        }
    }

    private final class MediaIdleStrategy implements IdleStrategy
    {
        public void idle(final int workCount)
        {
            if (workCount <= 0)
            {
                idle();
            }
        }

        public void idle()
        {
            if (runMediaIfOnCycleThread() == 0)
            {
                Thread.onSpinWait();
            }
        }

        public void reset()
        {
        }
    }
}
