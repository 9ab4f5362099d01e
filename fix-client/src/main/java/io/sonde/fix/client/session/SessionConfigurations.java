package io.sonde.fix.client.session;

import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.library.SessionConfiguration;
import uk.co.real_logic.artio.session.SessionCustomisationStrategy;

import java.util.concurrent.TimeUnit;

/**
 * What Artio is told about Sonde's sessions, from their {@link SessionSettings}: each session's configuration
 * (address, CompIDs, sequence numbers, credentials, dictionary) and what every message carries beyond Artio's own.
 */
final class SessionConfigurations
{
    private SessionConfigurations()
    {
    }

    /**
     * @param resetSequenceNumbers whether the Logon resets both sides' sequence numbers to 1.
     * @return the configuration of session {@code index}, its sequence numbers Artio's choice.
     */
    static SessionConfiguration of(final SessionSettings settings, final int index, final boolean resetSequenceNumbers)
    {
        final int automatic = SessionConfiguration.AUTOMATIC_INITIAL_SEQUENCE_NUMBER;
        return of(settings, index, resetSequenceNumbers, automatic, automatic);
    }

    /**
     * @param nextSent     the first MsgSeqNum to send, or Artio's automatic choice.
     * @param nextReceived the first MsgSeqNum expected, or Artio's automatic choice.
     */
    static SessionConfiguration of(
        final SessionSettings settings,
        final int index,
        final boolean resetSequenceNumbers,
        final int nextSent,
        final int nextReceived)
    {
        final SessionConfiguration.Builder builder = SessionConfiguration.builder()
            .initialSentSequenceNumber(nextSent)
            .initialReceivedSequenceNumber(nextReceived)
            .address(settings.host(), settings.port())
            .senderCompId(settings.senderCompId(index))
            .targetCompId(settings.targetCompId())
            .sequenceNumbersPersistent(settings.persistentSequences())
            .resetSeqNum(resetSequenceNumbers)
            .timeoutInMs(TimeUnit.SECONDS.toMillis(5))
            .fixDictionary(FixDictionaries.dictionary(settings.version()));
        if (settings.credentials().isPresent())
        {
            final Credentials credentials = settings.credentials();
            final String password = credentials.passwordInRawData() ? null : credentials.password();
            builder.credentials(credentials.username(), password);
        }
        return builder.build();
    }

    /**
     * What every session's messages carry beyond Artio's own: cancel-on-disconnect and the ask for hop stamps on
     * the Logon, sub IDs in every header, DefaultApplVerID on a FIXT Logon, the password in RawData where the venue
     * reads it there. A library takes one strategy, so each wraps the one before.
     *
     * @param configuration the library's configuration, whose own strategy is the innermost.
     */
    static SessionCustomisationStrategy customisation(
        final SessionSettings settings, final LibraryConfiguration configuration)
    {
        SessionCustomisationStrategy strategy = settings.cancelOnDisconnect() != null ?
            new CancelOnDisconnectLogon(settings.cancelOnDisconnect()) : configuration.sessionCustomisationStrategy();
        if (settings.hopStamps())
        {
            strategy = new HopStampsLogon(strategy);
        }
        if (!settings.subIds().isEmpty())
        {
            strategy = new SubIdHeaders(settings.subIds(), strategy);
        }
        if (FixDictionaries.hasDefaultApplVerId(settings.version()))
        {
            strategy = new DefaultApplVerIdLogon(settings.version(), strategy);
        }
        if (settings.credentials().passwordInRawData())
        {
            strategy = new RawDataLogon(settings.credentials().password(), strategy);
        }
        return strategy;
    }
}
