package io.sonde.fix.client.session;

import io.sonde.api.FixVersion;
import io.sonde.fix.codecs.decoder.ExecutionReportDecoder;
import io.sonde.fix.codecs.decoder.LogonDecoder;
import io.sonde.fix.codecs.decoder.SequenceResetDecoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionConfiguration;
import uk.co.real_logic.artio.messages.DisconnectReason;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * A ResendRequest Sonde sent is answered by a message numbered below the one expected when it was sent, or by a
 * SequenceReset, on the same connection. A venue that logs the session out instead has not answered it: the next
 * connection's Logon, numbered 1 when the numbers are reset, is no resend, so the fault stays unrecovered and says
 * the request went unanswered.
 */
class ClientSessionTest
{
    private static final int NEXT_EXPECTED = 4504;

    private final SessionConfiguration configuration = SessionConfiguration.builder()
        .address("127.0.0.1", 9999)
        .senderCompId("SONDE2")
        .targetCompId("EXCH")
        .fixDictionary(FixDictionaries.dictionary(FixVersion.FIX_4_4))
        .build();
    private final ClientSession session =
        new ClientSession(1, configuration, configuration, new DeferredEvents(), 0, "FIX.4.4");

    @Test
    void aMessageNumberedBelowTheOneExpectedAnswersTheResendRequest()
    {
        session.awaitResend(NEXT_EXPECTED);

        receive(ExecutionReportDecoder.MESSAGE_TYPE, "35=8|34=" + NEXT_EXPECTED + "|");
        assertEquals(0, session.resendAnsweredNanos(), "the next message in sequence is no resend");

        receive(ExecutionReportDecoder.MESSAGE_TYPE, "35=8|34=17|43=Y|");
        assertNotEquals(0, session.resendAnsweredNanos());
    }

    @Test
    void aSequenceResetAnswersTheResendRequest()
    {
        session.awaitResend(NEXT_EXPECTED);

        receive(SequenceResetDecoder.MESSAGE_TYPE, "35=4|34=1|43=Y|123=Y|36=" + NEXT_EXPECTED + "|");

        assertNotEquals(0, session.resendAnsweredNanos());
    }

    @Test
    void theLogonOfTheConnectionAfterTheVenueLoggedTheSessionOutDoesNotAnswerIt()
    {
        session.awaitResend(NEXT_EXPECTED);

        session.onDisconnect(0, null, DisconnectReason.LOGOUT);
        receive(LogonDecoder.MESSAGE_TYPE, "35=A|34=1|98=0|108=30|141=Y|");

        assertEquals(0, session.resendAnsweredNanos());
    }

    private void receive(final long messageType, final String body)
    {
        final byte[] bytes = ("8=FIX.4.4|9=" + body.length() + "|" + body + "10=000|").replace('|', '\u0001')
            .getBytes(StandardCharsets.US_ASCII);
        session.onMessage(new UnsafeBuffer(bytes), 0, bytes.length, 0, null, 0, messageType, 0, 0,
            new OnMessageInfo());
    }
}
