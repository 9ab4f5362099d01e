package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.Locale;
import java.util.Optional;

/**
 * What a run's answers told of the venue's clock against Sonde's: how far the hops across the wire can be trusted.
 * The {@code venueClock} object of {@code summary.json}, written and read as it is. Offsets are the venue's clock
 * minus Sonde's, in microseconds.
 *
 * @param offsetLowMicros  the offset is at least this.
 * @param offsetHighMicros the offset is at most this.
 * @param resolutionNanos  the coarsest venue stamp seen.
 * @param answers          answers whose venue stamps bounded the offset.
 * @param reordered        answers whose venue stamps were out of path order by more than their resolution, and
 *                         were moved.
 * @param coarse           answers whose stamps were too coarse to split the wire from the venue.
 * @param note             what a reader must know before reading the hops across the wire; empty when nothing.
 */
@JsonPropertyOrder({ "offsetLowMicros", "offsetHighMicros", "resolutionNanos", "answers", "reordered", "coarse",
    "note" })
public record VenueClockBounds(
    double offsetLowMicros,
    double offsetHighMicros,
    long resolutionNanos,
    long answers,
    long reordered,
    long coarse,
    @JsonIgnore Optional<String> note)
{
    @JsonCreator
    private static VenueClockBounds read(
        @JsonProperty("offsetLowMicros") final double offsetLowMicros,
        @JsonProperty("offsetHighMicros") final double offsetHighMicros,
        @JsonProperty("resolutionNanos") final long resolutionNanos,
        @JsonProperty("answers") final long answers,
        @JsonProperty("reordered") final long reordered,
        @JsonProperty("coarse") final long coarse,
        @JsonProperty("note") final String note)
    {
        return new VenueClockBounds(offsetLowMicros, offsetHighMicros, resolutionNanos, answers, reordered, coarse,
            Optional.ofNullable(note));
    }

    @JsonProperty("note")
    private String noteOrNull()
    {
        return note.orElse(null);
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
        note.ifPresent(text -> line.append(answers > 0 ? "; " : "").append(text));
        return line.toString();
    }
}
