package io.sonde.inprocess.run;

import io.sonde.api.RunOptions.Progress;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The console a run, sweep or replay prints to while it works, shown as its {@link Progress} asks. What is printed
 * through it as a {@link PrintWriter} (what the run is doing: logged on, warm-up done, a step's result) is a line
 * of its own, except under {@link Progress#QUIET}, which prints nothing; {@link #progress} is an interval's line:
 * <ul>
 * <li>{@link Progress#IN_PLACE}: one line rewritten in place (carriage return, then the line cleared after it), cut
 * to the terminal's width so that it never wraps, and erased before any other line is printed;</li>
 * <li>{@link Progress#EVERY_FEW_SECONDS}: a measured interval's line once {@link Progress#PERIOD_SECONDS} have
 * passed since the last line of any kind, so a log shows the run is alive without a line a second; a warm-up's
 * intervals are not printed, its end is;</li>
 * <li>{@link Progress#QUIET}: nothing.</li>
 * </ul>
 * {@link #once} prints a setup line the first time only, so that the steps of a sweep, which log on and lay out
 * their threads alike, say so once. The interval thread and the caller's both print: everything happens under the
 * writer's lock.
 */
public final class ProgressConsole extends PrintWriter
{
    /** Erases the rest of the terminal's line after the cursor (ANSI "erase in line"). */
    static final String CLEAR_TO_END = "\033[K";
    /** A line due every few seconds may come this much early: the intervals tick once a second, never exactly. */
    private static final long EARLY_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    private final Gate gate;
    private final Set<String> onceKeys = new HashSet<>();

    private ProgressConsole(final Gate gate)
    {
        super(gate, true);
        this.gate = gate;
    }

    /**
     * @param target  where the lines go; flushed, never closed.
     * @param columns the terminal's width, for {@link Progress#IN_PLACE}.
     */
    public static ProgressConsole of(final PrintWriter target, final Progress progress, final int columns)
    {
        return of(target, progress, columns, System::nanoTime);
    }

    /**
     * @param clock nanoseconds, as {@link System#nanoTime()}: when the last line was printed.
     */
    static ProgressConsole of(
        final PrintWriter target, final Progress progress, final int columns, final LongSupplier clock)
    {
        return new ProgressConsole(new Gate(target, progress, columns, clock));
    }

    /**
     * @param line     the latest interval's line, without a line end.
     * @param measured whether the interval was measured: a warm-up's is shown in place only.
     */
    public void progress(final String line, final boolean measured)
    {
        synchronized (lock)
        {
            gate.progress(line, measured);
        }
    }

    /**
     * Print a setup line the first time its key comes, and nothing after.
     *
     * @param key  what the line is about, e.g. {@code logon}.
     * @param line the line, without a line end.
     */
    public void once(final String key, final String line)
    {
        synchronized (lock)
        {
            if (onceKeys.add(key))
            {
                println(line);
            }
        }
    }

    /**
     * Erase an in-place line still shown, so that what the caller prints next starts on a clean line; the target
     * stays open.
     */
    public void close()
    {
        synchronized (lock)
        {
            gate.erase();
            flush();
        }
    }

    /**
     * The writer under the {@link PrintWriter}: every character printed passes here, line ends included, so that an
     * in-place line is erased before it and the time of the last line is known.
     */
    private static final class Gate extends Writer
    {
        private final PrintWriter target;
        private final Progress progress;
        private final int columns;
        private final LongSupplier clock;
        private final long periodNanos = TimeUnit.SECONDS.toNanos(Progress.PERIOD_SECONDS);
        private boolean shown;
        private long lastLineNanos;

        Gate(final PrintWriter target, final Progress progress, final int columns, final LongSupplier clock)
        {
            this.target = target;
            this.progress = progress;
            this.columns = columns;
            this.clock = clock;
            this.lastLineNanos = clock.getAsLong();
        }

        public void write(final char[] text, final int offset, final int length)
        {
            if (progress == Progress.QUIET || length == 0)
            {
                return;
            }
            erase();
            target.write(text, offset, length);
            if (text[offset + length - 1] == '\n')
            {
                lastLineNanos = clock.getAsLong();
            }
        }

        void progress(final String line, final boolean measured)
        {
            switch (progress)
            {
                case IN_PLACE ->
                {
                    target.write("\r" + (line.length() < columns ? line : line.substring(0, columns - 1)) +
                        CLEAR_TO_END);
                    target.flush();
                    shown = true;
                }
                case EVERY_FEW_SECONDS ->
                {
                    final long now = clock.getAsLong();
                    if (measured && now - lastLineNanos >= periodNanos - EARLY_NANOS)
                    {
                        target.println(line);
                        target.flush();
                        lastLineNanos = now;
                    }
                }
                case QUIET ->
                {
                }
            }
        }

        void erase()
        {
            if (shown)
            {
                target.write("\r" + CLEAR_TO_END);
                shown = false;
            }
        }

        public void flush()
        {
            target.flush();
        }

        public void close()
        {
            flush();
        }
    }
}
