package io.sonde.exchange.gateway;

import io.sonde.fix.codecs.builder.LogoutEncoder;
import io.sonde.fix.codecs.decoder.LogonDecoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.dictionary.FixDictionary;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;
import uk.co.real_logic.artio.validation.AuthenticationProxy;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the gateway checks in a Logon before the users' directory sees it.
 */
class LogonCheckTest
{
    private final LogonCheck check = new LogonCheck(UserDirectory.open(), 2);

    @ParameterizedTest
    @CsvSource({"35002=4|, 35002", "35002=9|, 35002", "35002=-1|, 35002", "35002=1|35003=-5|, 35003",
        "35002=1|35003=60001|, 35003", "108=-1|, 108"})
    void aLogonWithAFieldOutOfRangeIsRefusedWithALogoutNamingIt(final String fields, final String tag)
    {
        final Proxy proxy = logon(fields, 1);
        assertEquals("refused", proxy.outcome);
        assertTrue(proxy.text.contains("(" + tag + ")"), proxy.text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "35002=0|", "35002=3|35003=60000|", "35002=1|35003=0|"})
    void aLogonWithFieldsInRangeGoesOnToTheUsersDirectory(final String fields)
    {
        assertEquals("accepted", logon(fields, 1).outcome);
    }

    @Test
    void oneAddressHoldsAtMostItsShareOfSessionsAndGetsThemBackOnDisconnect()
    {
        assertEquals("accepted", logon("", 1).outcome);
        assertEquals("accepted", logon("", 2).outcome);
        final Proxy third = logon("", 3);
        assertEquals("refused", third.outcome);
        assertTrue(third.text.contains("too many sessions from /127.0.0.1"), third.text);
        assertEquals("accepted", logon("", 4, "/127.0.0.2:4000").outcome, "another address has its own share");

        check.onDisconnect(100, 1, DisconnectReason.REMOTE_DISCONNECT);
        assertEquals("accepted", logon("", 5).outcome);
    }

    private Proxy logon(final String fields, final long connectionId)
    {
        return logon(fields, connectionId, "/127.0.0.1:5" + connectionId);
    }

    private Proxy logon(final String fields, final long connectionId, final String remoteAddress)
    {
        final String body = ("35=A|49=CLIENT|56=EXCH|34=1|52=20261123-12:00:00.000|98=0|" +
            (fields.contains("108=") ? "" : "108=30|") + fields).replace('|', '\u0001');
        final byte[] bytes = ("8=FIX.4.4\u00019=" + body.length() + "\u0001" + body + "10=000\u0001")
            .getBytes(StandardCharsets.US_ASCII);
        final LogonDecoder decoder = new LogonDecoder();
        decoder.decode(new MutableAsciiBuffer(bytes), 0, bytes.length);
        final Proxy proxy = new Proxy(connectionId, remoteAddress);
        check.authenticateAsync(decoder, proxy);
        return proxy;
    }

    private static final class Proxy implements AuthenticationProxy
    {
        private final long connectionId;
        private final String remoteAddress;
        private String outcome = "undecided";
        private String text = "";

        Proxy(final long connectionId, final String remoteAddress)
        {
            this.connectionId = connectionId;
            this.remoteAddress = remoteAddress;
        }

        public void accept()
        {
            outcome = "accepted";
        }

        public void accept(final Class<? extends FixDictionary> fixDictionaryClass)
        {
            accept();
        }

        public void reject()
        {
            outcome = "refused";
        }

        public void reject(final Encoder encoder, final long lingerTimeoutInMs)
        {
            outcome = "refused";
            text = ((LogoutEncoder)encoder).textAsString();
        }

        public String remoteAddress()
        {
            return remoteAddress;
        }

        public long connectionId()
        {
            return connectionId;
        }
    }
}
