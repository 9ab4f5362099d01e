package io.sonde.scenarios.market;

import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Application;
import quickfix.DefaultMessageFactory;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.DatagramChannel;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sonde market} on the command line: what it cannot do is refused before anything listens, exit 2 naming the
 * option; an application that logs on and never reacts misses every trigger, exit 1, "0 of N triggers answered";
 * one that never logs on leaves the run not carried out, exit 3.
 */
class MarketCommandTest
{
    @TempDir
    Path dir;

    @Test
    void anEchoTagTheOrderNeedsExitsTwoNamingTheOptionAndTheField()
    {
        final CliHarness price = CliHarness.run("market", "--echo-tag", "44");
        assertEquals(2, price.exitCode, price.toString());
        assertTrue(price.err.contains("--echo-tag") && price.err.contains("Price (44)"), price.toString());

        final CliHarness msgType = CliHarness.run("market", "--echo-tag", "35");
        assertEquals(2, msgType.exitCode, msgType.toString());
        assertTrue(msgType.err.contains("--echo-tag 35: MsgType (35)"), msgType.toString());

        final CliHarness zero = CliHarness.run("market", "--echo-tag", "0");
        assertEquals(2, zero.exitCode, zero.toString());
        assertTrue(zero.err.contains("--echo-tag 0"), zero.toString());
    }

    @Test
    void anEchoTagWithMatchingByPriceOrAnObjectiveOnAnotherSeriesExitsTwo()
    {
        final CliHarness echo = CliHarness.run("market", "--echo-tag", "58", "--match", "price");
        assertEquals(2, echo.exitCode, echo.toString());
        assertTrue(echo.err.contains("--match price reads no echo: drop --echo-tag"), echo.toString());

        final CliHarness slo = CliHarness.run("market", "--slo", "p99=1ms");
        assertEquals(2, slo.exitCode, slo.toString());
        assertTrue(slo.err.contains("write t2t.p99=1ms"), slo.toString());

        final CliHarness every = CliHarness.run("market", "--trigger-every", "1");
        assertEquals(2, every.exitCode, every.toString());
        assertTrue(every.err.contains("--trigger-every"), every.toString());
    }

    @Test
    void itsHelpTeachesTheModelAndPointsToTheGuide()
    {
        final CliHarness help = CliHarness.run("market", "--help");
        assertEquals(0, help.exitCode, help.toString());
        assertTrue(help.out.contains("docs/tick-to-trade.md") && help.out.contains("--echo-tag") &&
            help.out.contains("--trigger-every"), help.out);
        final CliHarness sweepHelp = CliHarness.run("market-sweep", "--help");
        assertEquals(0, sweepHelp.exitCode, sweepHelp.toString());
        assertTrue(sweepHelp.out.contains("docs/tick-to-trade.md"), sweepHelp.out);
    }

    @Test
    @Timeout(60)
    void anApplicationThatNeverLogsOnLeavesTheRunNotCarriedOutExitThree() throws Exception
    {
        final int port = freePort();
        final CliHarness result = CliHarness.run("market", "--port", Integer.toString(port), "--md-udp",
            "127.0.0.1:" + freePort(), "--await-app", "1s", "--idle", "backoff", "--no-history", "--out",
            dir.resolve("absent").toString());

        assertEquals(3, result.exitCode, result.toString());
        assertTrue(result.err.contains("the application did not log on to 127.0.0.1:" + port + " within 1s"),
            result.toString());
        assertTrue(result.out.contains("the run was not carried out"), result.toString());
    }

    @Test
    @Timeout(120)
    void anApplicationThatNeverReactsMissesEveryTriggerAndTheRunIsMissed() throws Exception
    {
        final int port = freePort();
        try (DatagramChannel feed = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0)))
        {
            final int feedPort = ((InetSocketAddress)feed.getLocalAddress()).getPort();
            final CompletableFuture<CliHarness> market = CompletableFuture.supplyAsync(() -> CliHarness.runMechanics(
                "market", "--port", Integer.toString(port), "--md-udp", "127.0.0.1:" + feedPort, "--rate", "1k",
                "--trigger-every", "10", "--warmup", "0s", "--duration", "2s", "--timeout", "200ms",
                "--await-app", "60s", "--idle", "backoff", "--app-busy-threads", "0", "--no-history",
                "--out", dir.resolve("market").toString()));
            final SocketInitiator silent = silentApplication(port);
            silent.start();
            try
            {
                final CliHarness result = market.get(100, TimeUnit.SECONDS);
                assertEquals(1, result.exitCode, result.toString());
                assertTrue(result.out.contains("triggers answered") && result.out.matches("(?s).*\\b0 of [0-9,]+ " +
                    "triggers answered.*"), result.toString());
                assertTrue(result.out.contains("tick-to-trade: 1 trigger in 10 events"), result.toString());
            }
            finally
            {
                silent.stop(true);
            }
        }
    }

    /**
     * A FIX 4.4 application that logs on to the market, reconnecting until it listens, and never sends an order.
     */
    private static SocketInitiator silentApplication(final int port) throws Exception
    {
        final SessionID session = new SessionID("FIX.4.4", "APP", "SONDEMKT");
        final SessionSettings settings = new SessionSettings();
        settings.setString(session, "ConnectionType", "initiator");
        settings.setString(session, "SocketConnectHost", "127.0.0.1");
        settings.setLong(session, "SocketConnectPort", port);
        settings.setString(session, "StartTime", "00:00:00");
        settings.setString(session, "EndTime", "00:00:00");
        settings.setLong(session, "HeartBtInt", 30);
        settings.setLong(session, "ReconnectInterval", 1);
        settings.setString(session, "ResetOnLogon", "Y");
        return new SocketInitiator(new Silent(), new MemoryStoreFactory(), settings, null,
            new DefaultMessageFactory());
    }

    private static int freePort() throws IOException
    {
        try (ServerSocket socket = new ServerSocket(0))
        {
            return socket.getLocalPort();
        }
    }

    /**
     * Hears everything, answers nothing.
     */
    private static final class Silent implements Application
    {
        public void onCreate(final SessionID sessionId)
        {
        }

        public void onLogon(final SessionID sessionId)
        {
        }

        public void onLogout(final SessionID sessionId)
        {
        }

        public void toAdmin(final Message message, final SessionID sessionId)
        {
        }

        public void fromAdmin(final Message message, final SessionID sessionId)
        {
        }

        public void toApp(final Message message, final SessionID sessionId)
        {
        }

        public void fromApp(final Message message, final SessionID sessionId)
        {
        }
    }
}
