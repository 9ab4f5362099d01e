package io.sonde.scenarios.exchange;

import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.gateway.UserDirectory;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gateway's OrderMassCancelRequest (35=q): it cancels the requesting session's own open orders, all of them
 * (MassCancelRequestType 7) or one Symbol's (1), each with its ExecutionReport (ExecType 4), then answers an
 * OrderMassCancelReport (35=r) counting them; another session's orders stay. A request type it does not serve is
 * refused with a 35=r saying why.
 */
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MassCancelRequestTest
{
    private static final String SOH = "\u0001";
    private static final String TIME = "60=20261128-04:00:00.000|";
    private static final int ANSWER_MS = 10_000;

    private EmbeddedExchange exchange;

    @BeforeAll
    void startExchange()
    {
        exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false);
    }

    @AfterAll
    void stopExchange()
    {
        exchange.close();
    }

    @Test
    void allOrdersCancelsEveryOrderOfTheSessionAndNoneOfAnothers() throws Exception
    {
        try (RawFixConnection owner = new RawFixConnection(exchange.port(), "MCALL1");
            RawFixConnection other = new RawFixConnection(exchange.port(), "MCALL2"))
        {
            owner.logOn();
            other.logOn();
            rest(owner, "all-1", "SONDE.A", "1", "5");
            rest(owner, "all-2", "SONDE.B", "2", "900");
            rest(owner, "all-3", "SONDE.C", "1", "6");
            rest(other, "keep-1", "SONDE.A", "1", "5");

            owner.send("q", "11=mc-all|530=7|" + TIME);
            final List<String> answers = awaitMessages(owner, 4, "three cancels and the report");

            final String report = answers.get(3);
            assertTrue(report.contains(SOH + "35=r" + SOH), "the report comes after the cancels: " + answers);
            assertEquals("mc-all", field(report, "11"));
            assertEquals("7", field(report, "530"));
            assertEquals("7", field(report, "531"), "accepted: the response is the request's type");
            assertEquals("3", field(report, "533"));
            assertTrue(field(report, "37").length() > 0, report);
            final List<String> canceled = new ArrayList<>();
            for (final String cancel : answers.subList(0, 3))
            {
                assertEquals("4", field(cancel, "150"), cancel);
                assertEquals("4", field(cancel, "39"), cancel);
                assertEquals("0", field(cancel, "151"), cancel);
                canceled.add(field(cancel, "11"));
            }
            assertEquals(List.of("all-1", "all-2", "all-3"), canceled.stream().sorted().toList());

            other.send("AF", "584=status-1|585=7|");
            final String status = awaitMessage(other, message -> message.contains(SOH + "35=8" + SOH),
                "the other session's open orders");
            assertEquals("keep-1", field(status, "11"), "the other session's order is still open: " + status);
            assertEquals("1", field(status, "911"), status);
        }
    }

    @Test
    void bySymbolCancelsOnlyThatSymbolsOrders() throws Exception
    {
        try (RawFixConnection owner = new RawFixConnection(exchange.port(), "MCSYM1"))
        {
            owner.logOn();
            rest(owner, "sym-1", "SONDE.D", "1", "5");
            rest(owner, "sym-2", "SONDE.D", "2", "900");
            rest(owner, "sym-3", "SONDE.C", "1", "5");

            owner.send("q", "11=mc-sym|530=1|55=SONDE.D|" + TIME);
            final List<String> answers = awaitMessages(owner, 3, "two cancels and the report");

            final String report = answers.get(2);
            assertEquals("1", field(report, "530"), report);
            assertEquals("1", field(report, "531"), report);
            assertEquals("2", field(report, "533"), report);
            assertEquals("SONDE.D", field(report, "55"), report);

            owner.send("AF", "584=status-2|585=7|");
            final String status = awaitMessage(owner, message -> message.contains(SOH + "35=8" + SOH),
                "the session's open orders");
            assertEquals("sym-3", field(status, "11"), "the other symbol's order is still open: " + status);
            assertEquals("1", field(status, "911"), status);
        }
    }

    @Test
    void aRequestTypeTheExchangeDoesNotServeIsRefusedSayingWhy() throws Exception
    {
        try (RawFixConnection owner = new RawFixConnection(exchange.port(), "MCREF1"))
        {
            owner.logOn();
            rest(owner, "ref-1", "SONDE.A", "1", "5");

            owner.send("q", "11=mc-product|530=3|" + TIME);
            final String byProduct = awaitMessage(owner, message -> message.contains(SOH + "35=r" + SOH),
                "the refusal of a cancel by product");
            assertEquals("mc-product", field(byProduct, "11"));
            assertEquals("3", field(byProduct, "530"));
            assertEquals("0", field(byProduct, "531"), "rejected");
            assertEquals("0", field(byProduct, "532"), "mass cancel not supported (for this type)");
            assertTrue(field(byProduct, "58").contains("MassCancelRequestType 3 is not supported"), byProduct);

            owner.send("q", "11=mc-undefined|530=Z|" + TIME);
            final String undefined = awaitMessage(owner, message -> message.contains(SOH + "35=r" + SOH),
                "the refusal of an undefined type");
            assertEquals("0", field(undefined, "531"), undefined);
            assertTrue(field(undefined, "58").contains("MassCancelRequestType Z is not defined"), undefined);

            owner.send("q", "11=mc-side|530=7|54=1|" + TIME);
            final String bySide = awaitMessage(owner, message -> message.contains(SOH + "35=r" + SOH),
                "the refusal of a Side filter");
            assertEquals("0", field(bySide, "531"), bySide);
            assertEquals("0", field(bySide, "532"), "a value FIX 4.4's char field holds: " + bySide);
            assertTrue(field(bySide, "58").contains("a Side filter is not supported"), bySide);

            owner.send("q", "11=mc-unknown|530=1|55=NOPE|" + TIME);
            final String unknown = awaitMessage(owner, message -> message.contains(SOH + "35=r" + SOH),
                "the refusal of an unknown symbol");
            assertEquals("0", field(unknown, "531"), unknown);
            assertEquals("1", field(unknown, "532"), "invalid or unknown security: " + unknown);

            owner.send("AF", "584=status-3|585=7|");
            final String status = awaitMessage(owner, message -> message.contains(SOH + "35=8" + SOH),
                "the session's open orders");
            assertEquals("ref-1", field(status, "11"), "nothing was canceled: " + status);
        }
    }

    private static void rest(
        final RawFixConnection connection, final String clOrdId, final String symbol, final String side,
        final String price) throws IOException
    {
        connection.send("D", "11=" + clOrdId + "|55=" + symbol + "|54=" + side + "|59=0|" + TIME + "38=10|40=2|44=" +
            price + "|");
        final String ack = awaitMessage(connection, message -> message.contains(SOH + "35=8" + SOH),
            "the acknowledgement of " + clOrdId);
        assertEquals("0", field(ack, "39"), "resting: " + ack);
    }

    private static List<String> awaitMessages(
        final RawFixConnection connection, final int count, final String description) throws IOException
    {
        final List<String> seen = new ArrayList<>();
        final long deadline = System.currentTimeMillis() + ANSWER_MS;
        while (seen.size() < count && System.currentTimeMillis() < deadline)
        {
            for (final String message : connection.readFor(ANSWER_MS, count - seen.size()))
            {
                if (!message.contains(SOH + "35=0" + SOH))
                {
                    seen.add(message);
                }
            }
        }
        assertEquals(count, seen.size(), "waited " + ANSWER_MS + " ms for " + description + "; got " + seen);
        return seen;
    }

    private static String awaitMessage(
        final RawFixConnection connection, final Predicate<String> wanted, final String description)
        throws IOException
    {
        final List<String> seen = new ArrayList<>();
        final long deadline = System.currentTimeMillis() + ANSWER_MS;
        while (System.currentTimeMillis() < deadline)
        {
            for (final String message : connection.readFor(ANSWER_MS, 1))
            {
                if (wanted.test(message))
                {
                    return message;
                }
                seen.add(message);
            }
        }
        throw new AssertionError("waited " + ANSWER_MS + " ms for " + description + "; got " + seen);
    }

    private static String field(final String message, final String tag)
    {
        final int at = message.indexOf(SOH + tag + "=");
        if (at < 0)
        {
            return "";
        }
        final int start = at + tag.length() + 2;
        return message.substring(start, message.indexOf(SOH, start));
    }
}
