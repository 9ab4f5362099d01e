package io.sonde.inprocess.floor;

import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.schedule.Schedule;

/**
 * A constant rate whose orders fall half an order's spacing after each of the acceptor's stalls begins, so the
 * self-check knows how long each order waits for the stall's end ({@link StallTruth}'s {@code φ}) instead of
 * knowing it only to within the spacing. The first order is intended up to one spacing after the run's start.
 */
final class StallAlignedSchedule implements Schedule
{
    private final ConstantRateSchedule constant;
    private final long spacingNanos;
    private final long firstOrderNanos;

    /**
     * @param rate             orders per second; a stall's period must be a whole number of its spacings.
     * @param stallOriginNanos when the acceptor's first stall began, {@link System#nanoTime()}.
     */
    StallAlignedSchedule(final double rate, final long stallOriginNanos)
    {
        constant = new ConstantRateSchedule(rate);
        spacingNanos = Math.round(1e9 / rate);
        firstOrderNanos = stallOriginNanos + spacingNanos / 2;
    }

    public void start(final long startNanos)
    {
        constant.start(startNanos + Math.floorMod(firstOrderNanos - startNanos, spacingNanos));
    }

    public long nextIntendedNanos()
    {
        return constant.nextIntendedNanos();
    }

    public double meanRatePerSecond()
    {
        return constant.meanRatePerSecond();
    }
}
