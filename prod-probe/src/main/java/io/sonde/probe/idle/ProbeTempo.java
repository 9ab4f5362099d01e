package io.sonde.probe.idle;

/**
 * When the probe's threads must be awake. A probe sends one order a second and spends the rest of it
 * waiting; threads that poll every millisecond all the time would cost more than the probe's whole budget,
 * while threads that sleep long would add their sleep to every latency measured. So the probe thread says
 * when an order is due and while answers are awaited ("hot"), and every agent polls closely then and
 * sleeps long otherwise. Written by the probe thread only; read by every agent.
 */
public final class ProbeTempo
{
    private volatile boolean hot = true;
    private volatile long nextHotNanos;

    /**
     * @param hot          whether answers are awaited or an order is about to go.
     * @param nextHotNanos when the next order is due to make the threads hot again (nanoTime).
     */
    public void set(final boolean hot, final long nextHotNanos)
    {
        this.nextHotNanos = nextHotNanos;
        this.hot = hot;
    }

    boolean isHot()
    {
        return hot;
    }

    long nextHotNanos()
    {
        return nextHotNanos;
    }
}
