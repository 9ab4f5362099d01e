package io.sonde.fix.client.profile;

import io.sonde.api.FixVersion;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.PasswordField;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Everything venue-specific about a run, read from one file ({@link VenueProfileReader}): the FIX version and
 * identities, logon and cancel-on-disconnect, ClOrdID limits, symbols, a message-rate cap, and the extra fields
 * each order message must carry. A field the file leaves out is null: the command line's value (or its default)
 * applies; a command-line flag given explicitly overrides the profile.
 *
 * @param name                     what the profile is called, for reports.
 * @param fixVersion               the FIX version of the venue's sessions.
 * @param senderCompId             SenderCompID (49); {@code %d} is the session number.
 * @param senderSubId              SenderSubID (50), or null.
 * @param targetCompId             TargetCompID (56).
 * @param targetSubId              TargetSubID (57), or null.
 * @param heartbeatSeconds         HeartBtInt (108).
 * @param persistentSequences      keep sequence numbers across restarts (true) or reset them at logon.
 * @param username                 Username (553), or null.
 * @param password                 the password, or null.
 * @param passwordField            where the Logon carries the password, or null for Password (554).
 * @param cancelOnDisconnectWindow ask the venue to cancel open orders this long after a disconnect (35002/35003);
 *                                 null when the profile does not say, {@link Duration#ZERO} for "never ask".
 * @param maxClOrdIdLength         the longest ClOrdID the venue accepts, or null for no limit.
 * @param clOrdIdDigitsOnly        the venue accepts only decimal digits in a ClOrdID.
 * @param account                  Account (1) on every order, or null.
 * @param symbols                  the instruments, with their tick, lot and price band.
 * @param maxMessagesPerSecond     per-session cap on messages sent per second.
 * @param seed                     seed of the random field values, or null for the run's seed.
 * @param hopStamps                the venue is the bundled exchange: ask it at logon to stamp each answer's hops.
 * @param marketDataSenderCompId   SenderCompID (49) of the market data session ({@code --market-data fix}), or
 *                                 null for the first order session's with {@code -MD}.
 * @param marketDataTargetCompId   TargetCompID (56) of the market data session, or null for the order sessions'.
 * @param fields                   the extra fields of each order message type, in the order they are written.
 */
public record VenueProfile(
    String name,
    FixVersion fixVersion,
    String senderCompId,
    String senderSubId,
    String targetCompId,
    String targetSubId,
    Integer heartbeatSeconds,
    Boolean persistentSequences,
    String username,
    String password,
    PasswordField passwordField,
    Duration cancelOnDisconnectWindow,
    Integer maxClOrdIdLength,
    boolean clOrdIdDigitsOnly,
    String account,
    List<VenueSymbol> symbols,
    Integer maxMessagesPerSecond,
    Long seed,
    boolean hopStamps,
    String marketDataSenderCompId,
    String marketDataTargetCompId,
    Map<OrderMessageType, List<ProfileField>> fields)
{
    public VenueProfile
    {
        symbols = List.copyOf(symbols);
        fields = Map.copyOf(fields);
    }

    /**
     * @param given credentials from a file or the environment, which win over the profile's; or
     *              {@link Credentials#NONE}.
     * @return the logon credentials, with the password in the field this venue reads it from.
     */
    public Credentials credentials(final Credentials given)
    {
        final Credentials chosen = given.isPresent() || username == null ? given : new Credentials(username, password);
        return passwordField == null ? chosen : chosen.withPasswordIn(passwordField);
    }

    /**
     * The extra fields of {@code type}, compiled for a run of {@code sessions} sessions.
     *
     * @param runSeed the run's seed, used when the profile names none.
     */
    public ExtraFields extraFields(final OrderMessageType type, final int sessions, final long runSeed)
    {
        final List<ProfileField> specs = fields.getOrDefault(type, List.of());
        if (specs.isEmpty())
        {
            return ExtraFields.none();
        }
        final long base = seed != null ? seed : runSeed;
        final ExtraFields.Entry[] entries = new ExtraFields.Entry[specs.size()];
        for (int i = 0; i < entries.length; i++)
        {
            entries[i] = specs.get(i).compile(sessions, base * 31 + type.ordinal() * 1_000L + i);
        }
        return new ExtraFields(entries);
    }
}
