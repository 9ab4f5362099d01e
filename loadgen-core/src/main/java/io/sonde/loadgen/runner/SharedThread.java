package io.sonde.loadgen.runner;

import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;

/**
 * A thread that already runs what a transport's requests travel through (a FIX engine, a media driver, an
 * exchange member's infrastructure). A run's load agent joins it instead of having a thread of its own, so a
 * request goes from the schedule to the socket without a hand-off between threads.
 */
public interface SharedThread
{
    /**
     * Run {@code agent} on the thread, beside its own work, until {@link #detach}; it starts and closes there.
     *
     * @param idle how the thread waits for work while the agent is attached.
     */
    void attach(Agent agent, IdleStrategy idle);

    /**
     * Stop running {@code agent} and wait until it has closed.
     */
    void detach(Agent agent);

    /**
     * @return the thread's name, for the run's thread layout.
     */
    String name();
}
