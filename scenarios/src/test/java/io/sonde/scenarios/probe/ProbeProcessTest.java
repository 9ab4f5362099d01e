package io.sonde.scenarios.probe;

import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.scenarios.SondeMain;
import io.sonde.scenarios.cli.SondeProcess;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The probe as its own process, stopped the two ways production stops it: SIGTERM must leave the exchange
 * with none of its orders; after a kill -9 (which cannot clean up) the next start must find and cancel
 * what was left, unless the venue already did so because the Logon asked for cancel on disconnect.
 * Acknowledgements are held back by a proxy so orders are open when the signal lands.
 */
@Timeout(240)
class ProbeProcessTest
{
    private static final int ANSWER_DELAY_MS = 1_500;

    @TempDir
    Path folder;

    private EmbeddedExchange exchange;
    private DelayingProxy proxy;
    private Process process;

    @BeforeEach
    void start() throws Exception
    {
        exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false);
        proxy = new DelayingProxy(exchange.port());
    }

    @AfterEach
    void stop() throws Exception
    {
        if (process != null && process.isAlive())
        {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        proxy.close();
        exchange.close();
    }

    @Test
    void sigtermCancelsEveryOrderTheProbePlaced() throws Exception
    {
        startProbeWithOrdersHeldOpen();

        final long stopStart = System.nanoTime();
        process.destroy();

        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the probe stops within its grace period");
        final long stopMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopStart);
        System.out.println("a probe with orders held open stopped " + stopMs + " ms after SIGTERM");
        // Within the 5 s a loaded command gets, plus the venue's answer delay this test adds: the probe must hear
        // every cancel confirmed before it may go.
        assertTrue(stopMs <= 5_000 + ANSWER_DELAY_MS, "stopped after " + stopMs + " ms");
        assertTrue(output().contains("every probe order is closed"), output());
        assertEquals(0, ProbeHarness.openOrdersAt(exchange), "orders left at the exchange after SIGTERM");
    }

    @Test
    void afterKillDashNineTheNextStartCancelsWhatWasLeft() throws Exception
    {
        startProbeWithOrdersHeldOpen();

        process.destroyForcibly();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        final long leftBehind = ProbeHarness.openOrdersAt(exchange);
        assertTrue(leftBehind > 0, "a killed probe cannot cancel: its open orders stay at the exchange");

        final StringWriter out = new StringWriter();
        final int exitCode = SondeMain.execute(new PrintWriter(out, true), new PrintWriter(System.err, true),
            "probe", "--config", ProbeHarness.writeConfig(folder, exchange.port(), "rate=2").toString(), "--once", "2");

        System.out.print(out);
        assertEquals(0, exitCode, out.toString());
        assertTrue(out.toString().contains("clean-up: " + leftBehind + " open order(s) with prefix 'PRB'"),
            out.toString());
        assertEquals(0, ProbeHarness.openOrdersAt(exchange), "the restarted probe left nothing open");
    }

    @Test
    void withCancelOnDisconnectTheExchangeCancelsAKilledProbesOrdersItself() throws Exception
    {
        startProbeWithOrdersHeldOpen("cancel.on.disconnect=true", "cancel.on.disconnect.window=500ms");
        assertTrue(output().contains("the venue cancels our orders 500 ms after a disconnect"), output());

        process.destroyForcibly();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));

        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (ProbeHarness.openOrdersAt(exchange) > 0 && System.nanoTime() < deadline)
        {
            Thread.sleep(100);
        }
        assertEquals(0, ProbeHarness.openOrdersAt(exchange), "orders the exchange left open after the kill");
    }

    private void startProbeWithOrdersHeldOpen(final String... settings) throws Exception
    {
        final List<String> overrides = new ArrayList<>(List.of("rate=5", "timeout=5s"));
        overrides.addAll(List.of(settings));
        final Path config = ProbeHarness.writeConfig(folder, proxy.port(), overrides.toArray(String[]::new));
        final List<String> command = SondeProcess.javaCommand();
        command.addAll(List.of("probe", "--config", config.toString()));
        process = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(folder.resolve("probe.log").toFile()).start();

        awaitOutput("start-up clean-up done", 60);
        proxy.delayToClient(ANSWER_DELAY_MS);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (ProbeHarness.openOrdersAt(exchange) < 3)
        {
            assertTrue(System.nanoTime() < deadline, "orders held open at the exchange; probe output:\n" + output());
            Thread.sleep(100);
        }
    }

    private void awaitOutput(final String line, final int seconds) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!output().contains(line))
        {
            assertTrue(process.isAlive(), "the probe exited early:\n" + output());
            assertTrue(System.nanoTime() < deadline, "no '" + line + "' from the probe:\n" + output());
            Thread.sleep(50);
        }
    }

    private String output()
    {
        // The child writes to a file, not a pipe: a pipe's last lines can be lost when the process exits.
        try
        {
            return Files.readString(folder.resolve("probe.log"));
        }
        catch (final java.io.IOException ex)
        {
            return "";
        }
    }
}
