package io.sonde.fix.client.order;

import io.sonde.fix.client.profile.VenueProfile;

/**
 * The one place a venue profile chooses the ClOrdID layout, for the load generator and the probe alike: decimal
 * digits when the venue takes nothing else, base-32 otherwise, and never longer than the venue accepts. Checked
 * once before anything connects, so a venue never sees an id it must reject.
 */
public final class VenueClOrdIds
{
    private VenueClOrdIds()
    {
    }

    /**
     * @param venue         the venue profile, or null for a venue that takes any id.
     * @param prefix        what every id starts with (the probe's marker, a run's {@code --clordid-prefix}).
     * @param sequenceChars digits kept of the sequence, as {@link ClOrdIdCodec} takes them.
     * @return the codec of the ids this venue takes.
     * @throws IllegalArgumentException when the prefix cannot make ids the venue takes: letters for a venue of
     *                                  digits only, or ids, prefix included, longer than the venue's maximum; the
     *                                  message names the venue's limit and the ids' length.
     */
    public static ClOrdIdCodec codec(final VenueProfile venue, final String prefix, final int sequenceChars)
    {
        final ClOrdIdCodec codec;
        if (venue != null && venue.clOrdIdDigitsOnly())
        {
            try
            {
                codec = ClOrdIdCodec.digitsOnly(prefix, sequenceChars);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException("the venue takes ClOrdIDs of digits only: " + ex.getMessage(), ex);
            }
        }
        else
        {
            codec = new ClOrdIdCodec(prefix, sequenceChars);
        }
        final Integer maxLength = venue == null ? null : venue.maxClOrdIdLength();
        if (maxLength != null && codec.length() > maxLength)
        {
            final String who = venue.name() == null ? "the venue" : "the venue '" + venue.name() + "'";
            throw new IllegalArgumentException(who + " accepts ClOrdIDs of at most " +
                maxLength + " characters, but these would be " + codec.length() + ": the prefix '" + prefix +
                "' (" + prefix.length() + ") and " + (codec.length() - prefix.length()) + " digits");
        }
        return codec;
    }
}
