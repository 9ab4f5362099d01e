package io.sonde.loadgen.idle;

/**
 * When {@code --idle auto} switches between busy-spin and spin-window, given what each look finds: whether the
 * busy threads of every process on the host fit its cores. No switch comes within {@code settleNanos} of the
 * previous one; backing off (to spin-window) happens at the first look that may switch, while spinning again needs
 * the host to have fitted at every look for {@code settleNanos} too.
 * <p>
 * Backing off is the direction that may be immediate: a process that spins where the host does not fit takes
 * scheduler slices from every other process's threads, the one that just arrived included, while one that backs
 * off too early only pays wake-ups of its own: another process claims its threads for its whole run, and this
 * JVM's compiler, once it has been busy at two looks in a row ({@link HostSpinPolicy}), goes on compiling for
 * seconds. Spinning again waits until the fit has lasted, so that a claim released for a moment (a compiler quiet
 * for one look) does not send the threads through two switches: a claim that comes and goes makes one switch.
 * <p>
 * Not thread-safe: fed by the policy's watcher alone.
 */
final class IdleHysteresis
{
    private static final long NONE = Long.MIN_VALUE;

    private final long settleNanos;
    private boolean spin;
    private long lastSwitchNanos;
    private long fitsSinceNanos = NONE;

    /**
     * @param settleNanos the shortest time between two switches, and how long the host must fit before spinning
     *                    again.
     * @param nowNanos    when the first decision was made: it is no switch, so a back-off may follow at once.
     * @param spin        the first decision.
     */
    IdleHysteresis(final long settleNanos, final long nowNanos, final boolean spin)
    {
        this.settleNanos = settleNanos;
        this.spin = spin;
        this.lastSwitchNanos = nowNanos - settleNanos;
    }

    /**
     * @param nowNanos when the look was made.
     * @param fits     whether the host's busy threads fit its cores now.
     * @return whether the mode switched.
     */
    boolean look(final long nowNanos, final boolean fits)
    {
        if (fits)
        {
            fitsSinceNanos = fitsSinceNanos == NONE ? nowNanos : fitsSinceNanos;
        }
        else
        {
            fitsSinceNanos = NONE;
        }
        if (fits == spin || nowNanos - lastSwitchNanos < settleNanos)
        {
            return false;
        }
        if (fits && nowNanos - fitsSinceNanos < settleNanos)
        {
            return false;
        }
        spin = fits;
        lastSwitchNanos = nowNanos;
        return true;
    }

    /**
     * A measured window starts: decide afresh, with no wait for the fit to last, so a measurement that fits the host
     * spins from its first look; the switch counts as one for the next {@link #look}.
     *
     * @return whether the mode switched.
     */
    boolean resume(final long nowNanos, final boolean fits)
    {
        fitsSinceNanos = fits ? nowNanos : NONE;
        if (fits == spin)
        {
            return false;
        }
        spin = fits;
        lastSwitchNanos = nowNanos;
        return true;
    }

    /**
     * @return whether the threads busy-spin now.
     */
    boolean spin()
    {
        return spin;
    }
}
