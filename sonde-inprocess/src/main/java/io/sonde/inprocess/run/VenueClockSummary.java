package io.sonde.inprocess.run;

import io.sonde.fix.client.hops.AnswerHops;
import io.sonde.fix.client.hops.VenueClock;

import java.util.Locale;

/**
 * What the answers told of the venue's clock against Sonde's, in {@code summary.json}: how far the hops across
 * the wire can be trusted. Offsets are the venue's clock minus Sonde's, in microseconds.
 *
 * @param offsetLowMicros  the offset is at least this.
 * @param offsetHighMicros the offset is at most this.
 * @param resolutionNanos  the coarsest venue stamp seen.
 * @param answers          answers whose venue stamps bounded the offset.
 * @param reordered        answers whose venue stamps, placed with the offset then known, were out of path order by
 *                         more than their resolution and were moved.
 * @param coarse           answers whose stamps were too coarse to split the wire from the venue.
 * @param note             what a reader must know before reading the hops across the wire, or null.
 */
public record VenueClockSummary(
    double offsetLowMicros,
    double offsetHighMicros,
    long resolutionNanos,
    long answers,
    long reordered,
    long coarse,
    String note)
{
    private static final double NANOS_PER_MICRO = 1000.0;

    /**
     * @return the summary, or null when no answer was split.
     */
    public static VenueClockSummary of(final AnswerHops hops)
    {
        final VenueClock clock = hops.venueClock();
        if (clock.answers() == 0 && hops.coarseAnswers() == 0)
        {
            return null;
        }
        final boolean placed = clock.answers() > 0;
        return new VenueClockSummary(
            placed ? clock.lowestOffsetNanos() / NANOS_PER_MICRO : 0,
            placed ? clock.highestOffsetNanos() / NANOS_PER_MICRO : 0,
            clock.resolutionNanos(),
            clock.answers(),
            hops.reorderedAnswers(),
            hops.coarseAnswers(),
            note(clock, hops.coarseAnswers()));
    }

    /**
     * @return one line for the console: the offset's bounds and what they mean.
     */
    public String describe()
    {
        final StringBuilder line = new StringBuilder("venue clock: ");
        if (answers > 0)
        {
            line.append(String.format(Locale.ROOT, "offset %+.1f to %+.1f us from Sonde's over %d answers",
                offsetLowMicros, offsetHighMicros, answers));
        }
        if (note != null)
        {
            line.append(answers > 0 ? "; " : "").append(note);
        }
        return line.toString();
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
