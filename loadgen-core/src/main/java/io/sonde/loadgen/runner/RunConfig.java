package io.sonde.loadgen.runner;

import io.sonde.loadgen.hiccup.HiccupMeter;
import io.sonde.loadgen.idle.CompilerActivity;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.loadgen.schedule.Schedule;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Everything one load run needs besides its transport. Defaults suit a small shared host: a backoff
 * idle strategy, 1 s logging intervals, a 64k-request in-flight window.
 */
public final class RunConfig
{
    public static final int DEFAULT_IN_FLIGHT_CAPACITY = 64 * 1024;
    public static final int DEFAULT_MAX_SENDS_PER_CYCLE = 256;
    public static final long DEFAULT_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final Schedule schedule;
    private final RunTiming timing;
    private IdleStrategy idleStrategy = new BackoffIdleStrategy();
    private int inFlightCapacity = DEFAULT_IN_FLIGHT_CAPACITY;
    private int maxSendsPerCycle = DEFAULT_MAX_SENDS_PER_CYCLE;
    private long intervalNanos = DEFAULT_INTERVAL_NANOS;
    private long hiccupResolutionNanos = HiccupMeter.DEFAULT_RESOLUTION_NANOS;
    private Path outputDir;
    private String logName = "run";
    private int runs = 1;
    private IntervalListener listener = IntervalListener.NONE;
    private List<PhasedSeries> stages = List.of();
    private List<HopSeries> hops = List.of();
    private SharedThread sharedThread;
    private WarmupGate warmupGate;
    private CompilerActivity compiler;

    public RunConfig(final Schedule schedule, final RunTiming timing)
    {
        this.schedule = Objects.requireNonNull(schedule, "schedule");
        this.timing = Objects.requireNonNull(timing, "timing");
    }

    public RunConfig idleStrategy(final IdleStrategy idleStrategy)
    {
        this.idleStrategy = Objects.requireNonNull(idleStrategy, "idleStrategy");
        return this;
    }

    public RunConfig inFlightCapacity(final int inFlightCapacity)
    {
        if (inFlightCapacity < 1 || inFlightCapacity > (1 << 30))
        {
            throw new IllegalArgumentException("in-flight capacity must be in 1..2^30: " + inFlightCapacity);
        }
        this.inFlightCapacity = inFlightCapacity;
        return this;
    }

    public RunConfig maxSendsPerCycle(final int maxSendsPerCycle)
    {
        this.maxSendsPerCycle = maxSendsPerCycle;
        return this;
    }

    public RunConfig intervalNanos(final long intervalNanos)
    {
        if (intervalNanos <= 0)
        {
            throw new IllegalArgumentException("logging interval must be positive: " + intervalNanos + "ns");
        }
        this.intervalNanos = intervalNanos;
        return this;
    }

    public RunConfig hiccupResolutionNanos(final long hiccupResolutionNanos)
    {
        this.hiccupResolutionNanos = hiccupResolutionNanos;
        return this;
    }

    /**
     * @param outputDir folder for the interval log; null keeps results in memory only.
     */
    public RunConfig outputDir(final Path outputDir)
    {
        this.outputDir = outputDir;
        return this;
    }

    /**
     * @param logName the interval log's file name without the {@code .hlog} extension.
     */
    public RunConfig logName(final String logName)
    {
        this.logName = Objects.requireNonNull(logName, "logName");
        return this;
    }

    /**
     * Split the measured window ({@link RunTiming#measureNanos()}) into {@code runs} runs of equal length, back to
     * back after the one warm-up, each logged to its own interval log ({@code run.hlog}, {@code run-2.hlog}, ...):
     * the runs of a repeat, whose differences show how the host moves from run to run. The schedule, its intended
     * times and the series go on across the boundaries unbroken; only the logs are split.
     *
     * @param runs at least 1.
     */
    public RunConfig runs(final int runs)
    {
        if (runs < 1)
        {
            throw new IllegalArgumentException("a measured window is at least 1 run: " + runs);
        }
        this.runs = runs;
        return this;
    }

    public RunConfig listener(final IntervalListener listener)
    {
        this.listener = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /**
     * @param stages lifecycle stages the transport records into (e.g. new-ack, cancel); they are logged
     *               and totalled beside the run's own series.
     */
    public RunConfig stages(final List<PhasedSeries> stages)
    {
        this.stages = List.copyOf(stages);
        return this;
    }

    /**
     * @param hops the hops of a request's path the transport records into, in path order; logged and totalled
     *             beside the run's own series when they hold values.
     */
    public RunConfig hops(final List<HopSeries> hops)
    {
        this.hops = List.copyOf(hops);
        return this;
    }

    public List<HopSeries> hops()
    {
        return hops;
    }

    /**
     * @param sharedThread the thread that runs what the transport's requests travel through, for the load
     *                     agent to join; null to give the load agent a thread of its own.
     */
    public RunConfig sharedThread(final SharedThread sharedThread)
    {
        this.sharedThread = sharedThread;
        return this;
    }

    /**
     * Let the warm-up go on until {@code gate} opens, for a schedule whose rate does not depend on when the
     * measurement starts.
     */
    public RunConfig warmupGate(final WarmupGate warmupGate)
    {
        this.warmupGate = warmupGate;
        return this;
    }

    /**
     * @return the gate that ends the warm-up, or null for a warm-up of fixed length.
     */
    public WarmupGate warmupGate()
    {
        return warmupGate;
    }

    /**
     * Look at this JVM's compiler at every interval and mark the measured intervals it was busy in, in the interval
     * log and the result.
     */
    public RunConfig compiler(final CompilerActivity compiler)
    {
        this.compiler = compiler;
        return this;
    }

    /**
     * @return the compiler looked at every interval, or null.
     */
    public CompilerActivity compiler()
    {
        return compiler;
    }

    public SharedThread sharedThread()
    {
        return sharedThread;
    }

    public List<PhasedSeries> stages()
    {
        return stages;
    }

    public Schedule schedule()
    {
        return schedule;
    }

    public RunTiming timing()
    {
        return timing;
    }

    public IdleStrategy idleStrategy()
    {
        return idleStrategy;
    }

    public int inFlightCapacity()
    {
        return inFlightCapacity;
    }

    public int maxSendsPerCycle()
    {
        return maxSendsPerCycle;
    }

    public long intervalNanos()
    {
        return intervalNanos;
    }

    public long hiccupResolutionNanos()
    {
        return hiccupResolutionNanos;
    }

    public Path outputDir()
    {
        return outputDir;
    }

    public String logName()
    {
        return logName;
    }

    /**
     * @return how many runs the measured window is split into, each its own interval log.
     */
    public int runs()
    {
        return runs;
    }

    public IntervalListener listener()
    {
        return listener;
    }
}
