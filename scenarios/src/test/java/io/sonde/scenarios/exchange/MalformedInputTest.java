package io.sonde.scenarios.exchange;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.scenarios.CliHarness;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Clients sending broken FIX and raw garbage get protocol answers or a disconnect, and never disturb a
 * well-behaved session trading beside them.
 */
@Timeout(240)
class MalformedInputTest
{
    private static final int ABUSIVE_SESSIONS = 4;
    private static final int ROUNDS = 40;
    private static final int GARBAGE_CONNECTIONS = 10;
    private static final String TIME = "60=20261122-12:00:00.000|";

    /**
     * One round of bad messages: each needs exactly one answer of the given type.
     */
    private static final List<String[]> BAD_MESSAGES = List.of(
        new String[]{"D", "11=%s|54=1|" + TIME + "38=10|40=2|44=100|", "3", "NewOrderSingle without Symbol"},
        new String[]{"D", "11=%s|55=SONDE.A|54=1|" + TIME + "38=abc|40=2|44=100|", "3", "quantity not a number"},
        new String[]{"D", "11=%s|55=SONDE.A|54=1|" + TIME + "38=10|40=2|44=1x0|", "3", "price not a number"},
        new String[]{"D", "11=%s|55=NOPE|54=1|" + TIME + "38=10|40=2|44=100|", "8", "unknown symbol"},
        new String[]{"D", "11=%s|55=SONDE.A|54=7|" + TIME + "38=10|40=2|44=100|", "8", "bad side"},
        new String[]{"D", "11=%s|55=SONDE.A|54=1|" + TIME + "38=0|40=2|44=100|", "8", "zero quantity"},
        new String[]{"D", "11=%s|55=SONDE.A|54=1|" + TIME + "38=10|40=2|44=-5|", "8", "negative price"},
        new String[]{"D", "11=%s|55=SONDE.A|54=1|" + TIME + "38=10|40=2|44=1.123456|", "8", "six decimals"},
        new String[]{"D", "11=%s|55=SONDE.A|54=1|" + TIME + "38=10|40=2|", "8", "limit without price"},
        new String[]{"D", "11=%sXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX|55=SONDE.A|54=1|" + TIME +
            "38=10|40=2|44=100|", "8", "ClOrdID too long"},
        new String[]{"D", "11=%s|55=SONDE.A|54=1|" + TIME + "38=10|40=Z|44=100|", "3",
            "order type outside the dictionary"},
        new String[]{"F", "41=nope|11=%s|55=SONDE.A|54=1|" + TIME, "9", "cancel of an unknown order"},
        new String[]{"G", "41=nope|11=%s|55=SONDE.A|54=1|" + TIME + "38=10|40=2|44=100|", "9",
            "replace of an unknown order"});

    @Test
    void brokenMessagesGetAnswersGarbageGetsDisconnectedAndAGoodSessionKeepsTrading(@TempDir final Path dir)
        throws Exception
    {
        try (EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false))
        {
            final Path out = dir.resolve("good");
            final CompletableFuture<CliHarness> goodRun = CompletableFuture.supplyAsync(() -> CliHarness.runMechanics(
                "run",
                "--target", "127.0.0.1:" + exchange.port(), "--sender-comp-id", "GOOD%d", "--rate", "300",
                "--duration", "15s", "--warmup", "0s", "--flow", "mix", "--tif", "day", "--timeout", "10s",
                "--out", out.toString()));

            int malformedSent = 0;
            final List<String> problems = new ArrayList<>();
            for (int session = 0; session < ABUSIVE_SESSIONS; session++)
            {
                malformedSent += abuse(exchange.port(), "BAD" + session, problems);
            }
            malformedSent += sendGarbage(exchange.port(), problems);

            final CliHarness good = goodRun.get();
            assertEquals(List.of(), problems);
            assertTrue(malformedSent >= 1_000, "sent " + malformedSent);
            assertEquals(0, good.exitCode, good.toString());
            final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
            assertEquals(4_500, summary.get("sent").asLong());
            assertEquals(summary.get("sent").asLong(), summary.get("acknowledged").asLong(), good.out);
            summary.get("failures").fields().forEachRemaining(failure ->
                assertEquals(0, failure.getValue().asLong(), failure.getKey()));

            try (RawFixConnection after = new RawFixConnection(exchange.port(), "AFTER"))
            {
                after.logOn();
                after.send("D", "11=after-1|55=SONDE.B|54=1|" + TIME + "38=10|40=2|44=50|");
                final List<String> reply = after.readFor(10_000, 1);
                assertTrue(!reply.isEmpty() && reply.get(0).contains("\u000135=8\u0001") &&
                    reply.get(0).contains("\u000139=0\u0001"), "a new session still trades: " + reply);
            }
        }
    }

    /**
     * Log on as {@code compId} and send {@link #ROUNDS} rounds of every bad message, checking each answer.
     *
     * @return messages sent.
     */
    private static int abuse(final int port, final String compId, final List<String> problems) throws Exception
    {
        int sent = 0;
        try (RawFixConnection connection = new RawFixConnection(port, compId))
        {
            connection.logOn();
            for (int round = 0; round < ROUNDS; round++)
            {
                for (final String[] bad : BAD_MESSAGES)
                {
                    final String id = compId + "-" + round + "-" + sent;
                    connection.send(bad[0], String.format(bad[1], id));
                    sent++;
                    final List<String> answer = connection.readFor(10_000, 1);
                    if (answer.isEmpty() || !answer.get(0).contains("\u000135=" + bad[2] + "\u0001"))
                    {
                        problems.add(compId + " " + bad[3] + ": expected 35=" + bad[2] + ", got " + answer);
                        return sent;
                    }
                    if (bad[2].equals("8") && !answer.get(0).contains("\u000139=8\u0001"))
                    {
                        problems.add(compId + " " + bad[3] + ": not rejected: " + answer);
                    }
                }
            }
        }
        return sent;
    }

    /**
     * Open connections that send bytes that are not FIX at all, all at once; each must be dropped by the
     * gateway.
     */
    private static int sendGarbage(final int port, final List<String> problems) throws Exception
    {
        final Random random = new Random(11);
        final List<RawFixConnection> connections = new ArrayList<>();
        try
        {
            for (int i = 0; i < GARBAGE_CONNECTIONS; i++)
            {
                final RawFixConnection connection = new RawFixConnection(port, "JUNK" + i);
                connections.add(connection);
                final byte[] junk = new byte[512];
                random.nextBytes(junk);
                connection.sendRaw(i % 2 == 0 ? junk :
                    "8=FIX.4.4\u00019=12\u000135=D\u0001garbage\u000110=000\u0001".getBytes(StandardCharsets.US_ASCII));
            }
            for (int i = 0; i < connections.size(); i++)
            {
                if (!connections.get(i).closedByPeerWithin(15_000))
                {
                    problems.add("garbage connection " + i + " was not dropped");
                }
            }
        }
        finally
        {
            for (final RawFixConnection connection : connections)
            {
                connection.close();
            }
        }
        return connections.size();
    }
}
