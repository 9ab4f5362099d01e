package io.sonde.exchange.cluster;

/**
 * How many busy threads carry a cluster member (docs/architecture.md, "Layouts"). Every hand-off between two
 * threads on the order path costs a wake-up, and a thread that waits for a core costs far more, so a member that
 * shares a small host runs on one thread.
 */
public enum MemberThreads
{
    /**
     * The media driver, archive and consensus module on the member's infrastructure thread, the service on the
     * container's: two cores for one member, and the lowest latency when the host has them to spare.
     */
    TWO(2),

    /**
     * Everything on one thread: the service container's agent joins the infrastructure's cycle as a peer of the
     * consensus module ({@link ServiceOnCycle}). One core, no hand-off between threads inside the member.
     */
    ONE(1);

    private final int busyThreads;

    MemberThreads(final int busyThreads)
    {
        this.busyThreads = busyThreads;
    }

    /**
     * @return the member's busy threads, as the host's busy-thread registry counts them.
     */
    public int busyThreads()
    {
        return busyThreads;
    }
}
