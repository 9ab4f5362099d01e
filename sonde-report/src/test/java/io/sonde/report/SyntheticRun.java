package io.sonde.report;

import io.sonde.loadgen.record.IntervalLog;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * A run folder as {@code sonde run} leaves it ({@code summary.json} and {@code run.hlog}), its corrected latencies
 * drawn from a known distribution: {@code base} plus an exponential tail of mean {@code tail}, seeded, so that two
 * folders of one distribution differ only by their draws.
 */
final class SyntheticRun
{
    private static final long START_MS = 1_800_000_000_000L;

    private SyntheticRun()
    {
    }

    /**
     * @param rate         orders a second, each second one interval.
     * @param seconds      how many one-second intervals.
     * @param baseMicros   the latency every order has at least, µs.
     * @param tailMicros   the mean of the exponential tail above it, µs.
     * @param seed         the draws' seed.
     * @return the folder.
     */
    static Path write(final Path folder, final int rate, final int seconds, final double baseMicros,
        final double tailMicros, final long seed) throws IOException
    {
        Files.createDirectories(folder);
        final long sent = (long)rate * seconds;
        Files.writeString(folder.resolve("summary.json"), "{\"kind\": \"run\", \"targetRate\": " + rate +
            ", \"achievedRate\": " + rate + ", \"sent\": " + sent + ", \"acknowledged\": " + sent +
            ", \"intervalLogs\": [\"run.hlog\"], \"warmupSeconds\": 0}");
        final SplittableRandom random = new SplittableRandom(seed);
        try (IntervalLog log = new IntervalLog(folder.resolve("run.hlog"), START_MS, "synthetic run"))
        {
            for (int second = 0; second < seconds; second++)
            {
                final Histogram interval = new Histogram(3);
                interval.setTag("corrected");
                interval.setStartTimeStamp(START_MS + second * 1000L);
                interval.setEndTimeStamp(START_MS + (second + 1) * 1000L);
                for (int i = 0; i < rate; i++)
                {
                    final double micros = baseMicros - tailMicros * Math.log(1 - random.nextDouble());
                    interval.recordValue(Math.round(micros * 1000));
                }
                log.write(interval);
            }
        }
        return folder;
    }
}
