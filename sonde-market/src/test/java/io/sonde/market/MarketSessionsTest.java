package io.sonde.market;

import io.sonde.api.BookQuantity;
import io.sonde.api.FixVersion;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
class MarketSessionsTest
{
    private DatagramChannel feedReceiver;
    private Market market;
    private RawFixApplication application;

    @BeforeEach
    void openMarketAndLogOn() throws Exception
    {
        feedReceiver = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
        market = Market.open(settings(MatchMode.ECHO, 5001, (InetSocketAddress)feedReceiver.getLocalAddress()),
            new BackoffIdleStrategy());
        application = new RawFixApplication(market.fixPort(), "APP", "SONDEMKT");
        application.logon();
        assertTrue(market.awaitApplication(TimeUnit.SECONDS.toNanos(10), line -> { }));
        assertEquals(List.of("APP"), market.applications());
    }

    @AfterEach
    void close() throws Exception
    {
        application.close();
        market.close();
        feedReceiver.close();
    }

    @Test
    void anOrderCarryingAUserDefinedTagIsAcknowledgedNotRejected() throws Exception
    {
        application.send("D", "11=U1|55=SONDE.A|54=1|38=100|40=2|44=100.01|59=0|60=20261128-06:00:00.000|" +
            "5001=12345|");

        final Map<Integer, String> report = application.next("8", 10);

        assertNotNull(report, "no ExecutionReport");
        assertEquals("U1", report.get(11));
        assertEquals("0", report.get(150));
        assertEquals("0", report.get(39));
    }

    @Test
    void aMalformedOrderGetsARejectNamingItsFieldAndIsCountedNeverMatched() throws Exception
    {
        final String[][] orders = {
            {"11=M1|55=SONDE.A|54=1|38=100|40=2|60=20261128-06:00:00.000|5001=1|", "Price (44)"},
            {"11=M2|55=SONDE.A|54=7|38=100|40=2|44=100|60=20261128-06:00:00.000|5001=1|", "Side (54)"},
            {"11=M3|55=SONDE.A|54=1|38=0|40=2|44=100|60=20261128-06:00:00.000|5001=1|", "OrderQty (38)"},
            {"11=M4|55=NOPE|54=1|38=100|40=2|44=100|60=20261128-06:00:00.000|5001=1|", "Symbol (55)"},
        };
        for (final String[] order : orders)
        {
            application.send("D", order[0]);
            final Map<Integer, String> report = application.next("8", 10);
            assertNotNull(report, "no answer to " + order[0]);
            assertEquals("8", report.get(150), order[0]);
            assertEquals("8", report.get(39), order[0]);
            assertTrue(report.get(58).startsWith(order[1]), report.get(58));
        }

        final MarketCounts counts = market.step(new ConstantRateSchedule(10), 2).counts();
        assertEquals(4, counts.malformed());
        assertEquals(0, counts.withoutTrigger());
    }

    @Test
    void cancelsReplacesAndStatusRequestsAreAnsweredAsTheReferenceAcceptorAnswers() throws Exception
    {
        application.send("F", "11=C2|41=C1|55=SONDE.A|54=1|38=100|60=20261128-06:00:00.000|");
        assertEquals("4", application.next("8", 10).get(150));
        application.send("G", "11=R2|41=R1|55=SONDE.A|54=1|38=200|40=2|44=100|60=20261128-06:00:00.000|");
        final Map<Integer, String> replaced = application.next("8", 10);
        assertEquals("5", replaced.get(150));
        assertEquals("200", replaced.get(151));
        application.send("H", "11=S1|55=SONDE.A|54=1|");
        final Map<Integer, String> status = application.next("8", 10);
        assertEquals("I", status.get(150));
        assertEquals("8", status.get(39));
    }

    @Test
    void anImmediateOrderThatAnswersNoTriggerExpires() throws Exception
    {
        application.send("D", "11=I1|55=SONDE.A|54=1|38=100|40=2|44=100|59=3|60=20261128-06:00:00.000|5001=99|");

        assertEquals("0", application.next("8", 10).get(150));
        assertEquals("C", application.next("8", 10).get(150));
    }

    static MarketSettings settings(final MatchMode match, final int echoTag, final InetSocketAddress feed)
    {
        return new MarketSettings("127.0.0.1", 0, "SONDEMKT", FixVersion.FIX_4_4, null,
            List.of(new MarketSymbol("SONDE.A", 1_000_000, 100, 1), new MarketSymbol("SONDE.B", 505_000, 50, 1)),
            List.of(feed), null, null, 0, match, echoTag, 7,
            new MarketShape(5, 1, 50, new BookQuantity(BookQuantity.Kind.UNIFORM, 1, 5), 0.45, 0.40, 0.15),
            TimeUnit.SECONDS.toNanos(1));
    }
}
