package io.sonde.scenarios.stop;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.ExitCode;
import io.sonde.api.IdleMode;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.inprocess.Sonde;
import io.sonde.api.TimeInForce;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.StatusQuery;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.fix.engine.AcceptorPort;
import io.sonde.scenarios.cli.SondeProcess;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ctrl-C or SIGTERM ends every long-running command promptly (within 2 s idle and 5 s under load, inside
 * {@code docker stop}'s 10 s grace) and loses nothing: an exchange restarted on its data knows every order it
 * acknowledged, and a run or sweep cut short writes its results and says so. Every process here backs off when
 * idle, so the processes of one test never spin each other out.
 */
@Timeout(240)
class StopOnSignalTest
{
    private static final long IDLE_STOP_MS = 2_000;
    private static final long LOADED_STOP_MS = 5_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final List<Process> started = new ArrayList<>();
    private final Map<Process, Path> logs = new HashMap<>();

    @AfterEach
    void stopWhatIsLeft()
    {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void anIdleExchangeStopsWithinTwoSeconds() throws Exception
    {
        final int port = AcceptorPort.onLoopback();
        final Process exchange = start("exchange", exchangeArgs(port, dir.resolve("data")), "READY fix=");

        assertStopsWithin(exchange, "an idle exchange", IDLE_STOP_MS);
        final String console = Files.readString(logs.get(exchange));
        assertTrue(console.contains("sonde exchange: stopped"), "it says it is down: " + console);
    }

    @Test
    void aLoadedExchangeStopsWithinFiveSecondsAndARestartKnowsEveryOrderItAcknowledged() throws Exception
    {
        final int port = AcceptorPort.onLoopback();
        final Path data = dir.resolve("data");
        final Process exchange = start("exchange", exchangeArgs(port, data), "READY fix=");
        final CompletableFuture<RunReport> load = CompletableFuture.supplyAsync(() -> Sonde.run(RunSpec.builder()
            .target("127.0.0.1", port)
            .sessions(2)
            .rate(1_000)
            .timeInForce(TimeInForce.DAY)
            .warmup(Duration.ZERO)
            .duration(Duration.ofSeconds(8))
            .timeout(Duration.ofSeconds(1))
            .idle(IdleMode.BACKOFF)
            .out(dir.resolve("load"))
            .build(), new PrintWriter(new StringWriter())));
        Thread.sleep(4_000);

        assertStopsWithin(exchange, "a loaded exchange", LOADED_STOP_MS);
        final RunReport report = load.get(60, TimeUnit.SECONDS);
        assertTrue(report.outcomes().acknowledged() > 1_000, report.outcomes().toString());

        try (EmbeddedExchange restarted = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), data,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false))
        {
            final StatusQuery status =
                StatusQuery.ask(ClusterConnection.sameDriver(restarted.node()), 30, TimeUnit.SECONDS);
            assertTrue(status.ordersAccepted() >= report.outcomes().acknowledged(),
                "the restarted exchange knows " + status.ordersAccepted() + " orders; " +
                report.outcomes().acknowledged() + " were acknowledged before the stop");
            assertTrue(status.ordersAccepted() <= report.outcomes().sent(), "and none that were never sent");
        }
    }

    @Test
    void aThreeMemberExchangeStopsItsGatewayAndEveryMemberWithinTwoSeconds() throws Exception
    {
        final int port = AcceptorPort.onLoopback();
        final Process exchange = start("exchange", List.of("--nodes", "3", "--port", Integer.toString(port),
            "--data-dir", dir.resolve("data").toString(), "--idle", "backoff", "--no-hiccups"), "READY fix=");
        final List<ProcessHandle> members = exchange.descendants().toList();
        assertEquals(3, members.size(), "a process per member");

        assertStopsWithin(exchange, "a three-member exchange", IDLE_STOP_MS);
        assertTrue(members.stream().noneMatch(ProcessHandle::isAlive), "every member stopped with it");
    }

    @Test
    void anAcceptorStopsWithinTwoSeconds() throws Exception
    {
        final Process acceptor = start("acceptor", List.of("--port", Integer.toString(AcceptorPort.onLoopback()),
            "--idle", "backoff"), "READY on");

        assertStopsWithin(acceptor, "an idle acceptor", IDLE_STOP_MS);
    }

    @Test
    void aRunStoppedUnderLoadWritesItsWholeSummaryMarkedCutShort() throws Exception
    {
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null))
        {
            final Path out = dir.resolve("run");
            final Process run = start("run", List.of("--target", "127.0.0.1:" + acceptor.port(), "--sessions", "2",
                "--rate", "2k", "--warmup", "1s", "--duration", "30s", "--idle", "backoff", "--no-history",
                "--out", out.toString()), " measure ");

            assertStopsWithin(run, "a run at 2k/s", LOADED_STOP_MS);
            assertExitedAsStoppedBySigterm(run);
            final JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
            assertTrue(summary.get("cutShort").asBoolean(), summary.toString());
            final RunReport report = RunReport.read(out);
            assertTrue(report.outcomes().balances() && report.outcomes().sent() > 0, report.outcomes().toString());
            assertTrue(report.measuredSeconds() < 30, "the figures cover the part that ran");
            assertTrue(report.checks().stream().anyMatch(check -> check.name().equals("cut short")));
            assertTrue(Files.size(out.resolve("run.hlog")) > 0);
        }
    }

    @Test
    void aSweepStoppedUnderLoadWritesItsStepsAndTheCutShortOne() throws Exception
    {
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null))
        {
            final Path out = dir.resolve("sweep");
            final Process sweep = start("sweep", List.of("--target", "127.0.0.1:" + acceptor.port(), "--rates",
                "1k,2k", "--warmup", "1s", "--step-duration", "30s", "--idle", "backoff", "--no-history",
                "--out", out.toString()), "[sweep] step 1/2");
            Thread.sleep(3_000);

            assertStopsWithin(sweep, "a sweep at 1k/s", LOADED_STOP_MS);
            assertExitedAsStoppedBySigterm(sweep);
            final JsonNode steps = JSON.readTree(out.resolve("sweep.json").toFile()).get("steps");
            assertEquals(1, steps.size(), "no step starts after the stop");
            assertEquals("CUT_SHORT", steps.get(0).get("verdict").asText());
            assertTrue(Files.exists(out.resolve("report.html")));
        }
    }

    @Test
    void aSweepStoppedWhileItWarmsThePathUpStartsNoStep() throws Exception
    {
        final Path out = dir.resolve("sweep");
        final Process sweep = start("sweep", List.of("--embedded", "--rates", "500,1k", "--warmup", "1s",
            "--step-duration", "5s", "--idle", "backoff", "--no-history", "--out", out.toString()),
            "[warm-up] logged on");

        assertStopsWithin(sweep, "a sweep warming its path up", LOADED_STOP_MS);
        assertExitedAsStoppedBySigterm(sweep);
        final String console = Files.readString(logs.get(sweep));
        assertFalse(console.contains("[sweep] step"), "no step started:\n" + console);
        assertTrue(console.contains("[warm-up] warmed the path for ") && console.contains("until a stop ended it"),
            console);
        try (Stream<Path> files = Files.walk(out))
        {
            assertEquals(List.of(), files.filter(file -> file.endsWith("summary.json")).toList(),
                "no step wrote a summary");
        }
        final JsonNode summary = JSON.readTree(out.resolve("sweep.json").toFile());
        assertEquals(0, summary.get("steps").size(), summary.toString());
        assertEquals("cut-short", summary.get("stopReason").asText(), summary.toString());
        assertTrue(summary.get("knee").isNull(), summary.toString());
    }

    @Test
    void aReplayStoppedMidwayWritesItsSummaryMarkedCutShort() throws Exception
    {
        final int orders = 600;
        final List<String> lines = new ArrayList<>();
        for (int i = 0; i < orders; i++)
        {
            final long atMillis = i * 50L;
            lines.add(String.format(Locale.ROOT, "20261123-12:00:%02d.%03d: 8=FIX.4.4|35=D|49=T1|56=EXCH|11=R%d|" +
                "55=SYM|54=1|38=1|40=2|44=1.00|59=0|", atMillis / 1000, atMillis % 1000, i));
        }
        final Path log = Files.write(dir.resolve("thirty-seconds.log"), lines);
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null))
        {
            final Path out = dir.resolve("replay");
            final Process replay = start("replay", List.of("--log", log.toString(), "--target",
                "127.0.0.1:" + acceptor.port(), "--idle", "backoff", "--out", out.toString()), " measure ");

            assertStopsWithin(replay, "a replay of 30 s at 20/s", LOADED_STOP_MS);
            assertExitedAsStoppedBySigterm(replay);
            final JsonNode summary = JSON.readTree(out.resolve("summary.json").toFile());
            assertTrue(summary.get("cutShort").asBoolean(), summary.toString());
            final long sent = summary.get("sent").asLong();
            assertTrue(sent > 0 && sent < orders, "sent " + sent + " of " + orders + " before the stop");
            assertTrue(summary.get("measuredSeconds").asDouble() < 30, "the figures cover the part that ran");
        }
    }

    private static List<String> exchangeArgs(final int port, final Path data)
    {
        return List.of("--port", Integer.toString(port), "--data-dir", data.toString(), "--idle", "backoff",
            "--no-hiccups");
    }

    private Process start(final String command, final List<String> args, final String awaited) throws Exception
    {
        final List<String> line = SondeProcess.javaCommand();
        line.add(command);
        line.addAll(args);
        final Path log = dir.resolve(command + "-" + started.size() + ".log");
        final Process process = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(log.toFile())
            .start();
        started.add(process);
        logs.put(process, log);
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!Files.readString(log).contains(awaited))
        {
            assertTrue(process.isAlive() && System.nanoTime() < deadline, "no '" + awaited + "' from " + command +
                ":\n" + Files.readString(log));
            Thread.sleep(50);
        }
        return process;
    }

    /**
     * SIGTERM, as {@code docker stop} and a terminal's kill send it, and how long until the process is gone.
     */
    private static void assertStopsWithin(final Process process, final String what, final long limitMs)
        throws Exception
    {
        final long start = System.nanoTime();
        process.destroy();
        final boolean exited = process.waitFor(30, TimeUnit.SECONDS);
        final long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        System.out.printf("%s stopped %d ms after SIGTERM (limit %d ms)%n", what, tookMs, limitMs);
        assertTrue(exited && tookMs <= limitMs, "stopped after " + tookMs + " ms, limit " + limitMs + " ms");
    }

    /**
     * A run, sweep or replay stopped by SIGTERM exits 143, and its last word is that it was stopped, not an exit
     * code of its own that it does not exit with.
     */
    private void assertExitedAsStoppedBySigterm(final Process process) throws Exception
    {
        final String console = Files.readString(logs.get(process));
        assertEquals(ExitCode.STOPPED.code(), process.exitValue(), console);
        final List<String> lines = console.lines().filter(text -> !text.isBlank()).toList();
        assertTrue(lines.get(lines.size() - 1).startsWith("Verdict: STOPPED by a signal"), console);
        assertFalse(console.contains("(exit code 3)") || console.contains("(exit code 1)"), console);
    }
}
