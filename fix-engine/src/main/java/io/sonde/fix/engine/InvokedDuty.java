package io.sonde.fix.engine;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.DynamicCompositeAgent;
import org.agrona.concurrent.IdleStrategy;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * One thread that runs components launched as invokers (media drivers, archives, consensus modules, Artio
 * engines, the Aeron clients of their libraries) and, for as long as it is attached, the work whose messages go
 * through them: a load generator's agent, an acceptor's poll loop. A message then crosses library, engine and
 * driver without waking another thread.
 * <p>
 * The thread is started with the duty and lives as long as it: an archive checks that every request of a
 * control session is answered from the thread that opened it, so its conductor may never change threads.
 * Without attached work it backs off; with work attached it waits as that work asks (busy-spin on a host with
 * a core to spare). Components and work join and leave with {@link #add}, {@link #remove}, {@link #attach} and
 * {@link #detach}, from any other thread; they start and close on the duty's thread.
 * <p>
 * Some components block inside their own duty cycle: Artio's framer waits for the archive to start recording a
 * stream, an Aeron client waits for its driver to answer. On the duty's thread such a wait would never end, so
 * the clients are given {@link #driverWhileWaiting()} and {@link #idleWhileWaiting()}, which run the media
 * components (drivers and archives) while they wait ({@link WaitingWork}).
 * <p>
 * A duty may instead be handed to another thread whole with {@link #owner()}, when that thread is someone
 * else's (a cluster service's, for a gateway in the same process).
 * <p>
 * Two components that block waiting for each other (a consensus module waiting for its service to join the log,
 * the service waiting for the consensus module to take its acknowledgement) can share the cycle as <em>peers</em>
 * ({@link #addPeer}, {@link #addPeerStarting}): the waits given {@link #idleWhileWaiting()} run every peer that is
 * not itself on the stack, beside the media.
 */
public final class InvokedDuty implements AutoCloseable
{
    private static final long CHANGE_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final long CHANGE_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(100);

    private final String name;
    private final CountingErrorHandler errors;
    private final DynamicCompositeAgent agents;
    private final AgentInvoker driverWhileWaiting;
    private final SwitchingIdleStrategy idle = new SwitchingIdleStrategy();
    private final Map<Agent, DutyMember> members = new IdentityHashMap<>();
    private final Object handOver = new Object();
    private final WaitingWork waits;
    private AgentRunner thread;
    private boolean owned;
    private boolean closed;

    /**
     * Start the duty's thread with the {@code media} components.
     *
     * @param name  names the duty's thread.
     * @param media what a blocked component waits on (a media driver, an archive): run first in every cycle,
     *              and by the waits of the cycle's own components.
     */
    public InvokedDuty(final String name, final Agent... media)
    {
        this(new CountingErrorHandler(name), media);
    }

    /**
     * As {@link #InvokedDuty(String, Agent...)}, named by {@code errors}' role and reporting to it.
     */
    InvokedDuty(final CountingErrorHandler errors, final Agent... media)
    {
        this.name = errors.roleName();
        this.errors = errors;
        this.waits = new WaitingWork(name, errors, media);
        this.agents = new DynamicCompositeAgent(name, media);
        this.driverWhileWaiting = new AgentInvoker(errors, null, waits.media());
        driverWhileWaiting.start();
        agents.onStart();
        startThread();
    }

    public String name()
    {
        return name;
    }

    /**
     * @return how many errors the duty's own thread caught from its components and attached work (each also
     * printed with the duty's name); a component that throws stays in the cycle, so this is how its failures
     * show. While another thread {@link #owner() owns} the cycle, its errors go to that thread's handler.
     */
    public long errorCount()
    {
        return errors.errorCount();
    }

    /**
     * Add a media component (another host's driver and archive) and wait until the duty's thread runs it.
     */
    public void addMedia(final Agent agent)
    {
        add(agent);
        waits.addMedia(agent);
    }

    /**
     * Take a media component out again, before its driver closes.
     */
    public void removeMedia(final Agent agent)
    {
        waits.removeMedia(agent);
        remove(agent);
    }

    /**
     * Add a component to the cycle and wait until the duty's thread has started it.
     *
     * @throws IllegalStateException when no thread picked it up within 10 s.
     */
    public void add(final Agent agent)
    {
        final DutyMember member = new DutyMember(agent);
        synchronized (members)
        {
            members.put(agent, member);
        }
        awaitChange(() -> agents.tryAdd(member), member::isStarted, "add " + agent.roleName());
    }

    /**
     * Add a component that blocks waiting for another of the cycle's peers, and wait until the duty's thread has
     * started it; from then on the waits of the cycle's components run it too, whenever it is not the one waiting.
     *
     * @throws IllegalStateException when no thread picked it up within 10 s.
     */
    public void addPeer(final Agent agent)
    {
        add(agent);
        joinPeers(agent);
    }

    /**
     * As {@link #addPeer}, without waiting for it to start: for a component whose start itself waits for a peer
     * that the caller is about to launch (a cluster service, whose start waits for its consensus module).
     *
     * @throws IllegalStateException when the cycle did not take it within 10 s.
     */
    public void addPeerStarting(final Agent agent)
    {
        final DutyMember member = new DutyMember(agent);
        synchronized (members)
        {
            members.put(agent, member);
        }
        awaitChange(() -> agents.tryAdd(member), () -> true, "add " + agent.roleName());
        joinPeers(agent);
    }

    private void joinPeers(final Agent agent)
    {
        final DutyMember member;
        synchronized (members)
        {
            member = members.get(agent);
        }
        waits.addPeer(member);
    }

    /**
     * Take a component out of the cycle and wait until the duty's thread has closed it.
     *
     * @throws IllegalStateException when no thread completed it within 10 s.
     */
    public void remove(final Agent agent)
    {
        final DutyMember member;
        synchronized (members)
        {
            member = members.remove(agent);
        }
        if (member != null)
        {
            waits.removePeer(member);
            awaitChange(() -> agents.tryRemove(member), member::isClosed, "remove " + agent.roleName());
        }
    }

    /**
     * Run {@code work} on the duty's thread, after the components, until {@link #detach}; meanwhile the thread
     * waits with {@code workIdle}.
     */
    public void attach(final Agent work, final IdleStrategy workIdle)
    {
        add(work);
        idle.use(workIdle);
    }

    /**
     * Stop running {@code work}; the thread backs off again once it is closed.
     */
    public void detach(final Agent work)
    {
        try
        {
            remove(work);
        }
        finally
        {
            idle.useDefault();
        }
    }

    /**
     * How the thread waits while no work is attached: backoff until told otherwise. A thread whose components
     * are themselves on a path (an exchange member's consensus module) waits as that path needs.
     */
    public void idleWithoutWork(final IdleStrategy withoutWork)
    {
        idle.defaultTo(withoutWork);
    }

    /**
     * For an Aeron client's {@code driverAgentInvoker}: while it waits for its driver, it runs the media if it is
     * on the duty's thread, and otherwise yields to the thread that does.
     */
    public AgentInvoker driverWhileWaiting()
    {
        return driverWhileWaiting;
    }

    /**
     * For a client that waits on an archive (Artio's framer starting a recording): each idle step runs the
     * media if on the duty's thread, and otherwise yields.
     */
    public IdleStrategy idleWhileWaiting()
    {
        return waits.idleStrategy();
    }

    /**
     * Hand the whole cycle to another thread: compose the returned agent with that thread's work. Its
     * {@code onStart} stops the duty's thread, its {@code doWork} runs every component, its {@code onClose}
     * starts a new duty thread. Only for components that ask their archive for nothing after they start (an
     * Artio engine that records no messages), since the archive answers a session only on the thread that
     * opened it.
     */
    public Agent owner()
    {
        return new Owner();
    }

    /**
     * Stop the duty's thread and close whatever components are still in the cycle, on the calling thread.
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
            stopThread();
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

    private void startThread()
    {
        thread = new AgentRunner(idle, errors, null, new DutyAgent());
        AgentRunner.startOnThread(thread);
    }

    private void stopThread()
    {
        if (thread != null)
        {
            thread.close();
            thread = null;
        }
    }

    /**
     * The duty's own thread; stopping it leaves the components running for the next thread.
     */
    private final class DutyAgent implements Agent
    {
        public void onStart()
        {
            waits.runOn(Thread.currentThread());
        }

        public int doWork() throws Exception
        {
            return agents.doWork();
        }

        public void onClose()
        {
            waits.runOn(null);
        }

        public String roleName()
        {
            return name;
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
                stopThread();
                waits.runOn(Thread.currentThread());
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
                waits.runOn(null);
                owned = false;
                if (!closed)
                {
                    startThread();
                }
            }
        }

        public String roleName()
        {
            return name;
        }
    }
}
