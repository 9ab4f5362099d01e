package io.sonde.scenarios.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The schedules the command line reaches arrive at the venue in their shape: checked on the NewOrderSingles'
 * SendingTime (52) as the acceptor received them.
 */
@Timeout(120)
class ScheduleShapesRunTest
{
    private static final DateTimeFormatter SENDING_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS");
    private static final long BURST_GAP_MS = 100;
    private static ReferenceAcceptor acceptor;

    @TempDir
    private Path dir;

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
    void stepsArriveAtEachStagesRateAndLastTheMeasuredDuration() throws Exception
    {
        final List<Map<Integer, String>> wire = run("steps", "--schedule", "steps", "--stages", "100:1s,400:1s");

        final List<Long> times = newOrderTimesMs(wire, null);
        assertEquals(500, times.size(), 10, "100 in the first second, 400 in the next");
        final long first = times.get(0);
        final long inFirstSecond = times.stream().filter(time -> time - first < 1_000).count();
        assertEquals(100, inFirstSecond, 25, "the first stage's second");
        assertEquals(400, times.size() - inFirstSecond, 25, "the second stage's second");
        assertEquals(2.0, new ObjectMapper().readTree(dir.resolve("steps/summary.json").toFile())
            .get("measuredSeconds").asDouble(), 1e-9, "the stages set the measured duration");
    }

    @Test
    void burstsArriveTogetherAtTheirIntendedSpacing() throws Exception
    {
        final List<Map<Integer, String>> wire = run("burst", "--schedule", "burst", "--burst-size", "50",
            "--rate", "200", "--duration", "2s");

        final List<List<Long>> bursts = bursts(newOrderTimesMs(wire, null));
        assertEquals(8, bursts.size(), "a burst of 50 every 250 ms for 2 s: " + sizes(bursts));
        for (final List<Long> burst : bursts)
        {
            assertEquals(50, burst.size(), sizes(bursts).toString());
        }
        final long span = bursts.get(bursts.size() - 1).get(0) - bursts.get(0).get(0);
        assertEquals(1_750, span, 100, "7 periods of 250 ms from the first burst to the last");
    }

    @Test
    void aBurstingSessionGroupBurstsOnlyOnItsOwnSessions() throws Exception
    {
        final List<Map<Integer, String>> wire = run("groups", "--session-groups", "1:constant,1:burst(20)",
            "--rate", "200", "--duration", "2s");

        final List<String> senders = new ArrayList<>(new TreeMap<>(bySender(wire)).keySet());
        assertEquals(2, senders.size(), senders.toString());
        final List<Long> steady = newOrderTimesMs(wire, senders.get(0));
        final List<List<Long>> bursts = bursts(newOrderTimesMs(wire, senders.get(1)));
        assertEquals(200, steady.size(), 10, "the first session: 100/s, steady");
        assertEquals(1, bursts(steady).size(), "no pause of " + BURST_GAP_MS + " ms in a steady 100/s");
        assertEquals(10, bursts.size(), "the second session: 20 orders every 200 ms: " + sizes(bursts));
        for (final List<Long> burst : bursts)
        {
            assertEquals(20, burst.size(), sizes(bursts).toString());
        }
    }

    @Test
    void stagesThatDisagreeWithTheDurationAreRefusedNamingBoth() throws Exception
    {
        final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + acceptor.port(), "--schedule",
            "steps", "--stages", "1k:10s,2k:10s", "--duration", "30s", "--out", dir.resolve("x").toString());

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("--duration 30s does not match --stages 1k:10s,2k:10s, which last 20s"), cli.err);
    }

    @Test
    void sessionGroupsThatDisagreeWithTheSessionsAreRefused() throws Exception
    {
        final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + acceptor.port(),
            "--sessions", "3",
            "--session-groups", "4:constant,2:burst(50)", "--out", dir.resolve("x").toString());

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("--session-groups 4:constant,2:burst(50) has 6 sessions but --sessions is 3"),
            cli.err);
    }

    private List<Map<Integer, String>> run(final String name, final String... schedule) throws Exception
    {
        final Path credentials = Files.writeString(dir.resolve("fix.properties"), "username=sonde\npassword=pw\n");
        try (WireTap tap = new WireTap(acceptor.port()))
        {
            final List<String> args = new ArrayList<>(List.of("run", "--target", "127.0.0.1:" + tap.port(),
                "--warmup", "0s", "--slo", "p99=10s", "--credentials", credentials.toString(), "--out",
                dir.resolve(name).toString()));
            args.addAll(List.of(schedule));
            final CliHarness cli = CliHarness.runMechanics(args.toArray(new String[0]));
            assertEquals(0, cli.exitCode, cli.toString());
            return tap.messagesFromClient();
        }
    }

    private static Map<String, List<Map<Integer, String>>> bySender(final List<Map<Integer, String>> wire)
    {
        final Map<String, List<Map<Integer, String>>> senders = new TreeMap<>();
        for (final Map<Integer, String> message : wire)
        {
            senders.computeIfAbsent(message.get(49), sender -> new ArrayList<>()).add(message);
        }
        return senders;
    }

    /**
     * @param sender only this SenderCompID's, or null for all.
     * @return the NewOrderSingles' SendingTime, epoch milliseconds, in order.
     */
    private static List<Long> newOrderTimesMs(final List<Map<Integer, String>> wire, final String sender)
    {
        final List<Long> times = new ArrayList<>();
        for (final Map<Integer, String> message : wire)
        {
            if ("D".equals(message.get(35)) && (sender == null || sender.equals(message.get(49))))
            {
                times.add(LocalDateTime.parse(message.get(52), SENDING_TIME).toInstant(ZoneOffset.UTC).toEpochMilli());
            }
        }
        Collections.sort(times);
        return times;
    }

    /**
     * @return the times split wherever two follow each other more than {@link #BURST_GAP_MS} apart.
     */
    private static List<List<Long>> bursts(final List<Long> times)
    {
        final List<List<Long>> bursts = new ArrayList<>();
        long previous = Long.MIN_VALUE;
        for (final long time : times)
        {
            if (bursts.isEmpty() || time - previous > BURST_GAP_MS)
            {
                bursts.add(new ArrayList<>());
            }
            bursts.get(bursts.size() - 1).add(time);
            previous = time;
        }
        return bursts;
    }

    private static List<Integer> sizes(final List<List<Long>> bursts)
    {
        return bursts.stream().map(List::size).toList();
    }
}
