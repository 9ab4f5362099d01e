package io.sonde.loadgen.runner;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Everything the runner counts: outcomes per phase, reject reasons, and the events that explain a
 * run's health (answers that came too late or for unknown ids, back-pressure, a full window).
 * Single writer (the runner thread); readable from any thread.
 */
public final class RunCounters
{
    /**
     * Reject reason codes are counted in slots {@code 0 .. MAX_REASON_CODE}; larger codes share the last slot.
     */
    public static final int MAX_REASON_CODE = 63;

    private final PhaseCounters warmup = new PhaseCounters();
    private final PhaseCounters measurement = new PhaseCounters();
    private final AtomicLongArray rejectReasons = new AtomicLongArray(MAX_REASON_CODE + 1);
    private final AtomicLong lateResponses = new AtomicLong();
    private final AtomicLong unknownResponses = new AtomicLong();
    private final AtomicLong backPressureEvents = new AtomicLong();
    private final AtomicLong windowFullEvents = new AtomicLong();

    public PhaseCounters phase(final Phase phase)
    {
        return phase == Phase.WARMUP ? warmup : measurement;
    }

    public PhaseCounters warmup()
    {
        return warmup;
    }

    public PhaseCounters measurement()
    {
        return measurement;
    }

    /**
     * @return how many rejects carried {@code reasonCode} (codes above {@link #MAX_REASON_CODE} share its slot).
     */
    public long rejectReason(final int reasonCode)
    {
        return rejectReasons.get(reasonSlot(reasonCode));
    }

    /**
     * @return answers for requests that had already ended (timed out, or answered twice).
     */
    public long lateResponses()
    {
        return lateResponses.get();
    }

    /**
     * @return answers carrying an id this run never issued.
     */
    public long unknownResponses()
    {
        return unknownResponses.get();
    }

    /**
     * @return times the transport refused a send because of back-pressure (the request was retried).
     */
    public long backPressureEvents()
    {
        return backPressureEvents.get();
    }

    /**
     * @return times a due request waited because the in-flight window was full.
     */
    public long windowFullEvents()
    {
        return windowFullEvents.get();
    }

    void onRejectReason(final int reasonCode)
    {
        final int slot = reasonSlot(reasonCode);
        rejectReasons.lazySet(slot, rejectReasons.get(slot) + 1);
    }

    void onLateResponse()
    {
        increment(lateResponses);
    }

    void onUnknownResponse()
    {
        increment(unknownResponses);
    }

    void onBackPressure()
    {
        increment(backPressureEvents);
    }

    void onWindowFull()
    {
        increment(windowFullEvents);
    }

    private static int reasonSlot(final int reasonCode)
    {
        return reasonCode < 0 || reasonCode > MAX_REASON_CODE ? MAX_REASON_CODE : reasonCode;
    }

    private static void increment(final AtomicLong counter)
    {
        counter.lazySet(counter.get() + 1);
    }
}
