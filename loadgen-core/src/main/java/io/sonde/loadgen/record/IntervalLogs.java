package io.sonde.loadgen.record;

import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The interval logs of one load run: one log, or, for a measured window repeated as several runs back to back
 * ({@code --repeat}), one log per run, each a whole {@link IntervalLog} with its own header and start time.
 * <p>
 * The first log is {@code NAME.hlog} and holds the warm-up too; run {@code k} after it is {@code NAME-k.hlog}, so a
 * run measured once is written exactly as before, and a reader that knows only {@code NAME.hlog} still finds the
 * first run. Each log holds the intervals closed while its run lasted; what is logged in one interval is what came
 * back in it, as in any run, so an answer to a request due just before a boundary is in the next run's log.
 * <p>
 * Threads: one thread writes intervals and starts the next run; {@link #comment} may come from any thread, and lands
 * whole in one log or the other.
 */
public final class IntervalLogs implements AutoCloseable
{
    /** How an interval log's name ends. */
    public static final String SUFFIX = ".hlog";

    private final Path folder;
    private final String name;
    private final String description;
    private final List<Path> files = new ArrayList<>();
    private IntervalLog current;

    /**
     * Create the first run's log and write its header.
     *
     * @param folder       where the logs go; it must exist.
     * @param name         the logs' name without {@value #SUFFIX}, e.g. {@code run}.
     * @param startEpochMs the run's start in epoch milliseconds.
     * @param description  one comment line saying what produced the logs.
     */
    public IntervalLogs(final Path folder, final String name, final long startEpochMs, final String description)
    {
        this.folder = folder;
        this.name = name;
        this.description = description;
        current = open(startEpochMs);
    }

    /**
     * @param name the logs' name without {@value #SUFFIX}, e.g. {@code run}.
     * @param run  counted from 1.
     * @return the file name of that run's log: {@code run.hlog} for the first, {@code run-2.hlog} for the second.
     */
    public static String fileName(final String name, final int run)
    {
        if (run < 1)
        {
            throw new IllegalArgumentException("runs are counted from 1: " + run);
        }
        return run == 1 ? name + SUFFIX : name + "-" + run + SUFFIX;
    }

    /**
     * Append one interval to the current run's log.
     */
    public synchronized void write(final Histogram interval)
    {
        current.write(interval);
    }

    /**
     * Append a comment line to the current run's log; see {@link IntervalLog#comment}.
     */
    public synchronized void comment(final String text)
    {
        if (current != null)
        {
            current.comment(text);
        }
    }

    /**
     * Close the current run's log and open the next run's, whose interval times count from {@code startEpochMs}.
     */
    public synchronized void startNextRun(final long startEpochMs)
    {
        current.close();
        current = open(startEpochMs);
    }

    /**
     * @return how many runs have a log so far.
     */
    public synchronized int runs()
    {
        return files.size();
    }

    /**
     * @return every log written, in run order.
     */
    public synchronized List<Path> files()
    {
        return List.copyOf(files);
    }

    public synchronized void close()
    {
        if (current != null)
        {
            current.close();
            current = null;
        }
    }

    private IntervalLog open(final long startEpochMs)
    {
        final int run = files.size() + 1;
        final Path file = folder.resolve(fileName(name, run));
        final IntervalLog log = new IntervalLog(file, startEpochMs, run == 1 ? description :
            description + " (measured run " + run + ")");
        files.add(file);
        return log;
    }
}
