package io.sonde.market;

import io.sonde.api.BookQuantity;
import io.sonde.api.FixVersion;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The application's order sessions may be FIX 4.2, FIX 4.4 or FIXT.1.1 (FIX 5.0 SP2), one version per market.
 */
@Timeout(60)
class MarketSessionVersionsTest
{
    @Test
    void fix42ReportsCarryExecTransType() throws Exception
    {
        final Map<Integer, String> report = orderAnswered(FixVersion.FIX_4_2, "FIX.4.2", "98=0|108=30|");

        assertEquals("0", report.get(20));
        assertEquals("0", report.get(150));
    }

    @Test
    void fix44ReportsCarryNoExecTransType() throws Exception
    {
        final Map<Integer, String> report = orderAnswered(FixVersion.FIX_4_4, "FIX.4.4", "98=0|108=30|141=Y|");

        assertFalse(report.containsKey(20));
    }

    @Test
    void fixtSessionsAreAnsweredWithTheirApplicationVersion() throws Exception
    {
        final Map<Integer, String> report =
            orderAnswered(FixVersion.FIX_5_0_SP2, "FIXT.1.1", "98=0|108=30|141=Y|1137=9|");

        assertEquals("0", report.get(150));
    }

    private static Map<Integer, String> orderAnswered(
        final FixVersion version, final String beginString, final String logon) throws Exception
    {
        try (DatagramChannel feed = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
            Market market = Market.open(new MarketSettings("127.0.0.1", 0, "SONDEMKT", version, null,
                List.of(new MarketSymbol("SONDE.A", 1_000_000, 100, 1)),
                List.of((InetSocketAddress)feed.getLocalAddress()), null, null, 0, MatchMode.ECHO, 58, 7,
                new MarketShape(5, 1, 50, BookQuantity.DEFAULT, 0.45, 0.40, 0.15), TimeUnit.SECONDS.toNanos(1)),
                new BackoffIdleStrategy());
            RawFixApplication application = new RawFixApplication(market.fixPort(), "APP", "SONDEMKT", beginString))
        {
            application.logon(logon);
            application.send("D", "11=V1|21=1|55=SONDE.A|54=1|38=100|40=2|44=100.01|60=20261128-06:00:00.000|58=9|");
            final Map<Integer, String> report = application.next("8", 10);
            assertNotNull(report, "no ExecutionReport on " + beginString);
            assertEquals(beginString, report.get(8));
            return report;
        }
    }
}
