package io.sonde.scenarios.exchange;

import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.StatusQuery;
import io.sonde.exchange.gateway.UserDirectory;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A seeded fuzz run against the bundled exchange's gateway while a well-behaved session trades beside it.
 * Every hostile input must be answered as FIX prescribes (a session Reject, a BusinessMessageReject, a
 * rejecting ExecutionReport or OrderCancelReject, a Logout with Text) or end with the connection closed;
 * no bad order may ever be accepted by the engine, no order executed twice; the good session must lose
 * nothing; and once the connections are gone the process's file descriptors, threads and live heap return
 * to where they were. The seed is fixed unless {@code -Dsonde.fuzz.seed=random} asks for a fresh one, and printed;
 * {@code -Dsonde.fuzz.seed=N -Dsonde.fuzz.inputs=M} reproduces a run.
 * {@code docs/benchmarks.md} has the long run and the good session's latency with and without fuzzing,
 * which this test prints but does not judge.
 */
@Timeout(900)
class GatewayFuzzTest
{
    /** Fixed, so a build is repeatable; {@code -Dsonde.fuzz.seed=random} explores, printing the seed it drew. */
    private static final long SEED = seed(System.getProperty("sonde.fuzz.seed", "20261125"));
    private static final int INPUTS = Integer.getInteger("sonde.fuzz.inputs", 3_000);
    private static final int CALM_SECONDS = Integer.getInteger("sonde.fuzz.calm-seconds", 3);
    private static final int GOOD_INTERVAL_MS = 20;
    /**
     * Descriptors the exchange may open on its own while it runs (an archive or log segment rolled over);
     * anything beyond that after every connection closed is a leak.
     */
    private static final int FD_TOLERANCE = 8;
    /**
     * Threads a JVM starts by itself under load (a GC or JIT compiler thread, a timer).
     */
    private static final int THREAD_TOLERANCE = 4;
    /**
     * Live heap after a full GC: what the exchange (and this test) still hold once the connections are gone.
     * Resident memory is reported, not judged: G1 keeps heap committed that it no longer uses, and Aeron's and
     * Artio's memory-mapped log buffers, fixed in size, count once traffic has touched their pages.
     */
    private static final long LIVE_HEAP_TOLERANCE_KB = 64 * 1024;

    @Test
    void everyHostileInputIsAnsweredOrCutOffAndNoBadOrderReachesTheBook() throws Exception
    {
        System.out.println("[fuzz] seed " + SEED + ", " + INPUTS + " inputs; reproduce with -Dsonde.fuzz.seed=" +
            SEED + " -Dsonde.fuzz.inputs=" + INPUTS);
        try (EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0, UserDirectory.open(), null,
            EmbeddedExchange.DEFAULT_SYMBOLS, BackoffIdleStrategy::new, false))
        {
            final GoodTrader good = new GoodTrader(exchange.port(), GOOD_INTERVAL_MS).start();
            Thread.sleep(TimeUnit.SECONDS.toMillis(CALM_SECONDS));
            final Resources baseline = Resources.now();

            good.phase(true);
            final long started = System.nanoTime();
            final GatewayFuzzer fuzzer = new GatewayFuzzer(exchange.port(), new HostileInputs(SEED));
            fuzzer.run(INPUTS);
            final long fuzzMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            good.phase(false);
            Thread.sleep(1_000);
            good.close();

            final Resources after = Resources.settled(baseline, FD_TOLERANCE, 30_000);
            final long accepted = StatusQuery.ask(ClusterConnection.sameDriver(exchange.node()), 30, TimeUnit.SECONDS)
                .ordersAccepted();
            report(fuzzer, good, baseline, after, fuzzMs);

            assertEquals(List.of(), fuzzer.problems());
            assertTrue(fuzzer.inputs() >= INPUTS, "inputs sent: " + fuzzer.inputs());
            assertEquals(List.of(), good.problems());
            assertEquals(good.sent(), good.acknowledged(), "the good session's orders all answered");
            assertEquals(good.sent(), accepted, "orders the engine accepted are the good session's, no other");
            assertTrue(after.fds() <= baseline.fds() + FD_TOLERANCE, "descriptors " + baseline + " -> " + after);
            assertTrue(after.threads() <= baseline.threads() + THREAD_TOLERANCE,
                "threads " + baseline + " -> " + after);
            assertTrue(after.liveHeapKb() <= baseline.liveHeapKb() + LIVE_HEAP_TOLERANCE_KB,
                "live heap " + baseline + " -> " + after);
            assertANewSessionStillTrades(exchange.port());
        }
    }

    private static void assertANewSessionStillTrades(final int port) throws Exception
    {
        try (RawFixConnection after = new RawFixConnection(port, "AFTER"))
        {
            after.logOn();
            after.send("D", "11=after-1|55=SONDE.B|54=1|59=3|" + HostileInputs.TIME + "38=10|40=2|44=50|");
            final List<String> reply = after.readFor(10_000, 1);
            assertTrue(!reply.isEmpty() && reply.get(0).contains("\u000135=8\u0001") &&
                !reply.get(0).contains("\u000139=8\u0001"), "a new session still trades: " + reply);
        }
    }

    private static void report(
        final GatewayFuzzer fuzzer, final GoodTrader good, final Resources baseline, final Resources after,
        final long fuzzMs)
    {
        final double calmP99 = good.calm().getValueAtPercentile(99) / 1e6;
        final double fuzzedP99 = good.fuzzed().getValueAtPercentile(99) / 1e6;
        System.out.printf("[fuzz] %d inputs over %d connections in %.1f s; outcomes %s%n", fuzzer.inputs(),
            fuzzer.connections(), fuzzMs / 1e3, fuzzer.outcomes());
        System.out.printf("[fuzz] good session: %d orders, p99 %.2f ms calm (%d), %.2f ms fuzzed (%d), ratio %.2f%n",
            good.sent(), calmP99, good.calm().getTotalCount(), fuzzedP99, good.fuzzed().getTotalCount(),
            calmP99 == 0 ? 0 : fuzzedP99 / calmP99);
        System.out.println("[fuzz] resources before " + baseline + ", after " + after + ", peak RSS " +
            fuzzer.peakRssKb() / 1024 + " MB");
    }

    /**
     * Open file descriptors, threads and resident memory of this process (the exchange runs in it).
     */
    record Resources(int fds, int threads, long rssKb, long anonKb, long liveHeapKb)
    {
        static Resources now() throws IOException
        {
            System.gc();
            final int fds;
            try (var list = Files.list(Path.of("/proc/self/fd")))
            {
                fds = (int)list.count();
            }
            return new Resources(fds, ManagementFactory.getThreadMXBean().getThreadCount(), currentRssKb(),
                status("RssAnon:"), ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / 1024);
        }

        /**
         * Wait until descriptors are back within the tolerance (closed sockets are released as the gateway
         * notices the disconnects), or the time is up; either way, the figures then.
         */
        static Resources settled(final Resources baseline, final int tolerance, final long timeoutMs)
            throws Exception
        {
            final long deadline = System.currentTimeMillis() + timeoutMs;
            Resources now = now();
            while (now.fds() > baseline.fds() + tolerance && System.currentTimeMillis() < deadline)
            {
                Thread.sleep(200);
                now = now();
            }
            return now;
        }

        static long currentRssKb() throws IOException
        {
            return status("VmRSS:");
        }

        private static long status(final String field) throws IOException
        {
            for (final String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.US_ASCII))
            {
                if (line.startsWith(field))
                {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
            return 0;
        }

        public String toString()
        {
            return fds + " fds, " + threads + " threads, " + liveHeapKb / 1024 + " MB live heap, " + rssKb / 1024 +
                " MB RSS (" + anonKb / 1024 + " MB anonymous)";
        }
    }

    private static long seed(final String given)
    {
        return "random".equals(given) ? System.nanoTime() : Long.parseLong(given);
    }
}
