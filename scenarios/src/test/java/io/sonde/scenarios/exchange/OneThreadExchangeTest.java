package io.sonde.scenarios.exchange;

import io.sonde.api.IdleMode;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.TimeInForce;
import io.sonde.exchange.cluster.ClusterNode;
import io.sonde.fix.engine.AcceptorPort;
import io.sonde.inprocess.Sonde;
import io.sonde.scenarios.cli.SondeProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code sonde exchange --threads 1} runs the whole exchange (matching service, consensus module, archive, media
 * driver, gateway) on one busy thread, says so, answers Sonde's orders and publishes its feed from there, and
 * stops on SIGTERM as the two-thread exchange does.
 */
@Timeout(180)
class OneThreadExchangeTest
{
    private static final long STOP_MS = 2_000;
    /** Linux keeps a thread's name, cut to 15 characters, in /proc/PID/task/TID/comm. */
    private static final int COMM_LENGTH = 15;

    @TempDir
    Path dir;

    private Process exchange;

    @AfterEach
    void stopWhatIsLeft()
    {
        if (exchange != null)
        {
            exchange.destroyForcibly();
        }
    }

    @Test
    void oneBusyThreadAnswersOrdersPublishesTheFeedAndStopsOnSigterm() throws Exception
    {
        final int port = AcceptorPort.onLoopback();
        try (FeedReceiver feed = new FeedReceiver())
        {
            final int snapshotPort = AcceptorPort.onLoopback();
            feed.snapshotPort(snapshotPort);
            final Path log = dir.resolve("exchange.log");
            exchange = start(log, "--threads", "1", "--port", Integer.toString(port), "--idle", "backoff",
                "--no-hiccups", "--md-udp", "127.0.0.1:" + feed.address().getPort(),
                "--md-snapshot-port", Integer.toString(snapshotPort));

            final String console = Files.readString(log);
            assertTrue(console.contains("sonde exchange: threads 1: 1 (asked for)"), console);
            assertTrue(console.contains("sonde exchange: 1 busy thread, backoff, ") &&
                console.contains(ClusterNode.oneThread(0) + " (matching engine, media driver, archive, " +
                "consensus module, gateway"), console);
            final List<String> threads = threadNames(exchange.pid());
            assertTrue(threads.contains(ClusterNode.oneThread(0)), threads.toString());
            // The two-thread layout's names: the gateway's own duty thread would be cut to the same 15 characters as
            // its sleeping indexer, so the gateway is known to be on the one thread from the layout line above.
            assertTrue(threads.stream().noneMatch(name -> name.equals(comm(ClusterNode.infraThread(0))) ||
                name.equals(comm(ClusterNode.SERVICE_THREAD))), "no busy thread beside the exchange's one: " + threads);

            final CompletableFuture<RunReport> load = CompletableFuture.supplyAsync(() -> Sonde.run(RunSpec.builder()
                .target("127.0.0.1", port)
                .sessions(2)
                .rate(500)
                .timeInForce(TimeInForce.DAY)
                .warmup(Duration.ZERO)
                .duration(Duration.ofSeconds(3))
                .timeout(Duration.ofSeconds(2))
                .idle(IdleMode.BACKOFF)
                .out(dir.resolve("load"))
                .build(), new PrintWriter(new StringWriter())));
            while (!load.isDone())
            {
                feed.drain(received -> false);
                Thread.sleep(1);
            }
            final RunReport report = load.get();
            assertTrue(report.outcomes().acknowledged() > 1_000, report.outcomes().toString());
            assertEquals(0, report.outcomes().timedOut(), report.outcomes().toString());
            feed.drain(received -> false);
            assertTrue(feed.lastSequence() >= report.outcomes().acknowledged(), "feed events: " +
                feed.lastSequence() + " for " + report.outcomes());

            final long start = System.nanoTime();
            exchange.destroy();
            final boolean exited = exchange.waitFor(30, TimeUnit.SECONDS);
            final long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(exited && tookMs <= STOP_MS, "stopped after " + tookMs + " ms, limit " + STOP_MS + " ms");
            assertTrue(Files.readString(log).contains("sonde exchange: stopped"), Files.readString(log));
        }
    }

    private static Process start(final Path log, final String... args) throws Exception
    {
        final List<String> line = SondeProcess.javaCommand();
        line.add("exchange");
        line.addAll(List.of(args));
        final Process process = new ProcessBuilder(line).redirectErrorStream(true).redirectOutput(log.toFile())
            .start();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (!Files.readString(log).contains("READY fix="))
        {
            assertTrue(process.isAlive() && System.nanoTime() < deadline, "no READY:\n" + Files.readString(log));
            Thread.sleep(50);
        }
        return process;
    }

    private static List<String> threadNames(final long pid) throws IOException
    {
        final Path tasks = Path.of("/proc", Long.toString(pid), "task");
        assumeTrue(Files.isDirectory(tasks), "thread names are read from /proc (Linux)");
        try (Stream<Path> each = Files.list(tasks))
        {
            return each.map(task -> task.resolve("comm")).filter(Files::isReadable).map(OneThreadExchangeTest::read)
                .toList();
        }
    }

    private static String read(final Path comm)
    {
        try
        {
            return Files.readString(comm).trim();
        }
        catch (final IOException ex)
        {
            return "";
        }
    }

    private static String comm(final String threadName)
    {
        return threadName.length() <= COMM_LENGTH ? threadName : threadName.substring(0, COMM_LENGTH);
    }
}
