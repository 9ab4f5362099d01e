package io.sonde.scenarios.exchange;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Sends hostile inputs to a gateway and checks each answer. Logged-on sessions, one at a time, send a few
 * dozen inputs each (bad orders, cancels of nothing, unsupported types, TestRequests, ResendRequests,
 * PossDup resends, a second Logon, SendingTime abuse) and end with a session-layer violation, a framing
 * error or a plain Logout. Connections that never log on (messages before Logon, garbage, bad BeginString,
 * out-of-range Logon fields, a duplicate CompID, 1 MB messages, idle and slow sockets) run beside them on
 * a pool, many at once.
 * <p>
 * An input is answered when a message naming it arrives (RefSeqNum (45) of a session Reject or
 * BusinessMessageReject, ClOrdID (11) of an ExecutionReport or OrderCancelReject, TestReqID (112) of a
 * Heartbeat) or the gateway closes the connection. Two kinds are silent by FIX's rules and checked
 * otherwise: a PossDup resend of a message already processed is ignored (it must not execute again: no
 * ClOrdID may be rejected or acknowledged twice), and a garbled frame is dropped (the connection is then
 * closed by the fuzzer, and the gateway must keep serving). Any ExecutionReport that does not reject is a
 * bad order accepted; a second session Reject for one MsgSeqNum means two layers answered one message.
 */
final class GatewayFuzzer
{
    private static final String SOH = "\u0001";
    private static final String EARLIER = "20200101-00:00:00.000";
    private static final String LATER = "20991231-00:00:00.000";
    private static final int ANSWER_TIMEOUT_MS = 10_000;
    private static final int CLOSE_TIMEOUT_MS = 15_000;
    private static final int MAX_PROBLEMS = 50;
    private static final int BACKGROUND_THREADS = 16;
    private static final int IDLE_BATCH_EVERY = 2_500;
    private static final int IDLE_CONNECTIONS = 32;
    private static final int SLOW_CONNECTIONS = 4;
    private static final int ONE_MEGABYTE = 1 << 20;

    private final int port;
    private final HostileInputs inputs;
    private final List<String> problems = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, Integer> outcomes = new TreeMap<>();
    private final ExecutorService background = Executors.newFixedThreadPool(BACKGROUND_THREADS, runnable ->
    {
        final Thread thread = new Thread(runnable, "fuzz-background");
        thread.setDaemon(true);
        return thread;
    });
    private final List<Future<?>> pending = new ArrayList<>();
    private int sent;
    private int connections;
    private int caseNumber;
    private long peakRssKb;

    GatewayFuzzer(final int port, final HostileInputs inputs)
    {
        this.port = port;
        this.inputs = inputs;
    }

    void run(final int target) throws Exception
    {
        int nextIdleBatch = 0;
        while (sent < target && problems.size() < MAX_PROBLEMS)
        {
            if (sent >= nextIdleBatch)
            {
                idleAndSlowConnections();
                nextIdleBatch += IDLE_BATCH_EVERY;
            }
            caseNumber++;
            if (inputs.random().nextInt(100) < 75)
            {
                loggedOnSession("FZ" + caseNumber);
            }
            else
            {
                withoutLogon(caseNumber);
            }
            peakRssKb = Math.max(peakRssKb, GatewayFuzzTest.Resources.currentRssKb());
        }
        for (final Future<?> future : pending)
        {
            future.get(CLOSE_TIMEOUT_MS * 4L, TimeUnit.MILLISECONDS);
        }
        background.shutdown();
    }

    int inputs()
    {
        return sent;
    }

    int connections()
    {
        return connections;
    }

    long peakRssKb()
    {
        return peakRssKb;
    }

    List<String> problems()
    {
        synchronized (problems)
        {
            return new ArrayList<>(problems);
        }
    }

    synchronized String outcomes()
    {
        return outcomes.toString();
    }

    private synchronized void outcome(final String kind)
    {
        outcomes.merge(kind, 1, Integer::sum);
    }

    private void problem(final String text)
    {
        if (problems.size() < MAX_PROBLEMS)
        {
            problems.add("[seed case " + caseNumber + "] " + text);
        }
    }

    private enum Answer
    {
        /**
         * A session Reject or BusinessMessageReject naming its MsgSeqNum, a report naming its ClOrdID, or a
         * MarketDataRequestReject naming its MDReqID.
         */
        REJECT_OR_REPORT,
        HEARTBEAT,
        /** A SequenceReset filling the range, or a session Reject naming it. */
        RESEND,
        /** A ResendRequest for the gap. */
        GAP_FILL_REQUEST,
        /** A Logout, or a session Reject naming it. */
        LOGOUT
    }

    /**
     * What one input is waiting for.
     */
    private record Expectation(String what, Answer answer, int refSeqNum, String id)
    {
        boolean metBy(final Map<String, String> message)
        {
            final String type = message.get("35");
            final boolean rejectsIt = "3".equals(type) && String.valueOf(refSeqNum).equals(message.get("45"));
            return switch (answer)
            {
                case REJECT_OR_REPORT -> rejectsIt ||
                    ("j".equals(type) && String.valueOf(refSeqNum).equals(message.get("45"))) ||
                    (id != null && !id.isEmpty() && ("8".equals(type) || "9".equals(type)) &&
                        id.equals(message.get("11"))) ||
                    (id != null && "Y".equals(type) && id.equals(message.get("262")));
                case HEARTBEAT -> "0".equals(type) && id.equals(message.get("112"));
                case RESEND -> "4".equals(type) || rejectsIt;
                case GAP_FILL_REQUEST -> "2".equals(type);
                case LOGOUT -> "5".equals(type) || rejectsIt;
            };
        }
    }

    private void loggedOnSession(final String compId) throws Exception
    {
        connections++;
        try (RawFixConnection connection = new RawFixConnection(port, compId))
        {
            try
            {
                connection.logOn();
            }
            catch (final IllegalStateException ex)
            {
                problem(compId + ": a plain Logon was not answered: " + ex.getMessage());
                return;
            }
            final List<Expectation> expected = new ArrayList<>();
            final List<String[]> ordersSent = new ArrayList<>();
            final int count = inputs.between(10, 60);
            try
            {
                for (int i = 0; i < count; i++)
                {
                    sendOne(connection, compId, expected, ordersSent);
                    sent++;
                }
                awaitAnswers(connection, compId, expected, null);
                if (!connection.isClosedByPeer())
                {
                    sent++;
                    awaitAnswers(connection, compId, expected, end(connection, compId, expected));
                }
            }
            catch (final IOException ex)
            {
                outcome("closed while sending");
            }
        }
    }

    private void sendOne(
        final RawFixConnection connection, final String compId, final List<Expectation> expected,
        final List<String[]> ordersSent) throws IOException
    {
        final int sequence = connection.nextSequence();
        final String clOrdId = compId + "-" + sequence;
        final int kind = inputs.random().nextInt(100);
        if (kind < 45)
        {
            final String body = inputs.badOrder(clOrdId);
            connection.send("D", body);
            expected.add(new Expectation("bad order " + body, Answer.REJECT_OR_REPORT, sequence, clOrdIdOf(body)));
            ordersSent.add(new String[]{String.valueOf(sequence), body});
        }
        else if (kind < 55)
        {
            final String type = inputs.random().nextBoolean() ? "F" : "G";
            final String body = inputs.cancelOrReplaceOfNothing(type, clOrdId);
            connection.send(type, body);
            expected.add(new Expectation(type + " of nothing " + body, Answer.REJECT_OR_REPORT, sequence, clOrdId));
        }
        else if (kind < 60)
        {
            final String body = inputs.badMarketDataRequest(clOrdId);
            connection.send("V", body);
            expected.add(new Expectation("bad MarketDataRequest " + body, Answer.REJECT_OR_REPORT, sequence,
                clOrdId));
        }
        else if (kind < 65)
        {
            final String type = inputs.unsupportedType();
            connection.send(type, "11=" + clOrdId + "|");
            expected.add(new Expectation("unsupported type " + type, Answer.REJECT_OR_REPORT, sequence, null));
        }
        else if (kind < 72)
        {
            connection.send("1", "112=" + clOrdId + "|");
            expected.add(new Expectation("TestRequest", Answer.HEARTBEAT, sequence, clOrdId));
        }
        else if (kind < 78)
        {
            final String range = inputs.pick(List.of("7=0|16=0|", "7=1|16=999999|", "7=5|16=2|", "7=-1|16=0|"));
            connection.send("2", range);
            expected.add(new Expectation("ResendRequest " + range, Answer.RESEND, sequence, null));
        }
        else if (kind < 88 && !ordersSent.isEmpty())
        {
            final String[] earlier = inputs.pick(ordersSent);
            connection.sendAs(Integer.parseInt(earlier[0]), "43=Y|122=" + EARLIER + "|", "D", earlier[1]);
            outcome("possdup resend ignored");
        }
        else if (kind < 94)
        {
            connection.send("A", "98=0|108=30|");
            expected.add(new Expectation("second Logon", Answer.REJECT_OR_REPORT, sequence, null));
        }
        else
        {
            connection.sendAs(sequence, "43=Y|122=" + LATER + "|", "D", inputs.badOrder(clOrdId));
            connection.nextSequence(sequence + 1);
            expected.add(new Expectation("OrigSendingTime after SendingTime", Answer.REJECT_OR_REPORT, sequence, null));
        }
    }

    /**
     * The input that ends a logged-on session: a Logout, a violation the session layer must answer, or a
     * frame FIX says to drop (after which the fuzzer hangs up, since what a dropped frame does to the next
     * message is the framer's business and not a question of answers).
     *
     * @return what was sent when the gateway must close the connection by itself, else null.
     */
    private String end(final RawFixConnection connection, final String compId, final List<Expectation> expected)
        throws IOException
    {
        final int sequence = connection.nextSequence();
        switch (inputs.random().nextInt(9))
        {
            case 0 ->
            {
                connection.send("5", "58=bye|");
                expected.add(new Expectation("Logout", Answer.LOGOUT, sequence, null));
                return null;
            }
            case 1 ->
            {
                connection.sendAs(1, "", "0", "");
                expected.add(new Expectation("MsgSeqNum too low without PossDup", Answer.LOGOUT, 1, null));
                return "MsgSeqNum too low without PossDup";
            }
            case 2 ->
            {
                connection.sendAs(sequence + inputs.between(2, 50), "", "D", inputs.badOrder(compId + "-gap"));
                expected.add(new Expectation("sequence gap", Answer.GAP_FILL_REQUEST, sequence, null));
                return null;
            }
            case 3 ->
            {
                connection.sendRaw(RawFixConnection.frame("35=D|49=SOMEONE|56=EXCH|34=" + sequence + "|52=" +
                    RawFixConnection.now() + "|" + inputs.badOrder(compId + "-who")));
                expected.add(new Expectation("another SenderCompID", Answer.LOGOUT, sequence, null));
                return "another SenderCompID";
            }
            case 4 ->
            {
                connection.sendRaw(hugeMessage(compId, sequence));
                outcome("1 MB message");
                return "a 1 MB message";
            }
            case 5, 6, 7 ->
            {
                connection.sendRaw(garbled(compId, sequence));
                outcome("garbled frame");
                return null;
            }
            default ->
            {
                outcome("hung up");
                return null;
            }
        }
    }

    private byte[] garbled(final String compId, final int sequence)
    {
        final String fields = "35=D|49=" + compId + "|56=EXCH|34=" + sequence + "|52=" + RawFixConnection.now() +
            "|" + inputs.badOrder(compId + "-garbled");
        final String good = new String(RawFixConnection.frame(fields), StandardCharsets.US_ASCII);
        final int checksum = good.lastIndexOf(SOH + "10=") + 1;
        final int bodyLength = good.indexOf(SOH + "9=") + 1;
        final int bodyLengthEnd = good.indexOf(SOH, bodyLength);
        final String broken = switch (inputs.random().nextInt(7))
        {
            case 0 -> good.substring(0, checksum) + "10=" + (good.charAt(checksum + 3) == '9' ? "000" : "999") + SOH;
            case 1 -> good.substring(0, bodyLength) + "9=" + inputs.between(1, 400) + good.substring(bodyLengthEnd);
            case 2 -> good.replace("8=FIX.4.4", inputs.pick(List.of("8=FIX.4.2", "8=FIXT.1.1", "8=XYZ", "")));
            case 3 -> good.substring(0, checksum - 1) + good.substring(checksum);
            case 4 -> good + inputs.pick(List.of("\r\n", SOH, SOH + SOH));
            case 5 -> good.substring(0, checksum);
            default -> new String(inputs.garbage(inputs.between(1, 2_048)), StandardCharsets.ISO_8859_1);
        };
        return broken.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] hugeMessage(final String compId, final int sequence)
    {
        return RawFixConnection.frame("35=D|49=" + compId + "|56=EXCH|34=" + sequence + "|52=" +
            RawFixConnection.now() + "|58=" + "X".repeat(ONE_MEGABYTE) + "|");
    }

    /**
     * Read until every expectation is met, the gateway closes the connection (which answers them all), or
     * nothing new arrives for a while; check every report on the way.
     */
    private void awaitAnswers(
        final RawFixConnection connection, final String compId, final List<Expectation> expected,
        final String mustClose) throws IOException
    {
        final Map<String, Integer> rejectionsSeen = new HashMap<>();
        long quietSince = System.currentTimeMillis();
        while (!connection.isClosedByPeer() && (!expected.isEmpty() || mustClose != null) &&
            System.currentTimeMillis() - quietSince < (mustClose != null ? CLOSE_TIMEOUT_MS : ANSWER_TIMEOUT_MS))
        {
            final List<String> messages = connection.readFor(500, 1);
            if (!messages.isEmpty())
            {
                quietSince = System.currentTimeMillis();
            }
            for (final String message : messages)
            {
                final Map<String, String> fields = FixFields.of(message);
                checkReport(compId, fields, rejectionsSeen, message);
                expected.removeIf(expectation ->
                {
                    if (expectation.metBy(fields))
                    {
                        outcome(answerKind(fields));
                        return true;
                    }
                    return false;
                });
            }
        }
        if (connection.isClosedByPeer())
        {
            expected.forEach(expectation -> outcome("closed"));
            return;
        }
        expected.forEach(expectation -> problem(compId + ": no answer to " + expectation.what()));
        if (mustClose != null)
        {
            problem(compId + ": connection not closed by the gateway after " + mustClose);
        }
    }

    private void checkReport(
        final String compId, final Map<String, String> fields, final Map<String, Integer> rejectionsSeen,
        final String message)
    {
        if ("3".equals(fields.get("35")) && rejectionsSeen.merge("seq " + fields.get("45"), 1, Integer::sum) > 1)
        {
            problem(compId + ": two session Rejects for MsgSeqNum " + fields.get("45"));
            return;
        }
        if (!"8".equals(fields.get("35")))
        {
            return;
        }
        if (!"8".equals(fields.get("39")))
        {
            problem(compId + ": bad order accepted: " + message.replace(SOH, "|"));
            return;
        }
        final String id = fields.get("11");
        if (id != null && rejectionsSeen.merge(id, 1, Integer::sum) > 1)
        {
            problem(compId + ": order " + id + " handled twice: " + message.replace(SOH, "|"));
        }
    }

    private static String answerKind(final Map<String, String> fields)
    {
        final String type = fields.get("35");
        return switch (type)
        {
            case "3" -> "session Reject 373=" + fields.get("373");
            case "j" -> "BusinessMessageReject 380=" + fields.get("380");
            case "8" -> "ExecutionReport 39=" + fields.get("39");
            case "9" -> "OrderCancelReject";
            case "0" -> "Heartbeat";
            case "2" -> "ResendRequest";
            case "4" -> "SequenceReset";
            case "5" -> "Logout";
            default -> "35=" + type;
        };
    }

    /**
     * One connection that never logs on properly, on the background pool: it must be closed by the gateway
     * (after a Logout with Text where the Logon was refused).
     */
    private void withoutLogon(final int caseNo)
    {
        final String compId = "PRE" + caseNo;
        final int kind = inputs.random().nextInt(8);
        final byte[] bytes = switch (kind)
        {
            case 0 -> RawFixConnection.frame("35=D|49=" + compId + "|56=EXCH|34=1|52=" + RawFixConnection.now() +
                "|" + inputs.badOrder(compId));
            case 1 -> inputs.garbage(inputs.between(1, 4_096));
            case 2 -> new String(RawFixConnection.frame(logon(compId, "")), StandardCharsets.US_ASCII)
                .replace("8=FIX.4.4", inputs.pick(List.of("8=FIX.4.2", "8=FIXT.1.1", "8=FIX.4.4.4")))
                .getBytes(StandardCharsets.US_ASCII);
            case 3 -> RawFixConnection.frame(logon(compId, inputs.pick(List.of("35002=X|", "35002=9|", "35002=4|",
                "35002=-1|", "35002=1|35003=-5|", "35002=1|35003=999999999|"))));
            case 4 -> RawFixConnection.frame(logon(compId, "").replace("108=30", "108=-" + inputs.between(1, 99)));
            case 5 -> RawFixConnection.frame(logon("GOOD", ""));
            case 6 -> hugeMessage(compId, 1);
            default -> RawFixConnection.frame(logon(compId, "35002=" + inputs.pick(List.of("X", "7", "12")) + "|"));
        };
        final boolean refusedLogon = kind == 3 || kind == 4 || kind == 7;
        sent++;
        connections++;
        pending.add(background.submit(() -> expectClosed(compId, bytes, refusedLogon, 0)));
    }

    private static String clOrdIdOf(final String body)
    {
        final int start = body.startsWith("11=") ? 0 : body.indexOf("|11=") + 1;
        return start < 0 || !body.startsWith("11=", start) ? null : body.substring(start + 3, body.indexOf('|', start));
    }

    private static String logon(final String compId, final String extra)
    {
        return "35=A|49=" + compId + "|56=EXCH|34=1|52=" + RawFixConnection.now() + "|98=0|108=30|" + extra;
    }

    /**
     * Idle sockets that send nothing and slow ones that dribble a Logon a byte at a time: the gateway must
     * cut each within its logon timeout.
     */
    private void idleAndSlowConnections()
    {
        for (int i = 0; i < IDLE_CONNECTIONS; i++)
        {
            pending.add(background.submit(() -> expectClosed("idle", new byte[0], false, 0)));
        }
        for (int i = 0; i < SLOW_CONNECTIONS; i++)
        {
            final byte[] logon = RawFixConnection.frame(logon("SLOW" + caseNumber + "x" + i, ""));
            pending.add(background.submit(() -> expectClosed("slowloris", logon, false, 300)));
        }
        sent += IDLE_CONNECTIONS + SLOW_CONNECTIONS;
        connections += IDLE_CONNECTIONS + SLOW_CONNECTIONS;
    }

    /**
     * @param byteIntervalMs 0 to send everything at once, else the pause between single bytes.
     */
    private Void expectClosed(final String name, final byte[] bytes, final boolean logoutWithText,
        final int byteIntervalMs) throws Exception
    {
        try (RawFixConnection connection = new RawFixConnection(port, name))
        {
            final long deadline = System.currentTimeMillis() + CLOSE_TIMEOUT_MS;
            try
            {
                if (byteIntervalMs == 0)
                {
                    connection.sendRaw(bytes);
                }
                else
                {
                    for (int i = 0; i < bytes.length && System.currentTimeMillis() < deadline; i++)
                    {
                        connection.sendRaw(new byte[]{bytes[i]});
                        Thread.sleep(byteIntervalMs);
                    }
                }
            }
            catch (final IOException ex)
            {
                outcome("closed while sending");
                return null;
            }
            final List<String> answers = new ArrayList<>();
            while (!connection.isClosedByPeer() && System.currentTimeMillis() < deadline)
            {
                answers.addAll(connection.readFor(500, 1));
            }
            if (!connection.isClosedByPeer())
            {
                problem(name + ": connection not closed within " + CLOSE_TIMEOUT_MS + " ms");
            }
            else if (logoutWithText && answers.stream().noneMatch(m -> m.contains(SOH + "35=5" + SOH) &&
                m.contains(SOH + "58=")))
            {
                problem(name + ": refused Logon without a Logout with Text: " + answers);
            }
            else
            {
                outcome(name.startsWith("PRE") ? (logoutWithText ? "Logout with Text, closed" : "closed") :
                    name + " closed");
            }
        }
        return null;
    }
}
