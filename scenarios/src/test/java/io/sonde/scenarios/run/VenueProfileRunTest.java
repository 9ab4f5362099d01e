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

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --venue}: a profile sets what a venue needs, flags given on the command line win over it, and a profile
 * with problems stops the run before anything connects, naming every problem.
 */
@Timeout(120)
class VenueProfileRunTest
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
    void aProfileWithProblemsExitsTwoNamingEveryOne(@TempDir final Path dir) throws Exception
    {
        final Path venue = Files.writeString(dir.resolve("venue.yaml"), """
            fix:
              version: FIX.4.1
            messages:
              NewOrderSingle:
                - {field: HandlInst, value: 12}
                - {tag: 123456, value: x}
            """);
        final long ordersBefore = acceptor.ordersReceived();

        final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + acceptor.port(), "--rate",
            "100",
            "--duration", "1s", "--venue", venue.toString(), "--out", dir.resolve("out").toString());

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("3 problems"), cli.err);
        assertTrue(cli.err.contains("fix.version: unknown FIX version 'FIX.4.1'"), cli.err);
        assertTrue(cli.err.contains("(HandlInst, 21): '12' is not one printable character"), cli.err);
        assertTrue(cli.err.contains("tag 123456"), cli.err);
        assertEquals(ordersBefore, acceptor.ordersReceived(), "nothing was sent");
    }

    @Test
    void theProfileLogsOnAndItsFieldsTravelWithEveryOrderWhileGivenFlagsWin(@TempDir final Path dir)
        throws Exception
    {
        final Path venue = Files.writeString(dir.resolve("venue.yaml"), """
            name: reference
            fix:
              version: FIX.4.4
              senderCompId: VENUE%d
              targetCompId: TESTEXCH
              heartbeatSeconds: 10
            logon: {username: sonde, password: pw}
            account: ACC1
            symbols:
              - {symbol: PROFILED.A}
            messages:
              NewOrderSingle:
                - {field: HandlInst, value: 1}
                - {field: ExDestination, cycle: [XNYS, ARCX]}
                - group: NoPartyIDs
                  entries:
                    - [{field: PartyID, perSession: "T%d"}, {field: PartyIDSource, value: D}]
              OrderCancelRequest:
                - {tag: 5001, value: PERF}
            """);
        final Path out = dir.resolve("out");
        final long ordersBefore = acceptor.ordersReceived();

        final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + acceptor.port(),
            "--sessions", "2",
            "--rate", "400", "--duration", "1s", "--warmup", "0s", "--flow", "new-cancel", "--venue",
            venue.toString(), "--symbols", "GIVEN.B", "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        final long sent = summary.get("sent").asLong();
        assertTrue(sent >= 350, "sent " + sent);
        assertEquals(sent, summary.get("acknowledged").asLong(), "every order balanced: " + summary);
        assertEquals(sent, acceptor.ordersReceived() - ordersBefore);
        for (final String kind : new String[]{"orderRejected", "cancelRejected", "sessionReject", "businessReject"})
        {
            assertEquals(0, summary.get("failures").get(kind).asLong(), kind);
        }
    }

    @Test
    void aVenueThatRejectsOrdersSaysWhyInTheSummaryAndOnTheTerminalAndTheRunMissesItsErrorRate(
        @TempDir final Path dir) throws Exception
    {
        final Path credentials = Files.writeString(dir.resolve("fix.properties"), "username=sonde\npassword=pw\n");
        final Path out = dir.resolve("out");

        final CliHarness cli = CliHarness.runMechanics("run", "--target", "127.0.0.1:" + acceptor.port(), "--rate",
            "200",
            "--duration", "1s", "--warmup", "0s", "--symbols", ReferenceAcceptor.REJECTED_SYMBOL, "--credentials",
            credentials.toString(), "--out", out.toString());

        final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        final long sent = summary.get("sent").asLong();
        final JsonNode reject = summary.get("venueRejects").get(0);
        assertEquals("orderRejected", reject.get("kind").asText(), summary.toString());
        assertEquals("unknown symbol", reject.get("text").asText());
        assertEquals(sent, reject.get("count").asLong());
        assertEquals(1, summary.get("venueRejects").size());
        assertTrue(cli.out.contains("venue said (orderRejected, " + sent + " times): \"unknown symbol\""), cli.out);
        assertEquals(1, cli.exitCode, "every order rejected is no success: " + cli);
        assertTrue(cli.out.contains("FAILED errors: error rate: " + sent + " of " + sent + " lifecycles failed"),
            cli.out);
    }
}
