package io.sonde.fix.engine;

import io.sonde.fix.codecs.builder.LogonEncoder;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An acceptor's Logon answer names cancel on disconnect (35002, 35003) only for a session that asked for it: what
 * Artio's session proxy fills in for a session without it, "do not cancel" in a 0 ms window, is taken out again.
 */
class CancelOnDisconnectReplyTest
{
    private static final String SOH = "\u0001";
    private static final byte[] SENDING_TIME = "20261126-04:00:00.000".getBytes(StandardCharsets.US_ASCII);

    private final CancelOnDisconnectReply reply = new CancelOnDisconnectReply();

    @Test
    void anAnswerToALogonThatAskedForNoCancelCarriesNeitherField()
    {
        final LogonEncoder logon = logon().cancelOnDisconnectType(0).cODTimeoutWindow(0);

        reply.configureLogon(logon, 1);

        final String encoded = encode(logon);
        assertFalse(encoded.contains(SOH + "35002="), encoded);
        assertFalse(encoded.contains(SOH + "35003="), encoded);
    }

    @Test
    void anAnswerToALogonThatAskedForACancelOnDisconnectKeepsItsTypeAndWindow()
    {
        final LogonEncoder logon = logon().cancelOnDisconnectType(1).cODTimeoutWindow(1000);

        reply.configureLogon(logon, 1);

        final String encoded = encode(logon);
        assertTrue(encoded.contains(SOH + "35002=1" + SOH), encoded);
        assertTrue(encoded.contains(SOH + "35003=1000" + SOH), encoded);
    }

    @Test
    void aWindowWithoutATypeIsNotAnsweredEither()
    {
        final LogonEncoder logon = logon().cODTimeoutWindow(1000);

        reply.configureLogon(logon, 1);

        assertFalse(encode(logon).contains(SOH + "35003="), encode(logon));
    }

    private static LogonEncoder logon()
    {
        final LogonEncoder logon = new LogonEncoder();
        logon.header().senderCompID("EXCH").targetCompID("TRADER1").msgSeqNum(1).sendingTime(SENDING_TIME);
        logon.encryptMethod(0).heartBtInt(30);
        return logon;
    }

    private static String encode(final LogonEncoder logon)
    {
        final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new byte[1024]);
        final long result = logon.encode(buffer, 0);
        return buffer.getAscii(Encoder.offset(result), Encoder.length(result));
    }
}
