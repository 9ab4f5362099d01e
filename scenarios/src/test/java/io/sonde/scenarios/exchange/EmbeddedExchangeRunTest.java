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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The FIX client drives the bundled exchange end to end: gateway, cluster log, matching, reports back.
 */
@Timeout(180)
class EmbeddedExchangeRunTest
{
    @Test
    void everyFlowGetsAllItsReportsAndBothSidesOfEveryTradeAreTold(@TempDir final Path dir) throws Exception
    {
        final Path credentials = Files.writeString(dir.resolve("fix.properties"), "username=desk\npassword=pw\n");
        final Path out = dir.resolve("run");

        final CliHarness cli = CliHarness.runMechanics("run", "--embedded", "--idle", "spin-window", "--sessions", "4",
            "--rate", "1k", "--duration", "3s", "--warmup", "0s", "--flow", "mix",
            "--mix", "new=50,new-cancel=30,new-replace-cancel=20", "--tif", "day", "--symbols", "SONDE.A,SONDE.B",
            "--credentials", credentials.toString(), "--timeout", "10s", "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        final long sent = summary.get("sent").asLong();
        assertEquals(3_000, sent);
        assertEquals(sent, summary.get("acknowledged").asLong(), "balance: every lifecycle completed");
        for (final String stage : List.of("new-ack", "replace", "cancel"))
        {
            assertTrue(summary.get("stages").get(stage).get("corrected").get("count").asLong() > 0, stage);
        }
        summary.get("failures").fields().forEachRemaining(failure ->
            assertEquals(0, failure.getValue().asLong(), failure.getKey()));

        final JsonNode exchange = summary.get("exchange");
        assertEquals(sent, exchange.get("ordersAccepted").asLong(), "every order reached the engine once");
        final long trades = exchange.get("trades").asLong();
        assertTrue(trades > 100, "day orders priced to cross trade with each other: " + trades);
        assertEquals(2 * trades, summary.get("fills").get("fillReports").asLong(),
            "both sides of every trade got a fill report");
        assertEquals(0, exchange.get("undeliveredReports").asLong());
    }

    @Test
    void wrongCredentialsAreRefusedByTheGateway(@TempDir final Path dir) throws Exception
    {
        try (EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0,
            UserDirectory.of(Map.of("desk", "secret")), null, EmbeddedExchange.DEFAULT_SYMBOLS,
            BackoffIdleStrategy::new, false))
        {
            final Path credentials = Files.writeString(dir.resolve("bad.properties"),
                "username=desk\npassword=guess\n");
            final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + exchange.port(),
                "--credentials", credentials.toString(), "--duration", "1s", "--out", dir.resolve("out").toString());

            assertEquals(3, cli.exitCode, "a refused logon: the run could not be carried out; " + cli);
            assertTrue(cli.err.contains("could not log on"), cli.err);
        }
    }

    @Test
    void runNeedsExactlyOneOfTargetAndEmbedded(@TempDir final Path dir)
    {
        final CliHarness neither = CliHarness.runMechanics("run", "--duration", "1s", "--out", dir.toString());
        assertEquals(2, neither.exitCode, neither.toString());
        assertTrue(neither.err.contains("--target HOST:PORT or --embedded"), neither.err);

        final CliHarness both = CliHarness.runMechanics("run", "--embedded", "--target", "127.0.0.1:1", "--out",
            dir.toString());
        assertEquals(2, both.exitCode, both.toString());
    }
}
