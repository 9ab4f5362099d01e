package io.sonde.agent;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Records this JVM's hiccups into a log file until closed: a {@link HiccupSampler} feeds a recorder, and a
 * second daemon thread writes one interval of it to the log every interval, so file writes never delay a sample.
 * What the agent starts in any JVM, and what a Sonde process can start in itself to leave the same log.
 */
public final class HiccupRecording implements AutoCloseable
{
    /**
     * The tag of every interval in a hiccup log, the same as the hiccup series of a Sonde run's log.
     */
    public static final String TAG = "hiccup";

    /**
     * Longer stalls are recorded as this long: an hour is beyond any pause worth telling apart.
     */
    static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.HOURS.toNanos(1);

    private static final int SIGNIFICANT_DIGITS = 3;

    private final AgentOptions options;
    private final HiccupLogWriter log;
    private final SingleWriterRecorder recorder = new SingleWriterRecorder(1, HIGHEST_TRACKABLE_NANOS,
        SIGNIFICANT_DIGITS);
    private final HiccupSampler sampler;
    private final Thread logThread;
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean logging = true;

    private HiccupRecording(final AgentOptions options, final long pid) throws IOException
    {
        this.options = options;
        this.log = new HiccupLogWriter(options, pid, System.currentTimeMillis());
        this.sampler = new HiccupSampler("sonde-hiccup-sampler", options.resolutionNanos(), this::record);
        this.logThread = new Thread(this::logUntilClosed, "sonde-hiccup-log");
        this.logThread.setDaemon(true);
    }

    /**
     * Create the log, write its header and start sampling.
     *
     * @throws IOException when the log cannot be created; nothing is started then.
     */
    public static HiccupRecording start(final AgentOptions options) throws IOException
    {
        final HiccupRecording recording = new HiccupRecording(options, ProcessHandle.current().pid());
        recording.sampler.start();
        recording.logThread.start();
        return recording;
    }

    public Path logFile()
    {
        return options.logFile();
    }

    /**
     * Stop sampling, write the last interval and close the log. Safe to call more than once, e.g. by a shutdown
     * hook after the owner closed it.
     */
    public void close()
    {
        if (!closed.compareAndSet(false, true))
        {
            return;
        }
        sampler.close();
        logging = false;
        LockSupport.unpark(logThread);
        try
        {
            logThread.join(TimeUnit.SECONDS.toMillis(5));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    private void record(final long hiccupNanos, final long expectedIntervalNanos)
    {
        recorder.recordValueWithExpectedInterval(Math.min(hiccupNanos, HIGHEST_TRACKABLE_NANOS),
            expectedIntervalNanos);
    }

    private void logUntilClosed()
    {
        // Only this thread touches the log file, so close() never races a write.
        final long intervalNanos = options.intervalNanos();
        Histogram interval = null;
        long nextWriteNanos = System.nanoTime() + intervalNanos;
        try
        {
            while (logging)
            {
                final long waitNanos = nextWriteNanos - System.nanoTime();
                if (waitNanos > 0)
                {
                    LockSupport.parkNanos(waitNanos);
                    continue;
                }
                interval = recorder.getIntervalHistogram(interval);
                log.write(interval);
                // After a stall longer than an interval, the next interval starts now rather than catching up
                // with empty intervals the stall has already accounted for.
                while (nextWriteNanos <= System.nanoTime())
                {
                    nextWriteNanos += intervalNanos;
                }
            }
            log.write(recorder.getIntervalHistogram(interval));
        }
        catch (final IOException ex)
        {
            System.err.println("sonde-agent: stopped recording hiccups: " + ex.getMessage());
            sampler.close();
        }
        finally
        {
            log.close();
        }
    }
}
