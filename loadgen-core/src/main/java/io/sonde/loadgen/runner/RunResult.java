package io.sonde.loadgen.runner;

import io.sonde.api.MeasuredSpan;
import io.sonde.loadgen.record.SeriesTotals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The outcome of one load run: counts, whole-run histograms per series, and the health signals that
 * say whether the numbers can be trusted.
 *
 * @param targetRatePerSecond   the schedule's mean rate.
 * @param achievedRatePerSecond measured requests sent per second of the measurement window (a late
 *                              generator stretches the window, so falling behind lowers this).
 * @param measuredSeconds       the configured measurement duration, or the part of it run before a stop cut it
 *                              short.
 * @param measurement           outcomes of requests intended inside the measurement window.
 * @param warmup                outcomes of warm-up requests (logged, not reported as results).
 * @param unsent                requests due in the window that Sonde never managed to send.
 * @param lateResponses         answers for requests that had already timed out or been answered.
 * @param unknownResponses      answers for ids this run never issued.
 * @param backPressureEvents    sends refused by the transport and retried.
 * @param windowFullEvents      times a due request waited for in-flight room.
 * @param rejectReasons         reject count per reason code (only codes seen).
 * @param outOfRange            per series tag, values clamped into the trackable range (only tags with any).
 * @param totals                whole-run histograms per tag, in nanoseconds.
 * @param intervalLogs          the {@code .hlog} files written, one per measured run ({@link RunConfig#runs}), in run
 *                              order; empty when the run kept results in memory.
 * @param startEpochMs          wall-clock start of the run.
 * @param cutShort              a stop (Ctrl-C, SIGTERM) ended the schedule before its measurement window did.
 * @param measureStartNanos     where the measurement started, {@link System#nanoTime()}: after the warm-up, which a
 *                              {@link WarmupGate} may have made longer than planned.
 * @param warmupSeconds         how long the warm-up lasted.
 * @param compilerBusy          the measured intervals during which this JVM's JIT compiler was busy, when the run
 *                              looked at it ({@link RunConfig#compiler}).
 */
public record RunResult(
    double targetRatePerSecond,
    double achievedRatePerSecond,
    double measuredSeconds,
    OutcomeCounts measurement,
    OutcomeCounts warmup,
    long unsent,
    long lateResponses,
    long unknownResponses,
    long backPressureEvents,
    long windowFullEvents,
    Map<Integer, Long> rejectReasons,
    Map<String, Long> outOfRange,
    SeriesTotals totals,
    List<Path> intervalLogs,
    long startEpochMs,
    boolean cutShort,
    long measureStartNanos,
    double warmupSeconds,
    List<MeasuredSpan> compilerBusy)
{
    /**
     * @return the first run's {@code .hlog}, which holds the warm-up too; null when the run kept results in memory.
     */
    public Path intervalLog()
    {
        return intervalLogs.isEmpty() ? null : intervalLogs.get(0);
    }
}
