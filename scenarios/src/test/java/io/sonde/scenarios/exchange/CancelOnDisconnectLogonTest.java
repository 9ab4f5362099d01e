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

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gateway's Logon answer names cancel on disconnect, CancelOnDisconnectType (35002) and CODTimeoutWindow
 * (35003), only to a client whose Logon asked for it: a client that knows nothing of these user-defined tags is
 * never sent them, and one that asked still has its orders canceled once it has been gone for its window.
 */
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CancelOnDisconnectLogonTest
{
    private static final String SOH = "\u0001";
    private static final String TIME = "60=20261126-12:00:00.000|";
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
    void aLogonWithoutCancelOnDisconnectTypeIsAnsweredWithoutEitherCancelOnDisconnectField() throws Exception
    {
        try (RawFixConnection client = new RawFixConnection(exchange.port(), "PLAIN1"))
        {
            final String answer = client.logOn();
            assertFalse(answer.contains(SOH + "35002="), answer);
            assertFalse(answer.contains(SOH + "35003="), answer);
        }
    }

    @Test
    void aLogonAskingForCancelOnDisconnectIsAnsweredWithItAndItsOrdersAreCanceledWhenItDisconnects()
        throws Exception
    {
        try (RawFixConnection watcher = new RawFixConnection(exchange.port(), "WATCHER1"))
        {
            watcher.logOn();
            watcher.send("V", "262=cod|263=1|264=0|267=2|269=0|269=1|146=1|55=SONDE.B|");
            awaitMessage(watcher, message -> message.contains(SOH + "35=W" + SOH), "a full refresh of SONDE.B");

            final String orderId;
            try (RawFixConnection client = new RawFixConnection(exchange.port(), "CODASK1"))
            {
                final String answer = client.logOn("35002=1|35003=1000|");
                assertTrue(answer.contains(SOH + "35002=1" + SOH), answer);
                assertTrue(answer.contains(SOH + "35003=1000" + SOH), answer);

                client.send("D", "11=cod-1|55=SONDE.B|54=1|59=0|" + TIME + "38=10|40=2|44=7|");
                final String ack = awaitMessage(client, message -> message.contains(SOH + "35=8" + SOH),
                    "the order's acknowledgement");
                assertTrue(ack.contains(SOH + "39=0" + SOH), ack);
                orderId = field(ack, "37");
                awaitMessage(watcher, entry("0", orderId), "the order on the book");
            }
            awaitMessage(watcher, entry("2", orderId), "the order deleted after its owner disconnected");
        }
    }

    /**
     * @return true for an incremental refresh with an entry of {@code action} (279) for the order {@code orderId}.
     */
    private static Predicate<String> entry(final String action, final String orderId)
    {
        return message -> message.contains(SOH + "35=X" + SOH) &&
            message.contains(SOH + "279=" + action + SOH) && message.contains(SOH + "278=" + orderId + SOH);
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
        final int start = message.indexOf(SOH + tag + "=") + tag.length() + 2;
        return message.substring(start, message.indexOf(SOH, start));
    }
}
