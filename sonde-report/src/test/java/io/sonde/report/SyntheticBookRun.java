package io.sonde.report;

import io.sonde.loadgen.record.IntervalLog;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A book run's folder as {@code sonde run --flow book} leaves it: {@code summary.json} with its {@code book} object,
 * and {@code run.hlog} with the corrected series and each action's stage, whose latencies are drawn, seeded, from
 * {@code base} plus an exponential tail of half that mean.
 */
final class SyntheticBookRun
{
    private static final long START_MS = 1_800_000_000_000L;
    private static final int RATE = 1000;
    private static final int SECONDS = 30;

    private SyntheticBookRun()
    {
    }

    /**
     * @param orderToTrade  the achieved ratio, or null for a run in which nothing traded.
     * @param resting       orders resting at the end.
     * @param stageMicros   each stage's base latency, µs, keyed by its name.
     * @return the folder.
     */
    static Path write(final Path folder, final Double orderToTrade, final double cancelShare, final int resting,
        final Map<String, Double> stageMicros, final long seed) throws IOException
    {
        Files.createDirectories(folder);
        final long sent = (long)RATE * SECONDS;
        Files.writeString(folder.resolve("summary.json"), String.format(Locale.ROOT, "{\"kind\": \"run\", " +
            "\"targetRate\": %d, \"achievedRate\": %d, \"sent\": %d, \"acknowledged\": %d, \"intervalLogs\": " +
            "[\"run.hlog\"], \"warmupSeconds\": 0, \"book\": {\"depth\": 10, \"restingTarget\": 80, " +
            "\"restingAtStart\": 80, \"targetOrderToTrade\": 25, \"targetCancelShare\": 0.8, %s\"cancelShare\": %s, " +
            "\"passive\": 100, \"aggressive\": 10, \"cancels\": 80, \"replaces\": 10, \"trades\": 8, " +
            "\"cancelled\": 80, \"replaced\": 10, \"restingFills\": 8, \"closeOut\": {\"method\": \"one-by-one\", " +
            "\"resting\": %d, \"cancelled\": %d, \"refused\": 0, \"left\": 0}, \"restingBySecond\": [40, 80, 80], " +
            "\"warnings\": []}}", RATE, RATE, sent, sent, orderToTrade == null ? "" : "\"orderToTrade\": " +
            orderToTrade + ", ", cancelShare, resting, resting));
        final SplittableRandom random = new SplittableRandom(seed);
        try (IntervalLog log = new IntervalLog(folder.resolve("run.hlog"), START_MS, "synthetic book run"))
        {
            for (int second = 0; second < SECONDS; second++)
            {
                log.write(interval("corrected", second, 100, random));
                for (final Map.Entry<String, Double> stage : stageMicros.entrySet())
                {
                    log.write(interval(stage.getKey() + ".corrected", second, stage.getValue(), random));
                }
            }
        }
        return folder;
    }

    private static Histogram interval(
        final String tag, final int second, final double baseMicros, final SplittableRandom random)
    {
        final Histogram interval = new Histogram(3);
        interval.setTag(tag);
        interval.setStartTimeStamp(START_MS + second * 1000L);
        interval.setEndTimeStamp(START_MS + (second + 1) * 1000L);
        for (int i = 0; i < RATE; i++)
        {
            interval.recordValue(Math.round((baseMicros - baseMicros / 2 * Math.log(1 - random.nextDouble())) * 1000));
        }
        return interval;
    }
}
