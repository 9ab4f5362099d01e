package io.sonde.fix.client.session;

import io.sonde.api.FixVersion;
import io.sonde.fix.codecs.fixt11.builder.LogonEncoder;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.session.SessionCustomisationStrategy;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A FIXT Logon names FIX 5.0 SP2, and keeps whatever else the library asks of it.
 */
class DefaultApplVerIdLogonTest
{
    @Test
    void theLogonCarriesDefaultApplVerId9BesideTheCancelOnDisconnectFields()
    {
        final LogonEncoder logon = new LogonEncoder();
        new DefaultApplVerIdLogon(FixVersion.FIX_5_0_SP2, new CancelOnDisconnectLogon(Duration.ofSeconds(2)))
            .configureLogon(logon.heartBtInt(10).encryptMethod(0), 1);

        final String text = encode(logon);

        assertTrue(text.contains("|1137=9|"), text);
        assertTrue(text.contains("|35002=3|35003=2000|"), text);
    }

    @Test
    void onlyAFixtSessionHasOne()
    {
        assertThrows(IllegalArgumentException.class,
            () -> new DefaultApplVerIdLogon(FixVersion.FIX_4_2, SessionCustomisationStrategy.none()));
    }

    private static String encode(final LogonEncoder logon)
    {
        logon.header().senderCompID("SONDE").targetCompID("VENUE").msgSeqNum(1)
            .sendingTime("20261123-12:00:00.000".getBytes(StandardCharsets.US_ASCII));
        final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new byte[512]);
        final long result = logon.encode(buffer, 0);
        return buffer.getAscii(Encoder.offset(result), Encoder.length(result)).replace('\u0001', '|');
    }
}
