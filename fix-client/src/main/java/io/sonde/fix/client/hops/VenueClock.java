package io.sonde.fix.client.hops;

/**
 * What Sonde knows of a venue's clock from the answers themselves, NTP-style: a venue stamp taken while an order
 * was on its way must lie between Sonde's send and Sonde's read of the answer, so every answer bounds the offset
 * between the venue's clock and Sonde's. The bounds tighten with every answer; their middle is the offset used to
 * place the venue's stamps on Sonde's time line, and their width is how far a hop across the wire can be trusted.
 * <p>
 * Crossed bounds mean no single offset fits every answer: the venue's clock stepped or drifted during the run,
 * and the split across the wire is then an estimate; {@link #isConsistent()} says so. Single-threaded.
 */
public final class VenueClock
{
    private long lowestOffsetNanos = Long.MIN_VALUE;
    private long highestOffsetNanos = Long.MAX_VALUE;
    private long answers;
    private long shifted;
    private long resolutionNanos;
    private long placedFirst;
    private long placedLast;

    /**
     * Take one answer's bounds, then place its earliest and latest venue stamps on Sonde's time line, inside the
     * answer's own round trip: read them back with {@link #placedFirst()} and {@link #placedLast()}.
     *
     * @param sentEpochNanos  when Sonde handed the order to its FIX engine, on Sonde's clock.
     * @param venueFirstNanos the venue's earliest stamp for the order, on its clock.
     * @param venueLastNanos  the venue's latest stamp for the order (its answer's), on its clock.
     * @param resolution      the venue stamps' resolution: a stamp may stand for any time up to this much later.
     * @param readEpochNanos  when Sonde's FIX engine read the answer, on Sonde's clock.
     */
    public void place(
        final long sentEpochNanos,
        final long venueFirstNanos,
        final long venueLastNanos,
        final long resolution,
        final long readEpochNanos)
    {
        answers++;
        resolutionNanos = Math.max(resolutionNanos, resolution);
        lowestOffsetNanos = Math.max(lowestOffsetNanos, venueLastNanos - readEpochNanos);
        highestOffsetNanos = Math.min(highestOffsetNanos, venueFirstNanos + resolution - sentEpochNanos);

        final long offset = lowestOffsetNanos + (highestOffsetNanos - lowestOffsetNanos) / 2;
        final long venueSpan = Math.max(0, venueLastNanos - venueFirstNanos);
        long first = venueFirstNanos - offset;
        long last = first + venueSpan;
        if (first < sentEpochNanos || last > readEpochNanos)
        {
            shifted++;
            if (first < sentEpochNanos)
            {
                first = sentEpochNanos;
                last = first + venueSpan;
            }
            if (last > readEpochNanos)
            {
                last = readEpochNanos;
                first = Math.max(sentEpochNanos, last - venueSpan);
            }
        }
        placedFirst = first;
        placedLast = last;
    }

    /**
     * @return the venue's earliest stamp of the last placed answer, on Sonde's clock.
     */
    public long placedFirst()
    {
        return placedFirst;
    }

    /**
     * @return the venue's latest stamp of the last placed answer, on Sonde's clock.
     */
    public long placedLast()
    {
        return placedLast;
    }

    /**
     * @return whether one offset fits every answer so far.
     */
    public boolean isConsistent()
    {
        return answers == 0 || lowestOffsetNanos <= highestOffsetNanos;
    }

    /**
     * @return the venue clock's offset from Sonde's is at least this (venue minus Sonde).
     */
    public long lowestOffsetNanos()
    {
        return lowestOffsetNanos;
    }

    /**
     * @return the venue clock's offset from Sonde's is at most this (venue minus Sonde).
     */
    public long highestOffsetNanos()
    {
        return highestOffsetNanos;
    }

    /**
     * @return the answers placed.
     */
    public long answers()
    {
        return answers;
    }

    /**
     * @return answers whose venue stamps, placed with the offset then known, fell outside their own round trip
     *         and were moved inside it: a few early in a run while the bounds are wide, many when the venue's
     *         clock is inconsistent.
     */
    public long shifted()
    {
        return shifted;
    }

    /**
     * @return the coarsest resolution of the venue stamps seen.
     */
    public long resolutionNanos()
    {
        return resolutionNanos;
    }
}
