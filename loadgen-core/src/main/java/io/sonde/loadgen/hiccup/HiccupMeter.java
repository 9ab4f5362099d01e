package io.sonde.loadgen.hiccup;

import io.sonde.loadgen.record.SeriesRecorder;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Measures the stalls this process suffers, whatever their cause (GC, safepoints, the hypervisor
 * taking the vCPU away), the way jHiccup does: a thread asks to sleep for a fixed short time and
 * records how much longer than its shortest observed sleep it actually took.
 * <p>
 * A long stall stands for the samples the sleeping thread could not take meanwhile, so values are
 * recorded with the sampling interval as the expected interval (coordinated-omission correction).
 * Runs beside every load run so a pause in Sonde is never blamed on the system under test.
 */
public final class HiccupMeter implements AutoCloseable
{
    public static final String TAG = "hiccup";
    public static final long DEFAULT_RESOLUTION_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final SeriesRecorder series;
    private final long resolutionNanos;
    private final Thread thread;
    private volatile boolean running = true;

    public HiccupMeter(final SeriesRecorder series, final long resolutionNanos)
    {
        if (resolutionNanos <= 0)
        {
            throw new IllegalArgumentException("hiccup resolution must be positive: " + resolutionNanos + "ns");
        }
        this.series = series;
        this.resolutionNanos = resolutionNanos;
        this.thread = new Thread(this::sampleUntilClosed, "sonde-hiccup");
        this.thread.setDaemon(true);
    }

    public HiccupMeter start()
    {
        thread.start();
        return this;
    }

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
            series.recordWithExpectedInterval(elapsed - shortestNanos, resolutionNanos);
        }
    }
}
