package io.sonde.scenarios.exchange;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults on the bundled exchange: {@code sonde run --embedded --nodes 3} starts three member processes, kills its
 * leader mid-run and restarts it, and judges the recovery; a fault the exchange cannot take is refused before
 * anything starts.
 */
class ExchangeFaultsTest
{
    private static final int RATE = 400;
    private static final int DURATION_SECONDS = 20;
    /**
     * The one reason a kill-leader may end unrecovered here: the interval p99 not back near its level before the
     * fault, which a host shared with other builds can hold up. Sessions that never came back, or orders in flight
     * at the kill that never settled, are the exchange's failure to recover.
     */
    private static final String LATENCY_NOT_BACK = "the interval p99 never came back";

    @TempDir
    Path dir;

    @Test
    @Timeout(240)
    void killingTheLeaderOfThreeMemberProcessesLosesAndDuplicatesNoAcknowledgedOrderAndIsJudged() throws Exception
    {
        final Path out = dir.resolve("kill-leader");
        final CliHarness cli = CliHarness.runMechanics("run", "--embedded", "--nodes", "3", "--idle", "backoff",
            "--rate", Integer.toString(RATE), "--duration", DURATION_SECONDS + "s", "--warmup", "0s", "--sessions",
            "2", "--flow", "new-cancel", "--timeout", "5s", "--fault", "5s:kill-leader", "--out", out.toString());

        assertTrue(Files.isRegularFile(out.resolve("summary.json")), cli.toString());
        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        final JsonNode fault = summary.get("faults").get(0);
        assertEquals("kill-leader", fault.get("kind").asText(), cli.toString());
        assertTrue(fault.has("member"), "the member killed is named: " + fault);
        assertEquals(0, fault.get("lost").asLong(), fault.toString());
        assertEquals(0, fault.get("duplicated").asLong(), fault.toString());
        assertEquals(0, fault.get("unknown").asLong(), "the gateway resent what the dead leader took: " + fault);
        final boolean recovered = fault.get("recovered").asBoolean();
        assertTrue(recovered || fault.get("reason").asText().startsWith(LATENCY_NOT_BACK),
            "the sessions came back and every order in flight at the kill settled: " + fault);
        assertEquals(recovered, fault.get("recoveryMillis").isNumber() && fault.get("recoveryMillis").asDouble() > 0,
            "a recovery has its figure: " + fault);
        assertEquals(recovered, fault.get("reason").isNull(), "only a fault that did not recover says why: " + fault);
        final JsonNode exchange = summary.get("exchange");
        assertTrue(exchange.get("commandsResent").asLong() > 0, exchange.toString());
        assertEquals(summary.get("sent").asLong(), exchange.get("ordersAccepted").asLong(),
            "every order reached the engine, none twice: " + exchange);
        assertTrue(exchange.get("leaderChanges").asLong() >= 1, "the gateway followed a new leader: " + exchange);
        final JsonNode applied = new ObjectMapper().readTree(out.resolve("faults.json").toFile()).get(0);
        assertEquals(fault.get("member").asInt(), applied.get("member").asInt(), applied.toString());
        System.out.printf("kill-leader at %d/s: recovery %s, %s; engine accepted %d, client acknowledged %d new " +
            "orders and found %d lost acknowledgements; leader changes %d, commands resent %d; failures %s%n", RATE,
            fault.get("recoveryMillis"), fault.get("reason"), exchange.get("ordersAccepted").asLong(),
            summary.get("stages").get("new-ack").get("corrected").get("count").asLong(),
            summary.get("failures").path("resolvedLate.lostAcks").asLong(), exchange.get("leaderChanges").asLong(),
            exchange.get("commandsResent").asLong(), summary.get("failures"));
    }

    @Test
    @Timeout(240)
    void pausingTheLeaderForTwoSecondsElectsAnotherAndLosesAndDuplicatesNoAcknowledgedOrder() throws Exception
    {
        final Path out = dir.resolve("pause-leader");
        final CliHarness cli = CliHarness.runMechanics("run", "--embedded", "--nodes", "3", "--idle", "backoff",
            "--rate", Integer.toString(RATE), "--duration", "15s", "--warmup", "0s", "--sessions", "2", "--flow",
            "new-cancel", "--timeout", "5s", "--fault", "4s:pause-leader:2s", "--out", out.toString());

        assertTrue(Files.isRegularFile(out.resolve("summary.json")), cli.toString());
        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        final JsonNode fault = summary.get("faults").get(0);
        assertEquals("pause-leader", fault.get("kind").asText(), cli.toString());
        assertEquals("2s", fault.get("argument").asText());
        assertEquals(0, fault.get("lost").asLong(), fault.toString());
        assertEquals(0, fault.get("duplicated").asLong(), fault.toString());
        assertTrue(summary.get("exchange").get("leaderChanges").asLong() >= 1,
            "a two-second pause outlasts the 300 ms leader timeout: " + summary.get("exchange"));
        final JsonNode applied = new ObjectMapper().readTree(out.resolve("faults.json").toFile()).get(0);
        assertEquals(fault.get("member").asInt(), applied.get("member").asInt(), "the member paused: " + applied);
        System.out.printf("pause-leader:2s at %d/s: recovery %s, %s%n", RATE, fault.get("recoveryMillis"),
            fault.get("reason"));
    }

    @Test
    @Timeout(60)
    void anExchangeFaultOnTheOneMemberExchangeIsRefusedNamingNodes()
    {
        final CliHarness cli = CliHarness.run("run", "--embedded", "--rate", "100", "--duration", "10s",
            "--fault", "5s:kill-leader", "--out", dir.resolve("one").toString());

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("--fault 5s:kill-leader needs --nodes 3"), cli.err);
    }

    @Test
    @Timeout(60)
    void aPartitionIsRefusedWithTheReasonBeforeAnyMemberStarts()
    {
        final CliHarness cli = CliHarness.run("run", "--embedded", "--nodes", "3", "--rate", "100", "--duration",
            "10s", "--fault", "5s:partition-leader:1s", "--out", dir.resolve("partition").toString());

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("--fault 5s:partition-leader:1s: the members share this host's loopback"),
            cli.err);
    }

    @Test
    @Timeout(60)
    void nodesWithoutTheBundledExchangeAndExchangeCommandMisusesExitTwo()
    {
        final CliHarness target = CliHarness.run("run", "--target", "127.0.0.1:9", "--nodes", "3", "--rate", "100",
            "--duration", "1s", "--out", dir.resolve("target").toString());
        final CliHarness oneMember = CliHarness.run("exchange", "--fault", "5s:kill-leader");
        final CliHarness sessionFault = CliHarness.run("exchange", "--nodes", "3", "--fault", "5s:disconnect:1");
        final CliHarness gateway = CliHarness.run("exchange", "--nodes", "3", "--fault", "5s:kill-gateway");

        assertEquals(2, target.exitCode, target.toString());
        assertTrue(target.err.contains("--nodes is the bundled exchange's cluster size: it needs --embedded"),
            target.err);
        assertEquals(2, oneMember.exitCode, oneMember.toString());
        assertTrue(oneMember.err.contains("--fault 5s:kill-leader needs --nodes 3"), oneMember.err);
        assertEquals(2, sessionFault.exitCode, sessionFault.toString());
        assertTrue(sessionFault.err.contains("give it to 'sonde run'"), sessionFault.err);
        assertEquals(2, gateway.exitCode, gateway.toString());
        assertTrue(gateway.err.contains("the gateway runs inside the Sonde process"), gateway.err);
    }
}
