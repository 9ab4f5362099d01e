package io.sonde.inprocess.run;

import io.sonde.api.VenueClockBounds;
import io.sonde.fix.client.hops.AnswerHops;
import io.sonde.fix.client.hops.VenueClock;

import java.util.Locale;
import java.util.Optional;

/**
 * What the answers told of the venue's clock against Sonde's ({@link VenueClockBounds}): how far the hops across the
 * wire can be trusted. Offsets are the venue's clock minus Sonde's, in microseconds.
 */
public final class VenueClockFigures
{
    private static final double NANOS_PER_MICRO = 1000.0;

    private VenueClockFigures()
    {
    }

    /**
     * @return the summary, or null when no answer was split.
     */
    public static VenueClockBounds of(final AnswerHops hops)
    {
        final VenueClock clock = hops.venueClock();
        if (clock.answers() == 0 && hops.coarseAnswers() == 0)
        {
            return null;
        }
        final boolean placed = clock.answers() > 0;
        return new VenueClockBounds(
            placed ? clock.lowestOffsetNanos() / NANOS_PER_MICRO : 0,
            placed ? clock.highestOffsetNanos() / NANOS_PER_MICRO : 0,
            clock.resolutionNanos(),
            clock.answers(),
            hops.reorderedAnswers(),
            hops.coarseAnswers(),
            Optional.ofNullable(note(clock, hops.coarseAnswers())));
    }

    private static String note(final VenueClock clock, final long coarse)
    {
        if (coarse > 0)
        {
            return coarse + " answers stamped in whole milliseconds or coarser: the wire and the venue are not " +
                "split for them (wire-and-venue)";
        }
        if (!clock.isConsistent())
        {
            return String.format(Locale.ROOT, "no single offset fits every answer (the bounds cross by %.1f us): " +
                "the venue's clock stepped or drifted, so the hops across the wire are estimates",
                (clock.lowestOffsetNanos() - clock.highestOffsetNanos()) / NANOS_PER_MICRO);
        }
        return null;
    }
}
