package io.sonde.agent;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Measures the stalls a process suffers, whatever their cause (GC, safepoints, the hypervisor taking the vCPU
 * away, a SIGSTOP), the way jHiccup does: a daemon thread asks to sleep for the resolution and reports how much
 * longer than its shortest observed sleep it actually took.
 * <p>
 * Each sample goes to the {@link Sink} with the resolution as its expected interval: a long stall stands for the
 * samples the sleeping thread could not take meanwhile, and a sink that records with coordinated-omission
 * correction fills them in.
 */
public final class HiccupSampler implements AutoCloseable
{
    /**
     * Where the samples go; called on the sampling thread only.
     */
    @FunctionalInterface
    public interface Sink
    {
        /**
         * @param hiccupNanos           how much longer than the shortest sleep this one took.
         * @param expectedIntervalNanos the resolution: how often a sample was due.
         */
        void onSample(long hiccupNanos, long expectedIntervalNanos);
    }

    private final long resolutionNanos;
    private final Sink sink;
    private final Thread thread;
    private volatile boolean running = true;

    /**
     * @param threadName      the sampling thread's name, as thread dumps and profilers show it.
     * @param resolutionNanos how long each sleep asks for; shorter sees shorter hiccups and wakes more often.
     * @param sink            where each sample goes.
     */
    public HiccupSampler(final String threadName, final long resolutionNanos, final Sink sink)
    {
        if (resolutionNanos <= 0)
        {
            throw new IllegalArgumentException("hiccup resolution must be positive: " + resolutionNanos + "ns");
        }
        this.resolutionNanos = resolutionNanos;
        this.sink = sink;
        this.thread = new Thread(this::sampleUntilClosed, threadName);
        // A measuring thread must never keep the process it measures alive.
        this.thread.setDaemon(true);
    }

    public HiccupSampler start()
    {
        thread.start();
        return this;
    }

    /**
     * Stop sampling and wait for the thread to finish its last sample, so the sink holds every sample taken.
     */
    public void close()
    {
        running = false;
        LockSupport.unpark(thread);
        try
        {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    private void sampleUntilClosed()
    {
        // The shortest sleep seen so far is the sleep's own cost on this host; only the excess is a hiccup.
        long shortestNanos = Long.MAX_VALUE;
        while (running)
        {
            final long before = System.nanoTime();
            LockSupport.parkNanos(resolutionNanos);
            final long elapsed = System.nanoTime() - before;
            if (!running)
            {
                break;
            }
            shortestNanos = Math.min(shortestNanos, elapsed);
            sink.onSample(elapsed - shortestNanos, resolutionNanos);
        }
    }
}
