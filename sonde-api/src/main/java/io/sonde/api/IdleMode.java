package io.sonde.api;

/**
 * How the threads that own a path wait for work ({@code --idle}). {@code auto} (the default) busy-spins them while
 * the busy threads of every Sonde process on the host fit its cores, and otherwise spins for a short window after
 * each piece of work before parking briefly ({@code spin-window}), so threads never spin against each other for a
 * core; it follows the host as other Sonde processes start and stop.
 * {@code busy-spin} burns a core per thread for the lowest latency (tuned hosts); {@code backoff} spins briefly
 * then parks up to a millisecond (shared hosts, several processes).
 */
public enum IdleMode
{
    /** Busy-spin while the host's busy threads fit its cores, else spin-window. */
    AUTO("auto"),
    /** Never yield the core. */
    BUSY_SPIN("busy-spin"),
    /** Spin a short window after work, then park briefly. */
    SPIN_WINDOW("spin-window"),
    /** Spin, yield, then park with an exponential backoff up to a millisecond. */
    BACKOFF("backoff"),
    /** Yield the core between polls. */
    YIELD("yield"),
    /** Sleep a millisecond between polls. */
    SLEEP("sleep");

    /**
     * {@code --idle}, the one option of every command with busy threads: a run's and a sweep's, the acceptor's.
     */
    public static final Option<IdleMode> OPTION = Option.of("idle", "MODE", IdleMode::parse, "How the busy threads " +
        "wait: auto busy-spins them when every Sonde process's busy threads fit the host's cores, else spins a " +
        "short window then parks; or busy-spin, spin-window, backoff, yield, sleep. A run's busy threads are its " +
        "load thread, which runs the whole FIX path, and with --embedded the exchange's service thread; the " +
        "acceptor's is its one thread (library, engine, media driver and archive).").byDefault(AUTO);

    private final String label;

    IdleMode(final String label)
    {
        this.label = label;
    }

    /**
     * @param label one of the labels, e.g. {@code spin-window}.
     * @throws InvalidOptionException naming the choices.
     */
    public static IdleMode parse(final String label)
    {
        return Choices.parse(IdleMode.class, label, "an idle strategy");
    }

    /**
     * @return the label users type.
     */
    public String toString()
    {
        return label;
    }
}
