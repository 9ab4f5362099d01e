package io.sonde.scenarios.exchange;

import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.gateway.UserDirectory;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bundled exchange answers an OrderStatusRequest (35=H) as FIX 4.4 prescribes: ExecType I with the order's
 * state while it is open, and OrdStatus 8 with OrdRejReason 5 (unknown order) otherwise.
 */
@Timeout(120)
class OrderStatusRequestTest
{
    private static final String TIME = "60=20261123-12:00:00.000|";

    @Test
    void anOpenOrderIsReportedWithItsStateAndAnUnknownOneAsUnknown() throws Exception
    {
        try (EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false);
            RawFixConnection connection = new RawFixConnection(exchange.port(), "STATUS"))
        {
            connection.logOn();
            connection.send("D", "11=open-1|55=SONDE.A|54=1|" + TIME + "38=10|40=2|44=50|");
            assertTrue(connection.readFor(10_000, 1).get(0).contains("\u000139=0\u0001"));

            connection.send("H", "11=open-1|55=SONDE.A|54=1|");
            final String open = single(connection.readFor(10_000, 1));
            assertTrue(open.contains("\u000135=8\u0001") && open.contains("\u0001150=I\u0001"), open);
            assertTrue(open.contains("\u000111=open-1\u0001") && open.contains("\u000139=0\u0001"), open);
            assertTrue(open.contains("\u0001151=10\u0001"), "leaves quantity: " + open);
            assertFalse(open.contains("\u0001584="), "no MassStatusReqID: " + open);

            connection.send("H", "11=never-sent|55=SONDE.A|54=2|");
            final String unknown = single(connection.readFor(10_000, 1));
            assertTrue(unknown.contains("\u0001150=I\u0001") && unknown.contains("\u000139=8\u0001"), unknown);
            assertTrue(unknown.contains("\u0001103=5\u0001") && unknown.contains("\u000111=never-sent\u0001"),
                unknown);
            assertTrue(unknown.contains("\u000154=2\u0001"), "the side asked about is echoed: " + unknown);

            connection.send("H", "11=no-symbol|54=1|");
            final String malformed = single(connection.readFor(10_000, 1));
            assertTrue(malformed.contains("\u000135=3\u0001"), "a request without Symbol is rejected: " + malformed);
        }
    }

    private static String single(final List<String> messages)
    {
        assertEquals(1, messages.size(), messages.toString());
        return messages.get(0);
    }
}
