package io.sonde.scenarios.probe;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.ExitCode;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.engine.AcceptorPort;
import io.sonde.probe.Probe;
import io.sonde.probe.ProbeMode;
import io.sonde.probe.config.ProbeConfig;
import io.sonde.scenarios.SondeMain;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sonde probe} as a scheduler or CI job sees it: its exit code and its one-line reasons.
 */
@Timeout(180)
class ProbeCommandTest
{
    @TempDir
    Path folder;

    @Test
    void theOneMachineExampleTargetsTheAcceptorServesMetricsOnLoopbackAndKeepsItsStateInTmp()
    {
        final ProbeConfig local = ProbeConfig.read(Path.of("..", "docs", "probe-local.yaml"));

        assertEquals("127.0.0.1", local.host());
        assertEquals(9878, local.port(), "sonde acceptor's default port");
        assertEquals(ReferenceAcceptor.ACCEPTOR_COMP_ID, local.targetCompId());
        assertEquals("127.0.0.1", local.metricsBind(), "metrics on loopback, as docs/probe.md says");
        assertTrue(local.stateDir().startsWith(Path.of("/tmp")) && local.resultsDir().startsWith(Path.of("/tmp")),
            local.stateDir() + " " + local.resultsDir());
    }

    @Test
    void aMarketableConfigIsRefusedBeforeAnythingConnects() throws Exception
    {
        final Result result = probe(config(unusedPort(), "price=99.50"), "--once", "1");

        assertEquals(2, result.exitCode);
        assertTrue(result.err.contains("refusing a marketable probe"), result.err);
        assertFalse(Files.exists(folder.resolve("results")), "nothing was started");
    }

    @Test
    void anUnreachableTargetCannotRun() throws Exception
    {
        final Result result = probe(config(unusedPort(), "logon.timeout=3s"), "--once", "2");

        assertEquals(3, result.exitCode, result.out);
        assertTrue(result.out.contains("cannot run: session PROBE1 -> SONDE-EXCH could not log on"), result.out);
    }

    @Test
    void wrongCredentialsCannotRunAndTheReasonIsGiven() throws Exception
    {
        try (EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0,
            UserDirectory.of(Map.of("probe", "right")), null, EmbeddedExchange.DEFAULT_SYMBOLS,
            BackoffIdleStrategy::new, false))
        {
            final Path credentials = folder.resolve("credentials.properties");
            Files.writeString(credentials, "username=probe\npassword=wrong\n");

            final Result result = probe(config(exchange.port(), "logon.timeout=5s"), "--once", "2",
                "--credentials", credentials.toString());

            assertEquals(3, result.exitCode, result.out);
            assertTrue(result.out.contains("could not log on"), result.out);
            assertFalse(result.out.contains("wrong"), "the password is never printed");
        }
    }

    @Test
    void aDryRunLogsTheOrdersItWouldSendAndOpensNoSession() throws Exception
    {
        final Result result = probe(config(unusedPort()), "--once", "3", "--dry-run");

        assertEquals(0, result.exitCode, result.out + result.err);
        final List<String> orders = result.out.lines()
            .filter(line -> line.contains("dry run, not sent: 35=D|"))
            .toList();
        assertEquals(3, orders.size(), result.out);
        assertTrue(orders.get(0).contains("|55=SONDE.A|54=1|38=1|40=2|44=90.00|59=0"), orders.get(0));
        assertFalse(result.out.contains("logged on"), result.out);
    }

    @Test
    void theKillSwitchStopsAOneShotRunBeforeItSends() throws Exception
    {
        final Path killSwitch = Files.createFile(folder.resolve("kill"));

        final Result result = probe(config(unusedPort(), "kill.switch=" + killSwitch), "--once", "2", "--dry-run");

        assertEquals(3, result.exitCode, result.out);
        assertTrue(result.out.contains("the kill switch " + killSwitch + " is present"), result.out);
        assertFalse(result.out.contains("35=D"), result.out);
    }

    @Test
    void oneShotExitsZeroWhenTheSloIsMetAndOneWhenItIsBreached() throws Exception
    {
        try (EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false))
        {
            final Result met = probe(config(exchange.port(), "slo.ack=new-ack p99 <= 5s over 1m"), "--once", "5");
            assertEquals(0, met.exitCode, met.out);
            assertTrue(met.out.contains("5 sent, 5 acknowledged, 0 timed out"), met.out);

            final Result breached = probe(config(exchange.port(), "slo.ack=new-ack p50 <= 1us over 1m",
                "state.dir=" + folder.resolve("state2")), "--once", "5");
            assertEquals(1, breached.exitCode, breached.out);
            assertTrue(breached.out.contains("SLO ack FIRING"), breached.out);
            assertEquals(0, ProbeHarness.openOrdersAt(exchange));
        }
    }

    @Test
    void outsideItsTradingWindowAOneShotRunSendsNothingAndCannotRun() throws Exception
    {
        try (EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false))
        {
            final Result result = probe(config(exchange.port(), "schedule.window=" + closedWindow()), "--once", "5");

            assertEquals(3, result.exitCode, "a closed market is not a breach: " + result.out);
            assertTrue(result.out.contains("cannot run: outside the trading window"), result.out);
            assertTrue(result.out.contains("nothing was sent"), result.out);
            assertFalse(result.out.contains("logged on"), "nothing connects: " + result.out);
            assertFalse(result.out.contains("sending"), result.out);
        }
    }

    @Test
    void outsideItsTradingWindowADryRunLogsNoOrder() throws Exception
    {
        final Result result = probe(config(unusedPort(), "schedule.window=" + closedWindow()), "--once", "3",
            "--dry-run");

        assertEquals(3, result.exitCode, result.out);
        assertFalse(result.out.contains("35=D"), result.out);
    }

    @Test
    void aOneShotRunAskedToWaitForTheWindowWaitsUntilStopped() throws Exception
    {
        final StringWriter out = new StringWriter();
        final ProbeConfig config = ProbeConfig.read(config(unusedPort(), "schedule.window=" + closedWindow()));
        final long stopAt = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);

        final ExitCode exitCode = new Probe(config, new ProbeMode(3, true, true), new PrintWriter(out, true))
            .run(Credentials.NONE, () -> System.nanoTime() > stopAt);

        assertEquals(ExitCode.NOT_CARRIED_OUT, exitCode, out.toString());
        assertTrue(out.toString().contains("outside the trading window: waiting until schedule.window"),
            out.toString());
        assertTrue(out.toString().contains("stopped before the trading window opened; nothing was sent"),
            out.toString());
        assertFalse(out.toString().contains("35=D"), out.toString());
    }

    /**
     * @return a one-minute window three days from now, so it is closed whenever the test runs.
     */
    private static String closedWindow()
    {
        final DayOfWeek day = LocalDate.now(ZoneOffset.UTC).getDayOfWeek().plus(3);
        return day.name().substring(0, 3) + " 12:00-12:01 UTC";
    }

    private Path config(final int port, final String... overrides) throws Exception
    {
        return ProbeHarness.writeConfig(folder, port, overrides);
    }

    private static int unusedPort()
    {
        return AcceptorPort.onLoopback();
    }

    private static Result probe(final Path config, final String... options)
    {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final String[] args = new String[options.length + 3];
        args[0] = "probe";
        args[1] = "--config";
        args[2] = config.toString();
        System.arraycopy(options, 0, args, 3, options.length);
        final int exitCode = SondeMain.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        System.out.print(out);
        System.err.print(err);
        return new Result(exitCode, out.toString(), err.toString());
    }

    private record Result(int exitCode, String out, String err)
    {
    }
}
