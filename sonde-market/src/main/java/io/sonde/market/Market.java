package io.sonde.market;

import io.sonde.loadgen.runner.SharedThread;
import io.sonde.loadgen.schedule.Schedule;
import org.agrona.concurrent.IdleStrategy;

import java.util.List;
import java.util.function.Consumer;

/**
 * Sonde as the venue of a trading application: it publishes a scripted feed on a schedule (SBE over UDP, FIX
 * market data on its acceptor, or both), accepts the application's order sessions, and matches each order to the
 * trigger that caused it. One thread does it all: the Artio engine, its library, the feed and, during a run, the
 * load agent.
 * <p>
 * Open it, tell the application where it is, {@link #awaitApplication wait for it}, then run one
 * {@link #step step} at a time with a {@code LoadRun} on {@link #loadThread()}. Close it at the end.
 */
public final class Market implements AutoCloseable
{
    /**
     * The most triggers awaiting their reaction at once, and so the load agent's in-flight capacity.
     */
    public static final int TRIGGER_CAPACITY = 65_536;

    private Market()
    {
    }

    /**
     * Start the acceptor (listening once this returns), the feed and the market's thread.
     *
     * @param settings what to open.
     * @param idle     how the market's thread waits for work.
     * @return the open market.
     */
    public static Market open(final MarketSettings settings, final IdleStrategy idle)
    {
        throw new UnsupportedOperationException("not yet");
    }

    /**
     * Wait until the application is ready: an order session is logged on and, when the feed has no UDP
     * destination, a FIX market data subscription covers every symbol.
     *
     * @param timeoutNanos how long to wait.
     * @param progress     told each step on the way, e.g. {@code APP logged on}.
     * @return true once ready; false if the time ran out first (or the waiting thread was interrupted).
     */
    public boolean awaitApplication(final long timeoutNanos, final Consumer<String> progress)
    {
        throw new UnsupportedOperationException("not yet");
    }

    /**
     * The next run or sweep step: a trigger every {@code triggerEvery}th event of {@code events}.
     *
     * @param events       the event schedule, at the event rate (not yet started).
     * @param triggerEvery N, at least 2: one event in N is a trigger.
     * @return the step, for one {@code LoadRun}; the previous step's run must be over.
     */
    public MarketStep step(final Schedule events, final int triggerEvery)
    {
        throw new UnsupportedOperationException("not yet");
    }

    /**
     * @return the market's thread, for the load agent to join ({@code RunConfig.sharedThread}).
     */
    public SharedThread loadThread()
    {
        throw new UnsupportedOperationException("not yet");
    }

    /**
     * @return the port the acceptor listens on.
     */
    public int fixPort()
    {
        throw new UnsupportedOperationException("not yet");
    }

    /**
     * @return the snapshot server's TCP port, or 0 without a UDP feed.
     */
    public int snapshotPort()
    {
        throw new UnsupportedOperationException("not yet");
    }

    /**
     * @return the SenderCompIDs of the order sessions logged on now.
     */
    public List<String> applications()
    {
        throw new UnsupportedOperationException("not yet");
    }

    /**
     * @return the settings it was opened with.
     */
    public MarketSettings settings()
    {
        throw new UnsupportedOperationException("not yet");
    }

    /**
     * Log the sessions out, stop the thread and release the ports.
     */
    public void close()
    {
    }
}
