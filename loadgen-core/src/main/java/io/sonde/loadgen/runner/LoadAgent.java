package io.sonde.loadgen.runner;

import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.schedule.Schedule;
import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.loadgen.transport.Transport;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.NanoClock;

import java.util.function.LongConsumer;

/**
 * The open-loop load generator: sends every request of a {@link Schedule} as soon as it is due,
 * stamped with its intended time, and turns completions and timeouts into latencies and outcomes.
 * <p>
 * Rules: a late request keeps its intended time and is sent as soon as possible, never
 * skipped and never re-based; corrected, uncorrected and send-lateness are recorded per request;
 * requests intended before the end of the warm-up go to the warm-up series; every sent request ends
 * as exactly one of acknowledged, rejected, timed out, or still in flight when the drain expires.
 * <p>
 * With a {@link WarmupGate}, the warm-up goes on past its planned end, a step at a time, until the gate opens or
 * its bound is reached; the measurement keeps its length and starts later. The gate is looked at only when a
 * request reaches the current end of the warm-up, which costs each request one comparison, as the end of the
 * measurement does.
 * <p>
 * Steady state is allocation-free. Single-threaded: {@link #doWork()} and the transport's callbacks
 * run on the same thread.
 */
public final class LoadAgent implements Agent, CompletionHandler
{
    /** {@link #cutShortNanos()} of a run that ran its whole schedule. */
    public static final long NOT_CUT_SHORT = Long.MAX_VALUE;
    /**
     * How long a run stopped early waits for its requests in flight: a stop (Ctrl-C, SIGTERM) must finish within
     * seconds, and what has not come back by then is reported in flight, not lost.
     */
    static final long STOP_DRAIN_NANOS = 1_000_000_000L;

    private final NanoClock clock;
    private final Schedule schedule;
    private final Transport transport;
    private final RunTiming timing;
    private final InFlightTable inFlight;
    private final int maxSendsPerCycle;
    private final RequestSeries warmupSeries;
    private final RequestSeries measuredSeries;
    private final RunCounters counters;

    private WarmupGate warmupGate;
    private LongConsumer measureStartMoved;
    private long startNanos;
    private long measureStartNanos;
    private long measureEndNanos;
    private long gateNanos = Long.MAX_VALUE;
    private volatile long publishedMeasureStartNanos;
    private volatile boolean measureStartSettled;
    private long pendingIntendedNanos = Schedule.END;
    private long drainDeadlineNanos = Long.MAX_VALUE;
    private long lastMeasuredSendNanos;
    private long unsentAtEnd;
    private long cutShortNanos = NOT_CUT_SHORT;
    private boolean windowWasFull;
    private volatile boolean stopRequested;
    private volatile boolean finished;

    public LoadAgent(
        final NanoClock clock,
        final Schedule schedule,
        final Transport transport,
        final RunTiming timing,
        final int inFlightCapacity,
        final int maxSendsPerCycle,
        final RequestSeries warmupSeries,
        final RequestSeries measuredSeries,
        final RunCounters counters)
    {
        if (maxSendsPerCycle < 1)
        {
            throw new IllegalArgumentException("maxSendsPerCycle must be at least 1: " + maxSendsPerCycle);
        }
        this.clock = clock;
        this.schedule = schedule;
        this.transport = transport;
        this.timing = timing;
        this.inFlight = new InFlightTable(inFlightCapacity);
        this.maxSendsPerCycle = maxSendsPerCycle;
        this.warmupSeries = warmupSeries;
        this.measuredSeries = measuredSeries;
        this.counters = counters;
    }

    /**
     * Let the warm-up go on until {@code gate} opens. Called before {@link #begin(long)}.
     *
     * @param measureStartMoved told on the load thread of each later start of the measurement, to move the
     *                          phase boundary of every other series recorded on that thread.
     */
    public void warmUntil(final WarmupGate gate, final LongConsumer measureStartMoved)
    {
        this.warmupGate = gate;
        this.measureStartMoved = measureStartMoved;
    }

    /**
     * Fix the run's origin. Called before the agent's thread starts, so every thread sees the same
     * phase boundaries.
     *
     * @param startNanos the intended time of the first request; warm-up and measurement follow from it.
     */
    public void begin(final long startNanos)
    {
        this.startNanos = startNanos;
        measureStartNanos = startNanos + timing.warmupNanos();
        publishedMeasureStartNanos = measureStartNanos;
        gateNanos = warmupGate != null && timing.warmupNanos() > 0 ? measureStartNanos : Long.MAX_VALUE;
        measureStartSettled = gateNanos == Long.MAX_VALUE;
        measureEndNanos = measureStartNanos + timing.measureNanos();
        lastMeasuredSendNanos = measureStartNanos;
        schedule.start(startNanos);
        pendingIntendedNanos = schedule.nextIntendedNanos();
    }

    public int doWork()
    {
        if (finished)
        {
            return 0;
        }

        int workCount = sendDueRequests();
        workCount += transport.poll(this);
        final long nowNanos = clock.nanoTime();
        workCount += expireTimedOut(nowNanos);
        checkFinished(nowNanos);

        return workCount;
    }

    public String roleName()
    {
        return "sonde-load";
    }

    public void onAcknowledged(final long requestId, final long responseNanos)
    {
        final int slot = slotOfAnswer(requestId);
        if (slot >= 0)
        {
            final long intended = inFlight.intendedNanos(slot);
            seriesFor(intended).recordResponse(intended, inFlight.sentNanos(slot), responseNanos);
            counters.phase(phaseOf(intended)).onAcknowledged();
            inFlight.remove(slot);
        }
    }

    public void onRejected(final long requestId, final long responseNanos, final int reason)
    {
        final int slot = slotOfAnswer(requestId);
        if (slot >= 0)
        {
            counters.phase(phaseOf(inFlight.intendedNanos(slot))).onRejected();
            counters.onRejectReason(reason);
            inFlight.remove(slot);
        }
    }

    /**
     * Ask the run to end early: no new requests are sent, in-flight ones drain for at most a second.
     */
    public void requestStop()
    {
        stopRequested = true;
    }

    /**
     * @return whether a stop was requested: the schedule ends, or has ended, before its measurement window. Safe from
     *         any thread.
     */
    public boolean stopRequested()
    {
        return stopRequested;
    }

    /**
     * @return true once the schedule is done and every request has ended or the drain expired.
     */
    public boolean isFinished()
    {
        return finished;
    }

    /**
     * @return when a stop ended the schedule before its measurement window did, or {@link #NOT_CUT_SHORT}.
     */
    public long cutShortNanos()
    {
        return cutShortNanos;
    }

    public Phase phaseOf(final long intendedNanos)
    {
        return intendedNanos < measureStartNanos ? Phase.WARMUP : Phase.MEASUREMENT;
    }

    /**
     * @return the phase of a moment as another thread sees it: the measurement may start later than planned.
     */
    public Phase phaseSeenAt(final long nanos)
    {
        return nanos < publishedMeasureStartNanos ? Phase.WARMUP : Phase.MEASUREMENT;
    }

    /**
     * @return whether {@link #measureStartNanos()} is final: at once without a warm-up gate, else once the gate has
     *         opened. Safe from any thread.
     */
    public boolean measureStartSettled()
    {
        return measureStartSettled;
    }

    /**
     * @return where the measurement starts, as another thread sees it; final once the run has ended.
     */
    public long measureStartNanos()
    {
        return publishedMeasureStartNanos;
    }

    /**
     * @return when the last measured request was sent; read after the agent has finished.
     */
    public long lastMeasuredSendNanos()
    {
        return lastMeasuredSendNanos;
    }

    /**
     * @return requests that were due but never sent because the run was stopped or the drain expired
     * while Sonde was still catching up; read after the agent has finished.
     */
    public long unsentAtEnd()
    {
        return unsentAtEnd;
    }

    public RunCounters counters()
    {
        return counters;
    }

    private int sendDueRequests()
    {
        int sends = 0;
        while (sends < maxSendsPerCycle && pendingIntendedNanos != Schedule.END)
        {
            final long intended = pendingIntendedNanos;
            if (intended >= gateNanos)
            {
                passWarmupGate();
            }
            if (intended >= measureEndNanos)
            {
                pendingIntendedNanos = Schedule.END;
                break;
            }
            if (stopRequested)
            {
                cutShortNanos = clock.nanoTime();
                pendingIntendedNanos = Schedule.END;
                break;
            }
            final long sendNanos = clock.nanoTime();
            if (intended > sendNanos)
            {
                break;
            }
            if (!inFlight.hasRoom())
            {
                onWindowFull();
                break;
            }
            windowWasFull = false;
            if (!transport.trySend(inFlight.nextId(), intended))
            {
                counters.onBackPressure();
                break;
            }

            inFlight.add(intended, sendNanos);
            onSent(intended, sendNanos);
            pendingIntendedNanos = schedule.nextIntendedNanos();
            sends++;
        }

        return sends;
    }

    /**
     * A request reached the end of the warm-up: measure from here, or warm up for one more step.
     */
    private void passWarmupGate()
    {
        if (warmupGate.measureNow(measureStartNanos - startNanos))
        {
            gateNanos = Long.MAX_VALUE;
            measureStartSettled = true;
            return;
        }
        final long step = warmupGate.stepNanos();
        measureStartNanos += step;
        measureEndNanos += step;
        lastMeasuredSendNanos = measureStartNanos;
        gateNanos = measureStartNanos;
        publishedMeasureStartNanos = measureStartNanos;
        measureStartMoved.accept(measureStartNanos);
    }

    private void onSent(final long intended, final long sendNanos)
    {
        final Phase phase = phaseOf(intended);
        seriesFor(intended).recordSend(intended, sendNanos);
        counters.phase(phase).onSent();
        if (phase == Phase.MEASUREMENT)
        {
            lastMeasuredSendNanos = sendNanos;
        }
    }

    private void onWindowFull()
    {
        if (!windowWasFull)
        {
            windowWasFull = true;
            counters.onWindowFull();
        }
    }

    private int expireTimedOut(final long nowNanos)
    {
        int expired = 0;
        int slot;
        while ((slot = inFlight.oldestSlot()) >= 0 && nowNanos - inFlight.sentNanos(slot) >= timing.timeoutNanos())
        {
            final long intended = inFlight.intendedNanos(slot);
            seriesFor(intended).recordResponse(intended, inFlight.sentNanos(slot), nowNanos);
            counters.phase(phaseOf(intended)).onTimedOut();
            inFlight.remove(slot);
            expired++;
        }

        return expired;
    }

    private void checkFinished(final long nowNanos)
    {
        if (pendingIntendedNanos != Schedule.END)
        {
            if (nowNanos - measureEndNanos > timing.drainNanos())
            {
                abandonUnsent();
            }
            return;
        }

        if (drainDeadlineNanos == Long.MAX_VALUE)
        {
            final long drainNanos = cutShortNanos == NOT_CUT_SHORT ?
                timing.drainNanos() : Math.min(timing.drainNanos(), STOP_DRAIN_NANOS);
            drainDeadlineNanos = nowNanos + drainNanos;
        }
        if (inFlight.size() == 0 || nowNanos >= drainDeadlineNanos)
        {
            finished = true;
        }
    }

    /**
     * Sonde is still behind its schedule a whole drain period after the schedule ended: count what is
     * left rather than run forever, and report it as not sent.
     */
    private void abandonUnsent()
    {
        long intended = pendingIntendedNanos;
        while (intended != Schedule.END && intended < measureEndNanos)
        {
            unsentAtEnd++;
            intended = schedule.nextIntendedNanos();
        }
        pendingIntendedNanos = Schedule.END;
    }

    private int slotOfAnswer(final long requestId)
    {
        final int slot = inFlight.slotOf(requestId);
        if (slot < 0)
        {
            if (inFlight.wasIssued(requestId))
            {
                counters.onLateResponse();
            }
            else
            {
                counters.onUnknownResponse();
            }
        }
        return slot;
    }

    private RequestSeries seriesFor(final long intendedNanos)
    {
        return intendedNanos < measureStartNanos ? warmupSeries : measuredSeries;
    }
}
