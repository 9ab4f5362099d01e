package io.sonde.loadgen.runner;

import io.sonde.api.MeasuredSpan;
import io.sonde.api.RunFailedException;
import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.IntervalLogs;
import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.loadgen.record.SeriesRecorder;
import io.sonde.loadgen.record.SeriesTotals;
import io.sonde.loadgen.transport.Transport;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.SystemNanoClock;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one load run end to end: the {@link LoadAgent} on its own {@link AgentRunner} thread, or on the
 * transport's {@link SharedThread} when it has one, the hiccup meter and the interval reporter beside it on
 * sleeping threads, then collects a {@link RunResult}.
 */
public final class LoadRun
{
    /**
     * The first request is intended slightly after set-up so thread start-up is not charged as lateness.
     */
    private static final long START_LEAD_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long POLL_FOR_END_MILLIS = 5;

    private final RunConfig config;
    private final PhasedSeries runSeries = new PhasedSeries("");
    private final SeriesRecorder hiccupSeries = new SeriesRecorder(HiccupMeter.TAG);
    private final RunCounters counters = new RunCounters();
    private final SeriesTotals totals = new SeriesTotals();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile LoadAgent agent;
    private volatile IntervalLogs openLog;

    public LoadRun(final RunConfig config)
    {
        this.config = config;
    }

    /**
     * Drive {@code transport} through the configured schedule and wait until every request has ended.
     *
     * @param transport connected and ready; polled only from the load thread during the run.
     * @return the run's result.
     * @throws RunFailedException if the transport threw during the run.
     */
    public RunResult execute(final Transport transport)
    {
        final LoadAgent agent = new LoadAgent(
            SystemNanoClock.INSTANCE,
            config.schedule(),
            transport,
            config.timing(),
            config.inFlightCapacity(),
            config.maxSendsPerCycle(),
            runSeries.warmup(),
            runSeries.measured(),
            counters);
        this.agent = agent;
        final List<PhasedSeries> allSeries = new ArrayList<>();
        allSeries.add(runSeries);
        allSeries.addAll(config.stages());
        if (config.warmupGate() != null)
        {
            agent.warmUntil(config.warmupGate(), measureStart -> beginMeasurement(allSeries, measureStart));
        }

        final long startEpochMs = System.currentTimeMillis();
        final long startNanos = System.nanoTime() + START_LEAD_NANOS;
        agent.begin(startNanos);
        beginMeasurement(allSeries, agent.measureStartNanos());

        final IntervalLogs log = config.outputDir() == null ? null : new IntervalLogs(
            config.outputDir(),
            config.logName(),
            startEpochMs,
            "Sonde interval log: " + config.schedule() + ", latencies in ns");
        openLog = log;
        final IntervalReporter reporter = new IntervalReporter(
            agent, allSeries, config.hops(), hiccupSeries, log, config.runs(), totals, config.listener(),
            config.intervalNanos(), startNanos, config.timing().measureNanos(), config.compiler());

        try (HiccupMeter ignored = new HiccupMeter(hiccupSeries, config.hiccupResolutionNanos()).start();
            AutoCloseable loadThread = startLoadThread(agent))
        {
            reporter.start();
            awaitEnd(agent);
        }
        catch (final Exception ex)
        {
            onError(ex);
        }
        finally
        {
            reporter.close();
            openLog = null;
            if (log != null)
            {
                log.close();
            }
        }

        final Throwable error = failure.get();
        if (error != null)
        {
            throw new RunFailedException("the load run failed: " + error.getMessage(), error);
        }

        return result(agent, log, startEpochMs, startNanos, allSeries, reporter.compilerBusy());
    }

    /**
     * Where the measurement starts, for every series that splits its requests by phase: before the load thread
     * starts, and on it when a warm-up gate moves the start. Indexed loops: no lambda is made per call.
     */
    private void beginMeasurement(final List<PhasedSeries> allSeries, final long measureStartNanos)
    {
        for (int i = 0; i < allSeries.size(); i++)
        {
            allSeries.get(i).begin(measureStartNanos);
        }
        final List<HopSeries> hops = config.hops();
        for (int i = 0; i < hops.size(); i++)
        {
            hops.get(i).begin(measureStartNanos);
        }
    }

    /**
     * Ask a run in progress to stop sending; requests already sent still drain. Safe from any thread.
     */
    public void requestStop()
    {
        final LoadAgent current = agent;
        if (current != null)
        {
            current.requestStop();
        }
    }

    /**
     * Mark the interval log, while the run writes it, with a comment line (a fault's start, say), so latency over
     * time shows where it happened: the log of the run under way, when the measured window is several runs. Safe
     * from any thread; nothing is written once the log has closed.
     */
    public void markLog(final String text)
    {
        final IntervalLogs log = openLog;
        if (log != null)
        {
            log.comment(text);
        }
    }

    /**
     * @return when the measured window starts (System.nanoTime), once that is settled; 0 before the run has begun
     *         and while a warm-up that waits for the JIT may still move it. Safe from any thread: a fault schedule
     *         waits on it, so a fault due 5 s into the measurement never lands in a prolonged warm-up.
     */
    public long measureStartNanos()
    {
        final LoadAgent current = agent;
        return current == null || !current.measureStartSettled() ? 0 : current.measureStartNanos();
    }

    /**
     * @return the requests timed out so far, warm-up and measured: the count the run's failures report. Safe from
     *         any thread.
     */
    public long timedOut()
    {
        return counters.warmup().timedOut() + counters.measurement().timedOut();
    }

    /**
     * @return whether the run has begun and every request has ended, or the drain expired. Safe from any thread.
     */
    public boolean isFinished()
    {
        final LoadAgent current = agent;
        return current != null && current.isFinished();
    }

    private AutoCloseable startLoadThread(final LoadAgent agent)
    {
        final SharedThread shared = config.sharedThread();
        if (shared == null)
        {
            final AgentRunner runner = new AgentRunner(config.idleStrategy(), this::onError, null, agent);
            AgentRunner.startOnThread(runner);
            return runner;
        }
        final Agent failureAware = new FailureRecordingAgent(agent);
        shared.attach(failureAware, config.idleStrategy());
        return () -> shared.detach(failureAware);
    }

    /**
     * On a shared thread an exception would go to that thread's handler and the run would never hear of it:
     * record it as the run's failure, which ends the run.
     */
    private final class FailureRecordingAgent implements Agent
    {
        private final LoadAgent agent;

        FailureRecordingAgent(final LoadAgent agent)
        {
            this.agent = agent;
        }

        public int doWork()
        {
            if (failure.get() != null)
            {
                return 0;
            }
            try
            {
                return agent.doWork();
            }
            catch (final RuntimeException ex)
            {
                onError(ex);
                return 0;
            }
        }

        public String roleName()
        {
            return agent.roleName();
        }
    }

    private void awaitEnd(final LoadAgent agent)
    {
        while (!agent.isFinished() && failure.get() == null)
        {
            try
            {
                Thread.sleep(POLL_FOR_END_MILLIS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                agent.requestStop();
                return;
            }
        }
    }

    private void onError(final Throwable error)
    {
        failure.compareAndSet(null, error);
    }

    private RunResult result(
        final LoadAgent agent,
        final IntervalLogs log,
        final long startEpochMs,
        final long startNanos,
        final List<PhasedSeries> allSeries,
        final List<MeasuredSpan> compilerBusy)
    {
        final OutcomeCounts measurement = OutcomeCounts.of(counters.measurement());
        final boolean cutShort = agent.cutShortNanos() != LoadAgent.NOT_CUT_SHORT;
        final double measuredSeconds = cutShort ?
            Math.max(0, agent.cutShortNanos() - agent.measureStartNanos()) / 1e9 :
            config.timing().measureNanos() / 1e9;
        final double sendWindowSeconds = Math.max(
            measuredSeconds, (agent.lastMeasuredSendNanos() - agent.measureStartNanos()) / 1e9);
        final double achievedRate = sendWindowSeconds > 0 ? measurement.sent() / sendWindowSeconds : 0;

        return new RunResult(
            config.schedule().meanRatePerSecond(),
            achievedRate,
            measuredSeconds,
            measurement,
            OutcomeCounts.of(counters.warmup()),
            agent.unsentAtEnd(),
            counters.lateResponses(),
            counters.unknownResponses(),
            counters.backPressureEvents(),
            counters.windowFullEvents(),
            rejectReasons(),
            outOfRange(allSeries),
            totals,
            log == null ? List.of() : log.files(),
            startEpochMs,
            cutShort,
            agent.measureStartNanos(),
            (agent.measureStartNanos() - startNanos) / 1e9,
            compilerBusy);
    }

    private Map<Integer, Long> rejectReasons()
    {
        final Map<Integer, Long> reasons = new LinkedHashMap<>();
        for (int code = 0; code <= RunCounters.MAX_REASON_CODE; code++)
        {
            final long count = counters.rejectReason(code);
            if (count > 0)
            {
                reasons.put(code, count);
            }
        }
        return reasons;
    }

    private Map<String, Long> outOfRange(final List<PhasedSeries> allSeries)
    {
        final List<SeriesRecorder> recorders = new ArrayList<>();
        allSeries.forEach(phased -> recorders.addAll(phased.recorders()));
        config.hops().forEach(hop -> recorders.addAll(hop.recorders()));
        recorders.add(hiccupSeries);

        final Map<String, Long> clamped = new LinkedHashMap<>();
        for (final SeriesRecorder series : recorders)
        {
            if (series.outOfRangeCount() > 0)
            {
                clamped.put(series.tag(), series.outOfRangeCount());
            }
        }
        return clamped;
    }
}
