package io.sonde.inprocess.run;

import io.sonde.api.Limits;
import io.sonde.api.RunSummary;
import io.sonde.fix.client.session.Credentials;
import io.sonde.loadgen.record.IntervalSnapshot;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.time.Latency;
import org.agrona.IoUtil;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Warms the whole order path before a sweep's first measured step, so that the first step is as warm as the
 * others. A fresh process is not: the JIT compiles a method after thousands of calls, and a fresh exchange stalls
 * its path for about 20 ms every second or two in its first seconds; a first step at 1k/s showed p99 16 ms against
 * 2.4 ms at 2k/s, and against 1.6 ms for a second step at the same 1k/s (docs/benchmarks.md).
 * <p>
 * One unrecorded run at the first step's own rate (within a venue's message cap) that goes on until the latency
 * settles by {@link SettlingRule#forWarmup}: a few intervals in a row whose p99 is within a bound times
 * the lowest p50 of any interval so far (the path's quiet latency: while it is not warm, the median rises too), for
 * at least {@link #SHORTEST} and at most {@link #LONGEST}. At the first step's rate, not faster: a faster
 * warm-up that the system cannot yet keep up with queues, and the queue's aftermath lands in the first step.
 */
final class PathWarmup
{
    static final Duration SHORTEST = Duration.ofSeconds(10);
    static final Duration LONGEST = Duration.ofSeconds(45);

    /**
     * What the warm-up ran.
     *
     * @param line one line for the console and the sweep's summary.
     * @param run  its summary, as a step's: how long it measured.
     */
    record Warmed(String line, RunSummary run)
    {
    }

    private PathWarmup()
    {
    }

    /**
     * @param firstRate   the sweep's first step's rate.
     * @param messageSize the first step's message size, or null.
     * @param stop        the sweep's: a stop during the warm-up ends it and the sweep.
     * @return what the warm-up ran.
     */
    static Warmed run(
        final LoadPlan load,
        final TargetSystem system,
        final Credentials credentials,
        final Limits limits,
        final double firstRate,
        final Integer messageSize,
        final Path stateFolder,
        final ProgressConsole console,
        final StopSignal stop)
    {
        final double rate = rate(load, firstRate);
        final Path scratch = scratchFolder();
        final Settling settling = new Settling(stop);
        try
        {
            final RunSummary warmup = new FixStep(rate, Duration.ZERO, LONGEST, limits, messageSize, false)
                .execute(load, system, credentials, scratch, stateFolder, new StepReporting(console,
                "[warm-up]", "warm-up: ", List.of(), settling, settling.signal(), "warm-up"));
            final String line = String.format(Locale.ROOT, "warmed the path for %.1f s at %.0f/s (%d lifecycles, " +
                "unrecorded) %s", warmup.measuredSeconds(), rate, warmup.sent(), settling.settled() ?
                "until p99 settled at " + Latency.formatNanos(settling.lastP99Nanos()) : stop.requested() ?
                "until a stop ended it" : "without p99 settling within " + LONGEST.toSeconds() + " s");
            console.println("[warm-up] " + line);
            return new Warmed(line, warmup);
        }
        finally
        {
            IoUtil.delete(scratch.toFile(), true);
        }
    }

    static double rate(final LoadPlan load, final double firstRate)
    {
        final int capPerSession = load.load().maxMessagesPerSession().orElse(0);
        return capPerSession == 0 ? firstRate :
            Math.min(firstRate, capPerSession * (double)load.sessions());
    }

    private static Path scratchFolder()
    {
        try
        {
            return Files.createTempDirectory("sonde-warm-up");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create a folder for the path's warm-up", ex);
        }
    }

    /**
     * Ends the warm-up once its intervals settle, on the reporting thread; a stop of the sweep ends it too.
     */
    private static final class Settling implements IntervalListener
    {
        private final StopSignal sweepStop;
        private final StopSignal warmupStop = new StopSignal();
        private final SettlingRule rule = SettlingRule.forWarmup(SHORTEST, LONGEST);
        private volatile boolean settled;

        Settling(final StopSignal sweepStop)
        {
            this.sweepStop = sweepStop;
        }

        StopSignal signal()
        {
            return warmupStop;
        }

        public void onInterval(final IntervalSnapshot interval)
        {
            if (sweepStop.requested())
            {
                warmupStop.request();
                return;
            }
            if (interval.last() || interval.correctedCount() == 0)
            {
                return;
            }
            final SettlingRule.Verdict verdict = rule.onInterval(
                interval.correctedP50Nanos(), interval.correctedP99Nanos(), interval.elapsedSeconds());
            if (verdict == SettlingRule.Verdict.SETTLED)
            {
                settled = true;
                warmupStop.request();
            }
            else if (verdict == SettlingRule.Verdict.GAVE_UP)
            {
                warmupStop.request();
            }
        }

        boolean settled()
        {
            return settled;
        }

        long lastP99Nanos()
        {
            return rule.lastP99Nanos();
        }
    }
}
