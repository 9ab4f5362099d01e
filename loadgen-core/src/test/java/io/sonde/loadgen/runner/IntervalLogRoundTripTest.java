package io.sonde.loadgen.runner;

import io.sonde.api.MeasuredSpan;
import io.sonde.loadgen.idle.CompilerActivity;
import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.loadgen.record.SeriesTotals;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.loadgen.transport.Transport;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a run records, its own series and a transport's lifecycle stages, is exactly what HdrHistogram's own
 * reader gets back from the interval log, per tag.
 */
@Timeout(60)
class IntervalLogRoundTripTest
{
    @Test
    void everyTagReadsBackAsTheHistogramTheRunRecorded(@TempDir final Path dir) throws FileNotFoundException
    {
        final PhasedSeries stage = new PhasedSeries("send");
        final EchoingTransport echo = new EchoingTransport(SystemNanoClock.INSTANCE);
        final Transport stageRecordingTransport = new Transport()
        {
            public boolean trySend(final long requestId, final long intendedNanos)
            {
                stage.seriesFor(intendedNanos).recordSend(intendedNanos, System.nanoTime());
                return echo.trySend(requestId, intendedNanos);
            }

            public int poll(final CompletionHandler handler)
            {
                return echo.poll(handler);
            }
        };
        final RunConfig config = new RunConfig(
            new ConstantRateSchedule(2_000),
            RunTiming.of(Duration.ofMillis(500), Duration.ofMillis(1_500), Duration.ofSeconds(1)))
            .idleStrategy(new YieldingIdleStrategy())
            .intervalNanos(Duration.ofMillis(250).toNanos())
            .outputDir(dir)
            .logName("roundtrip")
            .stages(List.of(stage));

        final RunResult result = new LoadRun(config).execute(stageRecordingTransport);

        assertEquals(dir.resolve("roundtrip.hlog"), result.intervalLog());
        final SeriesTotals readBack = readLog(result.intervalLog());
        for (final String tag : List.of("corrected", "uncorrected", "lateness", "hiccup",
            "warmup-corrected", "warmup-uncorrected", "warmup-lateness", "warmup-hiccup",
            "send.lateness", "warmup-send.lateness"))
        {
            final Histogram recorded = result.totals().get(tag);
            assertTrue(recorded.getTotalCount() > 0, "recorded something under " + tag);
            assertEquals(recorded, readBack.get(tag), "tag " + tag);
        }
        assertEquals(result.measurement().sent(), result.totals().get("corrected").getTotalCount());
        assertTrue(result.measurement().balances());
        assertEquals(result.measurement().sent(), result.totals().get("send.lateness").getTotalCount());
    }

    @Test
    void measuredIntervalsTheCompilerWorkedInAreMarkedAndTheLogStillReadsBack(@TempDir final Path dir)
        throws IOException
    {
        final CompilerActivity alwaysCompiling =
            new CompilerActivity(System::currentTimeMillis, () -> System.currentTimeMillis() / 2);
        final RunConfig config = new RunConfig(
            new ConstantRateSchedule(2_000),
            RunTiming.of(Duration.ofMillis(500), Duration.ofMillis(1_000), Duration.ofSeconds(1)))
            .idleStrategy(new YieldingIdleStrategy())
            .intervalNanos(Duration.ofMillis(250).toNanos())
            .outputDir(dir)
            .logName("jit")
            .compiler(alwaysCompiling);

        final RunResult result = new LoadRun(config).execute(new EchoingTransport(SystemNanoClock.INSTANCE));

        final List<String> marks = Files.readAllLines(result.intervalLog()).stream()
            .filter(line -> line.startsWith("#[jit busy ")).toList();
        assertFalse(result.compilerBusy().isEmpty());
        assertEquals(result.compilerBusy().size(), marks.size(), String.join("\n", marks));
        for (final MeasuredSpan span : result.compilerBusy())
        {
            assertTrue(span.fromSeconds() >= 0 && span.toSeconds() <= 1.0 && span.seconds() > 0, span.toString());
        }
        final SeriesTotals readBack = readLog(result.intervalLog());
        assertEquals(result.totals().get("corrected"), readBack.get("corrected"));
    }

    private static SeriesTotals readLog(final Path log) throws FileNotFoundException
    {
        final SeriesTotals totals = new SeriesTotals();
        final HistogramLogReader reader = new HistogramLogReader(log.toFile());
        EncodableHistogram interval;
        while ((interval = reader.nextIntervalHistogram()) != null)
        {
            assertNotNull(interval.getTag(), "every interval is tagged");
            totals.add((Histogram)interval);
        }
        return totals;
    }
}
