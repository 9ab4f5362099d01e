package io.sonde.scenarios.exchange;

import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.gateway.UserDirectory;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a FIX session layer owes a client that breaks its rules: an answer the protocol names (a session
 * Reject, a BusinessMessageReject, a Logout with Text), and never an order executed that it refused, sent
 * twice, or received out of turn.
 */
@Timeout(120)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SessionLayerAbuseTest
{
    private static final String SOH = "\u0001";
    private static final String TIME = "60=20261122-12:00:00.000|";
    private static final String EARLIER = "20200101-00:00:00.000";
    private static final String LATER = "20991231-00:00:00.000";
    private static final int ANSWER_MS = 5_000;

    private final AtomicInteger clients = new AtomicInteger();
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

    @ParameterizedTest
    @ValueSource(strings = {"X", "9", "4", "-1"})
    void aLogonWithCancelOnDisconnectTypeOutOfRangeGetsALogoutWithTextAndLaterLogonsAreServed(final String type)
        throws Exception
    {
        try (RawFixConnection bad = connect())
        {
            bad.send("A", "98=0|108=30|35002=" + type + "|35003=1000|");
            final List<String> answer = bad.readFor(ANSWER_MS, 1);
            assertTrue(!answer.isEmpty() && answer.get(0).contains(SOH + "35=5" + SOH) &&
                answer.get(0).contains(SOH + "58="), "a Logout with Text: " + answer);
        }
        try (RawFixConnection good = connect())
        {
            good.logOn("35002=1|35003=1000|");
        }
    }

    @Test
    void aLogonWithANegativeCancelOnDisconnectWindowGetsALogoutWithText() throws Exception
    {
        try (RawFixConnection bad = connect())
        {
            bad.send("A", "98=0|108=30|35002=1|35003=-5|");
            final List<String> answer = bad.readFor(ANSWER_MS, 1);
            assertTrue(!answer.isEmpty() && answer.get(0).contains(SOH + "35=5" + SOH) &&
                answer.get(0).contains(SOH + "58="), "a Logout with Text: " + answer);
        }
    }

    @Test
    void aPossibleDuplicateOfAnOrderAlreadyProcessedIsNeverExecutedAgain() throws Exception
    {
        try (RawFixConnection client = loggedOn())
        {
            final int sequence = client.nextSequence();
            final String order = "11=dup-1|55=SONDE.A|54=1|59=3|" + TIME + "38=10|40=2|44=1|";
            client.send("D", order);
            assertFalse(reportsBefore(client, "first").isEmpty(), "the order is executed once");

            client.sendAs(sequence, "43=Y|122=" + EARLIER + "|", "D", order);
            assertEquals(List.of(), reportsBefore(client, "resent"));
        }
    }

    @Test
    void aMessageTheSessionLayerRejectsNeverReachesTheEngine() throws Exception
    {
        try (RawFixConnection client = loggedOn())
        {
            client.sendAs(client.nextSequence(), "43=Y|122=" + LATER + "|", "D",
                "11=late-1|55=SONDE.A|54=1|59=0|" + TIME + "38=10|40=2|44=1|");
            client.nextSequence(client.nextSequence() + 1);
            final List<String> answers = answersBefore(client, "rejected");
            assertTrue(answers.stream().anyMatch(message -> message.contains(SOH + "35=3" + SOH) &&
                message.contains(SOH + "373=10" + SOH)), "a session Reject, SendingTime accuracy: " + answers);
            assertEquals(List.of(), executionReports(answers));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"44=1.2.3|38=10|", "44=1..5|38=10|", "44=0.0.1|38=10|", "44=799.99.|38=10|",
        "44=10|38=1.0.0|", "44=1-0|38=10|", "44=10|38=+5|", "44=.|38=10|", "44=1e3|38=10|"})
    void anUnparseableNumberGetsASessionRejectAndIsNeverTradedAsAnotherNumber(final String fields) throws Exception
    {
        try (RawFixConnection client = loggedOn())
        {
            client.send("D", "11=num-1|55=SONDE.A|54=1|59=0|" + TIME + "40=2|" + fields);
            final List<String> answers = answersBefore(client, "numbers");
            assertTrue(answers.stream().anyMatch(message -> message.contains(SOH + "35=3" + SOH) &&
                message.contains(SOH + "373=6" + SOH)), "a session Reject, incorrect data format: " + answers);
            assertEquals(List.of(), executionReports(answers));
        }
    }

    @Test
    void aRejectedOrderReportEchoesThePriceAndQuantityAsSent() throws Exception
    {
        try (RawFixConnection client = loggedOn())
        {
            client.send("D", "11=echo-1|55=SONDE.A|54=1|59=0|" + TIME + "40=2|44=1.123456|38=2.5|");
            final List<String> reports = reportsBefore(client, "echo");
            assertEquals(1, reports.size(), reports.toString());
            final String report = reports.get(0);
            assertTrue(report.contains(SOH + "39=8" + SOH) && report.contains(SOH + "58="), report);
            assertTrue(report.contains(SOH + "44=1.123456" + SOH), "price as sent: " + report);
            assertTrue(report.contains(SOH + "38=2.5" + SOH), "quantity as sent: " + report);
            assertFalse(report.contains("=-1" + SOH), "no internal -1: " + report);
        }
    }

    @Test
    void messagesAfterASequenceGapWaitForTheGapToBeFilled() throws Exception
    {
        try (RawFixConnection client = loggedOn())
        {
            final int expected = client.nextSequence();
            client.sendAs(expected + 2, "", "D", "11=gap-3|55=SONDE.A|54=1|59=3|" + TIME + "38=10|40=2|44=1|");
            final List<String> answers = client.readFor(ANSWER_MS, 1);
            assertTrue(!answers.isEmpty() && answers.get(0).contains(SOH + "35=2" + SOH) &&
                answers.get(0).contains(SOH + "7=" + expected + SOH), "a ResendRequest: " + answers);
            assertEquals(List.of(), executionReports(client.readFor(1_000, 1)), "nothing executed out of turn");

            client.sendAs(expected, "43=Y|122=" + EARLIER + "|", "4", "123=Y|36=" + (expected + 2) + "|");
            client.sendAs(expected + 2, "43=Y|122=" + EARLIER + "|", "D",
                "11=gap-3|55=SONDE.A|54=1|59=3|" + TIME + "38=10|40=2|44=1|");
            client.nextSequence(expected + 3);
            assertFalse(reportsBefore(client, "filled").isEmpty(), "executed once the gap is filled");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ZZ", "XYZ", "I", "U1"})
    void aMessageTypeFix44DoesNotDefineGetsASessionReject(final String msgType) throws Exception
    {
        try (RawFixConnection client = loggedOn())
        {
            client.send(msgType, "11=x|");
            final List<String> answers = answersBefore(client, "types");
            assertTrue(answers.stream().anyMatch(message -> message.contains(SOH + "35=3" + SOH) &&
                message.contains(SOH + "373=11" + SOH)), "a session Reject, invalid MsgType: " + answers);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"W", "R", "AE", "B", "E", "8", "9", "BE", "j", "BH"})
    void aMessageTypeTheExchangeDoesNotServeGetsABusinessMessageReject(final String msgType) throws Exception
    {
        try (RawFixConnection client = loggedOn())
        {
            client.send(msgType, "11=x|");
            final List<String> answers = answersBefore(client, "unsupported");
            assertTrue(answers.stream().anyMatch(message -> message.contains(SOH + "35=j" + SOH) &&
                message.contains(SOH + "380=3" + SOH) && message.contains(SOH + "372=" + msgType + SOH)),
                "a BusinessMessageReject, unsupported message type: " + answers);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"7=0|16=0|", "7=1|16=999999|", "7=5|16=2|"})
    void aResendRequestOutOfRangeIsAnswered(final String range) throws Exception
    {
        try (RawFixConnection client = loggedOn())
        {
            client.send("2", range);
            final List<String> answers = client.readFor(ANSWER_MS, 1);
            assertFalse(answers.isEmpty(), "an answer to ResendRequest " + range);
        }
    }

    @Test
    void aSecondLogonInTheSessionIsAnswered() throws Exception
    {
        try (RawFixConnection client = loggedOn())
        {
            client.send("A", "98=0|108=30|");
            final List<String> answers = client.readFor(ANSWER_MS, 1);
            assertTrue(!answers.isEmpty() && answers.get(0).contains(SOH + "35=3" + SOH) &&
                answers.get(0).contains(SOH + "58="), "a session Reject with Text: " + answers);
        }
    }

    @Test
    void aMessageFromAnotherSenderCompIdMidSessionIsRejectedAndTheSessionEnds() throws Exception
    {
        try (RawFixConnection client = loggedOn())
        {
            client.sendRaw(RawFixConnection.frame("35=D|49=SOMEONE|56=EXCH|34=" + client.nextSequence() + "|52=" +
                RawFixConnection.now() + "|11=who-1|55=SONDE.A|54=1|59=3|" + TIME + "38=10|40=2|44=1|"));
            final List<String> answers = client.readFor(ANSWER_MS, 2);
            assertTrue(answers.stream().anyMatch(message -> message.contains(SOH + "35=3" + SOH) &&
                message.contains(SOH + "373=9" + SOH)), "a session Reject, CompID problem: " + answers);
            assertTrue(answers.stream().anyMatch(message -> message.contains(SOH + "35=5" + SOH)),
                "then a Logout: " + answers);
            assertTrue(client.closedByPeerWithin(ANSWER_MS), "and a disconnect");
            assertEquals(List.of(), executionReports(answers));
        }
    }

    private RawFixConnection connect() throws IOException
    {
        return new RawFixConnection(exchange.port(), "ABUSE" + clients.incrementAndGet());
    }

    private RawFixConnection loggedOn() throws IOException
    {
        final RawFixConnection connection = connect();
        connection.logOn();
        return connection;
    }

    /**
     * Everything the exchange sends before it has dealt with a marker order sent now: an IOC with nothing to
     * trade against, which ends canceled (or rejected). The gateway answers a session's messages in order and
     * the engine reports them in order, so nothing that concerns an earlier message can come after it.
     */
    private static List<String> answersBefore(final RawFixConnection client, final String marker)
        throws IOException
    {
        final String clOrdId = "mark-" + marker;
        client.send("D", "11=" + clOrdId + "|55=SONDE.D|54=1|59=3|" + TIME + "38=1|40=2|44=0.0001|");
        final List<String> answers = new ArrayList<>();
        final long deadline = System.currentTimeMillis() + ANSWER_MS;
        while (System.currentTimeMillis() < deadline)
        {
            for (final String message : client.readFor(ANSWER_MS, 1))
            {
                if (!message.contains(SOH + "11=" + clOrdId + SOH))
                {
                    answers.add(message);
                }
                else if (message.contains(SOH + "39=4" + SOH) || message.contains(SOH + "39=8" + SOH))
                {
                    return answers;
                }
            }
        }
        throw new AssertionError("the marker order " + clOrdId + " did not end; got " + answers);
    }

    private static List<String> reportsBefore(final RawFixConnection client, final String marker)
        throws IOException
    {
        return executionReports(answersBefore(client, marker));
    }

    private static List<String> executionReports(final List<String> messages)
    {
        return messages.stream().filter(message -> message.contains(SOH + "35=8" + SOH)).toList();
    }
}
