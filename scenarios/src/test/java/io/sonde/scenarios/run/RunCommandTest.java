package io.sonde.scenarios.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(120)
class RunCommandTest
{
    private static ReferenceAcceptor acceptor;

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
    void aRunThatCannotLogOnSaysSoAsItWaitsAndLeavesAVoidSummaryAndAFailingJUnitCase(@TempDir final Path dir)
        throws Exception
    {
        final int closedPort;
        try (ServerSocket socket = new ServerSocket(0))
        {
            closedPort = socket.getLocalPort();
        }
        final Path out = dir.resolve("unreachable");
        final Path junit = dir.resolve("junit.xml");
        final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + closedPort, "--duration", "1s",
            "--junit", junit.toString(), "--out", out.toString());

        assertEquals(3, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("[run] 0 of 1 session(s) logged on to 127.0.0.1:" + closedPort + " after 1s"),
            "progress while it waits, naming the target: " + cli.out);
        assertFalse((cli.out + cli.err).contains("Exception"), "the reason in words, not a class: " + cli);

        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(0, summary.get("sent").asLong());
        assertEquals("VOID", summary.get("checks").get(0).get("outcome").asText());
        assertTrue(summary.get("checks").get(0).get("detail").asText().contains("could not log on"),
            summary.toString());
        final String report = Files.readString(junit);
        assertTrue(report.contains("tests=\"1\"") && report.contains("<error message=\"session SONDE1 -&gt; EXCH " +
            "could not log on to 127.0.0.1:" + closedPort), report);
    }

    @Test
    void aMixedRunPrintsProgressAndWritesSummaryWithStagesAndFailures(@TempDir final Path dir) throws Exception
    {
        final Path credentials = Files.writeString(dir.resolve("fix.properties"), "username=sonde\npassword=pw\n");
        final Path out = dir.resolve("run");
        final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + acceptor.port(),
            "--sessions", "8",
            "--rate", "2k", "--duration", "2s", "--warmup", "1s", "--flow", "mix", "--credentials",
            credentials.toString(), "--slo", "p99=10s", "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("measure"), cli.out);
        assertTrue(cli.out.contains("SLO p99"), cli.out);
        assertFalse(cli.out.contains("pw"), "the password never reaches the console");

        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        final long sent = summary.get("sent").asLong();
        assertTrue(sent >= 3_900, "sent " + sent);
        assertEquals(sent, summary.get("acknowledged").asLong());
        assertEquals(8, summary.get("sessions").asInt());
        for (final String stage : List.of("new-ack", "new-fill", "replace", "cancel"))
        {
            assertTrue(summary.get("stages").get(stage).get("corrected").get("count").asLong() > 0, stage);
        }
        assertEquals(sent, summary.get("stages").get("new-ack").get("corrected").get("count").asLong());
        for (final String kind : List.of("orderRejected", "cancelRejected", "sessionReject", "businessReject",
            "endedBySessionDown", "timedOut", "unknownClOrdId"))
        {
            assertEquals(0, summary.get("failures").get(kind).asLong(), kind);
        }
        assertTrue(summary.get("slo").get(0).get("met").asBoolean());
        assertTrue(Files.size(out.resolve("run.hlog")) > 0);
        assertFalse(Files.readString(out.resolve("summary.json")).contains("\"pw\""), "no password in results");
    }

    @Test
    void aBreachedSloExitsOne(@TempDir final Path dir) throws Exception
    {
        final Path credentials = Files.writeString(dir.resolve("fix.properties"), "username=sonde\npassword=pw\n");
        final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + acceptor.port(), "--rate",
            "500",
            "--duration", "1s", "--warmup", "0s", "--slo", "p50=1ns", "--credentials", credentials.toString(),
            "--out", dir.resolve("out").toString());
        assertEquals(1, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("BREACHED"), cli.out);
    }

    @Test
    void anUnreachableTargetCannotBeCarriedOutExitsThreeAndSaysWhere(@TempDir final Path dir) throws Exception
    {
        final int closedPort;
        try (ServerSocket socket = new ServerSocket(0))
        {
            closedPort = socket.getLocalPort();
        }
        final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + closedPort, "--duration", "1s",
            "--out", dir.toString());
        assertEquals(3, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("127.0.0.1:" + closedPort), cli.err);
        assertFalse(cli.err.contains("\tat "), "no stack trace: " + cli.err);
    }

    @Test
    void generatorsGivenTheSameStartTimeWaitForIt(@TempDir final Path dir) throws Exception
    {
        final Path credentials = Files.writeString(dir.resolve("fix.properties"), "username=sonde\npassword=pw\n");
        final long startedMs = System.currentTimeMillis();
        final String startAt = java.time.Instant.ofEpochMilli(startedMs + 4_000).toString();

        final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + acceptor.port(), "--rate",
            "200",
            "--duration", "1s", "--warmup", "0s", "--start-at", startAt, "--credentials", credentials.toString(),
            "--out", dir.resolve("out").toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("for --start-at " + startAt), cli.out);
        assertTrue(System.currentTimeMillis() - startedMs >= 4_000, "the load began at the start time");

        final CliHarness late = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + acceptor.port(), "--rate",
            "200",
            "--duration", "1s", "--warmup", "0s", "--start-at", "2020-01-01T00:00:00Z", "--credentials",
            credentials.toString(), "--out", dir.resolve("late").toString());
        assertEquals(0, late.exitCode, late.toString());
        assertTrue(late.out.contains("passed") && late.out.contains("starting now"), late.out);
    }

    @Test
    void aRefusedLogonCannotBeCarriedOutExitsThree(@TempDir final Path dir) throws Exception
    {
        final Path credentials = Files.writeString(dir.resolve("bad.properties"), "username=sonde\npassword=no\n");
        final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + acceptor.port(),
            "--credentials",
            credentials.toString(), "--duration", "1s", "--out", dir.resolve("out").toString());
        assertEquals(3, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("could not log on"), cli.err);
    }

    @Test
    void malformedFlagsExitTwoNamingTheValue()
    {
        final CliHarness target = CliHarness.runMechanics("run", "--target", "nowhere");
        assertEquals(2, target.exitCode, target.toString());
        assertTrue(target.err.contains("nowhere"), target.err);

        final CliHarness flow = CliHarness.runMechanics("run", "--target", "127.0.0.1:1", "--flow", "sideways");
        assertEquals(2, flow.exitCode, flow.toString());
        assertTrue(flow.err.contains("sideways"), flow.err);

        final CliHarness slo = CliHarness.runMechanics("run", "--target", "127.0.0.1:1", "--slo", "p42=1ms");
        assertEquals(2, slo.exitCode, slo.toString());
        assertTrue(slo.err.contains("p42"), slo.err);

        final CliHarness sessions = CliHarness.runMechanics("run", "--target", "127.0.0.1:1", "--sessions", "0");
        assertEquals(2, sessions.exitCode, sessions.toString());
        assertTrue(sessions.err.contains("session"), sessions.err);

        final CliHarness missing = CliHarness.runMechanics("run", "--target", "127.0.0.1:1", "--credentials",
            "/no/such/file");
        assertEquals(2, missing.exitCode, missing.toString());
        assertTrue(missing.err.contains("/no/such/file"), missing.err);
    }
}
