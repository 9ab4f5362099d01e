package io.sonde.scenarios.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(180)
class ReplayCommandTest
{
    private static final int ORDERS = 200;
    private static final long GAP_MILLIS = 5;
    /** The recorded span: the last order, 199 gaps after the first. */
    private static final double SPAN_SECONDS = (ORDERS - 1) * GAP_MILLIS / 1000.0;

    private static ReferenceAcceptor acceptor;

    @TempDir
    Path dir;

    @BeforeAll
    static void startAcceptor()
    {
        acceptor = new ReferenceAcceptor("pw");
    }

    @AfterAll
    static void stopAcceptor()
    {
        acceptor.close();
    }

    @Test
    void aRecordedLogReplaysAtItsOwnPaceEveryMessageAnsweredOnTheSessionOfItsSender() throws Exception
    {
        final List<Recorded> recorded = recordedFlow();
        final Path log = Files.write(dir.resolve("orders.log"), logLines(recorded));

        replayAndCheck(log, recorded, 1.0);
        replayAndCheck(log, recorded, 4.0);
    }

    @Test
    void aStallingVenueShowsInTheCorrectedLatencyOfTheBurstThatWaitedForIt() throws Exception
    {
        final List<String> lines = new ArrayList<>();
        lines.add(order(0, "T1", "S0", '1', 1, 100));
        lines.add(order(1, "T1", "S1", '1', 1, 100));
        for (int i = 0; i < 20; i++)
        {
            lines.add(order(100, "T1", "B" + i, '2', 1, 100));
        }
        final Path log = Files.write(dir.resolve("burst.log"), lines);
        final Path out = dir.resolve("stall");
        // The first two orders are never answered: with two in flight at most, the burst waits for their timeout.
        acceptor.ignoreOrders(2);

        final CliHarness cli = CliHarness.runMechanics("replay", "--log", log.toString(), "--target",
            "127.0.0.1:" + acceptor.port(), "--credentials", credentials().toString(), "--in-flight", "2",
            "--timeout", "500ms", "--out", out.toString());

        assertEquals(1, cli.exitCode, "the venue missed: two orders timed out, and the burst left late: " + cli);
        assertTrue(cli.out.contains("FAILED errors: error rate: 2 of 22 lifecycles failed"), cli.out);
        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(22, summary.get("sent").asLong());
        assertEquals(2, summary.get("timedOut").asLong());
        assertEquals(20, summary.get("acknowledged").asLong());
        final JsonNode newAck = summary.get("stages").get("new-ack");
        assertEquals(20, newAck.get("corrected").get("count").asLong());
        assertTrue(newAck.get("corrected").get("p50").asDouble() >= 300_000,
            "the burst was due at 100 ms and could leave only after the stalled orders timed out at 500 ms: " +
            newAck);
        assertTrue(newAck.get("uncorrected").get("p99").asDouble() < 150_000,
            "once sent, each was answered at once: " + newAck);
    }

    @Test
    void aMalformedLogExitsTwoNamingTheLineBeforeConnecting() throws Exception
    {
        final Path log = Files.write(dir.resolve("bad.log"), List.of(order(0, "T1", "A", '1', 1, 100),
            "20261123-12:00:00.001: 8=FIX.4.4|35=D|49=T1|11=B|54=1|38=1|44=1|"));

        final CliHarness cli = CliHarness.runMechanics("replay", "--log", log.toString(), "--target", "127.0.0.1:1");

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("bad.log line 2: NewOrderSingle (D) has no Symbol (55)"), cli.err);
    }

    @Test
    void optionsOfAGeneratedLoadAndASpeedThatIsNotPositiveAreRefused() throws Exception
    {
        final Path log = Files.write(dir.resolve("one.log"), List.of(order(0, "T1", "A", '1', 1, 100)));
        for (final String option : List.of("--flow=mix", "--symbols=X", "--embedded", "--speed=0"))
        {
            final CliHarness cli = CliHarness.runMechanics("replay", "--log", log.toString(), "--target", "127.0.0.1:1",
                option);
            assertEquals(2, cli.exitCode, option + ": " + cli);
            assertTrue(cli.err.contains(option.split("=")[0]), option + ": " + cli.err);
            assertTrue(cli.err.lines().count() <= 2, "the error and where help is, not the whole help: " + cli.err);
        }
        final CliHarness help = CliHarness.run("replay", "--help");
        for (final String notForReplay : List.of("--flow", "--mix", "--symbols", "--embedded", "--schedule", "--tif"))
        {
            assertFalse(help.out.contains(notForReplay + "="), "replay's help lists only what it takes: " + help.out);
        }
    }

    @Test
    void aWarmUpLeavesTheFirstPartOfTheTimelineOutOfTheResultsButStillSendsIt() throws Exception
    {
        final List<Recorded> recorded = recordedFlow();
        final Path log = Files.write(dir.resolve("warm-up.log"), logLines(recorded));
        final Path out = dir.resolve("warm-up");

        final CliHarness cli = CliHarness.runMechanics("replay", "--log", log.toString(), "--target",
            "127.0.0.1:" + acceptor.port(), "--sessions", "2", "--warmup", "500ms", "--credentials",
            credentials().toString(), "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        final long measured = summary.get("sent").asLong();
        final long warmedUp = summary.get("warmup").get("sent").asLong();
        assertEquals(recorded.size(), measured + warmedUp, "every message sent, in one phase or the other");
        assertTrue(warmedUp > 0 && measured > 0, "warm-up " + warmedUp + ", measured " + measured);
        assertEquals(SPAN_SECONDS - 0.5, summary.get("measuredSeconds").asDouble(), 1e-6);
    }

    @Test
    void aWarmUpAsLongAsTheReplayIsRefused() throws Exception
    {
        final Path log = Files.write(dir.resolve("short.log"), logLines(recordedFlow()));

        final CliHarness cli = CliHarness.runMechanics("replay", "--log", log.toString(), "--target", "127.0.0.1:1",
            "--warmup", "5s");

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("--warmup (5.000 s) is not shorter than the replay (0.995 s at 1.00x speed)"),
            cli.err);
    }

    private void replayAndCheck(final Path log, final List<Recorded> recorded, final double speed) throws Exception
    {
        final Path out = dir.resolve("speed-" + speed);
        final CliHarness cli;
        final List<Map<Integer, String>> wire;
        try (WireTap tap = new WireTap(acceptor.port()))
        {
            cli = CliHarness.runMechanics("replay", "--log", log.toString(), "--target", "127.0.0.1:" + tap.port(),
                "--sessions", "2", "--speed", String.valueOf(speed), "--credentials", credentials().toString(),
                "--out", out.toString());
            wire = tap.messagesFromClient();
        }
        assertEquals(0, cli.exitCode, cli.toString());
        assertFalse(cli.out.contains("pw"), "the password never reaches the console");

        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        final long messages = recorded.size();
        assertEquals(messages, summary.get("sent").asLong(), "speed " + speed);
        assertEquals(messages, summary.get("acknowledged").asLong(), "every message answered: " + cli.out);
        assertEquals(SPAN_SECONDS / speed, summary.get("measuredSeconds").asDouble(), 1e-6);
        final double targetRate = messages / (SPAN_SECONDS / speed);
        assertEquals(targetRate, summary.get("targetRate").asDouble(), targetRate * 1e-6);
        assertEquals(targetRate, summary.get("achievedRate").asDouble(), targetRate * 0.2,
            "sent at the recorded pace, " + speed + "x: " + summary.get("achievedRate"));

        final JsonNode stages = summary.get("stages");
        assertEquals(ORDERS, stages.get("new-ack").get("corrected").get("count").asLong());
        assertEquals(count(recorded, "F"), stages.get("cancel").get("corrected").get("count").asLong());
        assertEquals(count(recorded, "G"), stages.get("replace").get("corrected").get("count").asLong());

        final JsonNode replay = summary.get("replay");
        assertEquals(ORDERS, replay.get("recorded").get("orders").asLong());
        assertEquals(1, replay.get("skipped").get("unknownOrigClOrdId").asLong());
        assertEquals(ORDERS, replay.get("notReplayed").get("ExecutionReport (8)").asLong());
        assertEquals(1, replay.get("notReplayed").get("Logon (A)").asLong());
        assertEquals(0, replay.get("sessions").get("T1").asInt());
        assertEquals(1, replay.get("sessions").get("T2").asInt());
        assertTrue(cli.out.contains("names OrigClOrdID GONE"), cli.out);

        assertWireCarriesTheRecordedMessages(wire, recorded);
    }

    /**
     * Every D, F and G the venue received is the recorded message its ClOrdID's number names, with the recorded
     * symbol, side, quantity and price; a cancel's or replace's OrigClOrdID is the ClOrdID Sonde sent for the
     * message the recorded one named; each sender's messages share one session.
     */
    private static void assertWireCarriesTheRecordedMessages(
        final List<Map<Integer, String>> wire, final List<Recorded> recorded)
    {
        final ClOrdIdCodec codec = new ClOrdIdCodec();
        final Map<Integer, String> sentIds = new HashMap<>();
        final Map<String, String> sessionOfSender = new HashMap<>();
        final List<Map<Integer, String>> orderMessages = new ArrayList<>();
        for (final Map<Integer, String> message : wire)
        {
            if (List.of("D", "F", "G").contains(message.get(35)))
            {
                orderMessages.add(message);
                sentIds.put(requestOf(codec, message.get(11)), message.get(11));
            }
        }
        assertEquals(recorded.size(), orderMessages.size());
        final Map<String, Integer> indexOfRecordedId = new HashMap<>();
        for (int i = 0; i < recorded.size(); i++)
        {
            indexOfRecordedId.put(recorded.get(i).clOrdId, i);
        }
        for (final Map<Integer, String> message : orderMessages)
        {
            final Recorded original = recorded.get(requestOf(codec, message.get(11)));
            assertEquals(original.msgType, message.get(35), message.toString());
            assertEquals(original.symbol, message.get(55), message.toString());
            assertEquals(String.valueOf(original.side), message.get(54), message.toString());
            assertEquals(original.quantity, (long)Double.parseDouble(message.get(38)), message.toString());
            if (!original.msgType.equals("F"))
            {
                assertEquals(original.priceCents, Math.round(Double.parseDouble(message.get(44)) * 100),
                    message.toString());
            }
            if (original.origClOrdId != null)
            {
                assertEquals(sentIds.get(indexOfRecordedId.get(original.origClOrdId)), message.get(41),
                    "the OrigClOrdID is Sonde's id of the message the recorded one named: " + message);
            }
            final String session = sessionOfSender.computeIfAbsent(original.sender, sender -> message.get(49));
            assertEquals(session, message.get(49), "a sender's messages stay on its session");
        }
        assertFalse(sessionOfSender.get("T1").equals(sessionOfSender.get("T2")), sessionOfSender.toString());
    }

    private static int requestOf(final ClOrdIdCodec codec, final String clOrdId)
    {
        assertTrue(codec.decode(clOrdId.toCharArray(), clOrdId.length()), clOrdId);
        return (int)(codec.sequenceLowBits() >>> 2);
    }

    /**
     * 200 orders 5 ms apart from two senders; every tenth from the fourth is replaced 1 ms later and the replaced
     * order cancelled 1 ms after that; every tenth from the eighth is cancelled 1 ms later. In time order.
     */
    private static List<Recorded> recordedFlow()
    {
        final List<Recorded> flow = new ArrayList<>();
        for (int i = 0; i < ORDERS; i++)
        {
            final long at = i * GAP_MILLIS;
            final String sender = i % 2 == 0 ? "T1" : "T2";
            final String symbol = "SYM" + i % 3;
            final char side = i % 2 == 0 ? '1' : '2';
            final long price = 10_000 + i;
            flow.add(new Recorded(at, "D", sender, "R" + i, null, symbol, side, 10 + i, price));
            if (i % 10 == 3)
            {
                flow.add(new Recorded(at + 1, "G", sender, "R" + i + "r", "R" + i, symbol, side, 15 + i, price));
                flow.add(new Recorded(at + 2, "F", sender, "R" + i + "c", "R" + i + "r", symbol, side, 15 + i, price));
            }
            if (i % 10 == 7)
            {
                flow.add(new Recorded(at + 1, "F", sender, "R" + i + "c", "R" + i, symbol, side, 10 + i, price));
            }
        }
        return flow;
    }

    /**
     * The flow as a QuickFIX/J log: a logon first, an ExecutionReport after each order, and a cancel of an order
     * the log never saw.
     */
    private static List<String> logLines(final List<Recorded> flow)
    {
        final List<String> lines = new ArrayList<>();
        lines.add(stamp(0) + "8=FIX.4.4|35=A|49=T1|56=EXCH|98=0|108=30|");
        for (final Recorded message : flow)
        {
            lines.add(stamp(message.atMillis) + "8=FIX.4.4|35=" + message.msgType + "|49=" + message.sender +
                "|56=EXCH|11=" + message.clOrdId + (message.origClOrdId == null ? "" : "|41=" + message.origClOrdId) +
                "|55=" + message.symbol + "|54=" + message.side + "|38=" + message.quantity +
                (message.msgType.equals("F") ? "" : String.format(Locale.ROOT, "|40=2|44=%d.%02d|59=0",
                message.priceCents / 100, message.priceCents % 100)) + "|");
            if (message.msgType.equals("D"))
            {
                lines.add(stamp(message.atMillis) + "8=FIX.4.4|35=8|49=EXCH|56=" + message.sender + "|11=" +
                    message.clOrdId + "|150=0|39=0|");
            }
        }
        lines.add(stamp(500) + "8=FIX.4.4|35=F|49=T1|56=EXCH|11=X1|41=GONE|55=SYM0|54=1|38=1|");
        return lines;
    }

    private static String order(
        final long atMillis, final String sender, final String clOrdId, final char side, final long quantity,
        final long priceCents)
    {
        return stamp(atMillis) + "8=FIX.4.4|35=D|49=" + sender + "|11=" + clOrdId + "|55=SYM|54=" + side + "|38=" +
            quantity + "|44=" + priceCents / 100 + "|";
    }

    private static String stamp(final long atMillis)
    {
        return String.format(Locale.ROOT, "20261123-12:00:%02d.%03d: ", atMillis / 1000, atMillis % 1000);
    }

    private static long count(final List<Recorded> flow, final String msgType)
    {
        return flow.stream().filter(message -> message.msgType.equals(msgType)).count();
    }

    private Path credentials() throws Exception
    {
        return Files.writeString(dir.resolve("fix.properties"), "username=sonde\npassword=pw\n");
    }

    private record Recorded(
        long atMillis,
        String msgType,
        String sender,
        String clOrdId,
        String origClOrdId,
        String symbol,
        char side,
        long quantity,
        long priceCents)
    {
    }
}
