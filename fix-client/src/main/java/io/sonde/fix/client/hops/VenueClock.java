package io.sonde.fix.client.hops;

/**
 * What Sonde knows of a venue's clock from the answers themselves, NTP-style: a venue stamp taken while an order
 * was on its way lies after Sonde began sending it and before Sonde handled the answer, so every answer bounds the
 * offset between the venue's clock and Sonde's. The bounds tighten with every answer; their middle is the offset
 * used to place the venue's stamps on Sonde's time line, and their width is how far a hop across the wire can be
 * trusted.
 * <p>
 * Only stamps that causality orders are used for the bounds: Sonde's own from before the send began and after the
 * answer was handled, and venue stamps taken after the order was decoded. (A FIX engine's read stamp is taken just
 * before its read call, so a thread descheduled in between stamps a time before the bytes arrived.) Crossed bounds
 * then mean no single offset fits every answer: the venue's clock stepped or drifted during the run, and the split
 * across the wire is an estimate; {@link #isConsistent()} says so. Single-threaded.
 */
public final class VenueClock
{
    private long lowestOffsetNanos = Long.MIN_VALUE;
    private long highestOffsetNanos = Long.MAX_VALUE;
    private long answers;
    private long resolutionNanos;

    /**
     * Take one answer's bounds.
     *
     * @param sendBeganEpochNanos when Sonde began sending the order, on Sonde's clock.
     * @param venueEarliestNanos  the venue's earliest stamp taken after it had the order, on its clock.
     * @param venueLatestNanos    the venue's latest stamp before its answer left, on its clock.
     * @param resolution          the venue stamps' resolution: a stamp may stand for any time up to this much later.
     * @param answeredEpochNanos  when Sonde handled the answer, on Sonde's clock.
     */
    public void observe(
        final long sendBeganEpochNanos,
        final long venueEarliestNanos,
        final long venueLatestNanos,
        final long resolution,
        final long answeredEpochNanos)
    {
        answers++;
        resolutionNanos = Math.max(resolutionNanos, resolution);
        lowestOffsetNanos = Math.max(lowestOffsetNanos, venueLatestNanos - answeredEpochNanos);
        highestOffsetNanos = Math.min(highestOffsetNanos, venueEarliestNanos + resolution - sendBeganEpochNanos);
    }

    /**
     * @return the venue's clock minus Sonde's as best known: the middle of the bounds.
     */
    public long offsetNanos()
    {
        return lowestOffsetNanos + (highestOffsetNanos - lowestOffsetNanos) / 2;
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
     * @return the answers observed.
     */
    public long answers()
    {
        return answers;
    }

    /**
     * @return the coarsest resolution of the venue stamps seen.
     */
    public long resolutionNanos()
    {
        return resolutionNanos;
    }
}
