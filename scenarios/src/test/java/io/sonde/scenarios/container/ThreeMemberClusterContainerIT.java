package io.sonde.scenarios.container;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import io.sonde.report.RecordedLog;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.startupcheck.OneShotStartupCheckStrategy;
import org.testcontainers.containers.wait.strategy.Wait;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three cluster members and a gateway as containers on their own network: the leader's container is killed
 * mid-run, the run completes, no acknowledged order is lost, the corrected tail shows the gap when it
 * happened; then the whole cluster restarts from its volumes with the same state digest.
 */
@Timeout(900)
class ThreeMemberClusterContainerIT
{
    private static final int TIMEOUT_SECONDS = 8;
    private static final int MAX_OUTAGE_SECONDS = 10;
    private static final String MEMBERS = "member0:20000,member1:20000,member2:20000";
    private static final int FIX_PORT = 9880;
    /**
     * Three members, the gateway and the client share two cores here: at 1000/s a slow start on a noisy host left
     * a backlog the run never worked off, so no interval could show the recovery this test is about.
     */
    private static final int RATE = 500;
    private static final int DURATION_SECONDS = 30;
    private static final Pattern STATUS = Pattern.compile(
        "STATUS ordersAccepted=(\\d+) openOrders=(\\d+) trades=(\\d+) digest=(-?\\d+)");

    @Test
    void killingTheLeaderContainerLosesNoAcknowledgedOrderAndARestartKeepsTheDigest(@TempDir final Path dir)
        throws Exception
    {
        final String prefix = "sonde-it-" + UUID.randomUUID().toString().substring(0, 8);
        final List<String> volumes = List.of(prefix + "-node0", prefix + "-node1", prefix + "-node2");
        final List<GenericContainer<?>> started = new ArrayList<>();
        try (Network network = Network.newNetwork())
        {
            final List<GenericContainer<?>> members = startMembers(network, volumes, started);
            final GenericContainer<?> gateway = start(started, container(network)
                .withCommand("exchange", "--members", MEMBERS, "--bind", "0.0.0.0",
                    "--port", Integer.toString(FIX_PORT), "--idle", "backoff")
                .withExposedPorts(FIX_PORT)
                .waitingFor(Wait.forLogMessage(".*sonde exchange: READY fix.*", 1)
                    .withStartupTimeout(Duration.ofSeconds(180))));
            final int firstLeader = awaitLeader(members, -1);

            final Path out = dir.resolve("run");
            final long runStartMs = System.currentTimeMillis();
            final CompletableFuture<CliHarness> load = CompletableFuture.supplyAsync(() -> CliHarness.runMechanics(
                "run",
                "--target", gateway.getHost() + ":" + gateway.getMappedPort(FIX_PORT), "--sessions", "2", "--rate",
                Integer.toString(RATE), "--duration", DURATION_SECONDS + "s", "--warmup", "0s", "--flow",
                "new-cancel", "--timeout", TIMEOUT_SECONDS + "s", "--idle", "backoff", "--out", out.toString()));
            Thread.sleep(8_000);
            final long killedAtMs = System.currentTimeMillis();
            DockerClientFactory.instance().client().killContainerCmd(members.get(firstLeader).getContainerId()).exec();
            final int secondLeader = awaitLeader(members, firstLeader);
            assertNotEquals(firstLeader, secondLeader);

            final CliHarness run = load.get();
            final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
            final long sent = summary.get("sent").asLong();
            assertEquals((long)RATE * DURATION_SECONDS, sent, run.toString());
            assertTrue(summary.get("acknowledged").asLong() > 0, run.toString());
            assertRecoveredAfterTheElection(out.resolve("run.hlog"), runStartMs, killedAtMs);
            assertEquals(0, summary.get("failures").get("cancelRejected").asLong(),
                "every acknowledged order was still there to cancel");
            assertEquals(0, summary.get("failures").get("orderRejected").asLong());
            assertReportSaysWhenTheLeaderDied(out, runStartMs, killedAtMs);

            final long[] before = status(network, started);
            final long acknowledgedNewOrders = summary.get("stages").get("new-ack").get("corrected").get("count")
                .asLong();
            assertTrue(before[0] >= acknowledgedNewOrders, "the engine holds every acknowledged order: accepted " +
                before[0] + ", acknowledged " + acknowledgedNewOrders);

            for (final GenericContainer<?> member : members)
            {
                if (member.isRunning())
                {
                    DockerClientFactory.instance().client().stopContainerCmd(member.getContainerId())
                        .withTimeout(20).exec();
                }
            }
            final List<GenericContainer<?>> restarted = startMembers(network, volumes, started);
            awaitLeader(restarted, -1);
            final long[] after = status(network, started);
            assertEquals(before[3], after[3], "the state digest survives a whole-cluster restart from the volumes");
            assertEquals(before[0], after[0]);
            System.out.printf("container failover from member %d to %d: sent %d, acknowledged %d, timed out %d; " +
                "engine accepted %d; digest %d before and after the restart%n", firstLeader, secondLeader, sent,
                summary.get("acknowledged").asLong(), summary.get("failures").get("timedOut").asLong(), before[0],
                after[3]);
        }
        finally
        {
            started.forEach(GenericContainer::stop);
            for (final String volume : volumes)
            {
                try
                {
                    DockerClientFactory.instance().client().removeVolumeCmd(volume).exec();
                }
                catch (final RuntimeException ignored)
                {
                    // Never created (the test failed earlier) or already gone.
                }
            }
        }
    }

    /**
     * The report names the worst moment of the run: it must be when the leader died, and the corrected tail
     * must show the failover gap. An interval holds the latencies recorded in it, and an order sent while no
     * leader answers is recorded when it times out: the worst interval may start as late as the outage's end plus
     * the timeout. Three members in containers on a small shared host have taken up to 8 s to answer again.
     */
    private static void assertReportSaysWhenTheLeaderDied(final Path out, final long runStartMs, final long killedAtMs)
        throws Exception
    {
        final CliHarness report = CliHarness.run("report", out.toString());
        assertEquals(0, report.exitCode, report.toString());
        final JsonNode worst = new ObjectMapper().readTree(out.resolve("report.json").toFile())
            .get("inputs").get(0).get("rows").get(0).get("worstInterval");
        assertTrue(worst.get("maxMicros").asDouble() > 1_000_000, "a gap of more than a second: " + worst);
        final double killedAfter = (killedAtMs - runStartMs) / 1000.0;
        assertTrue(worst.get("endSeconds").asDouble() >= killedAfter - 1 &&
            worst.get("startSeconds").asDouble() <= killedAfter + MAX_OUTAGE_SECONDS + TIMEOUT_SECONDS,
            "worst moment " + worst + ", leader killed " + killedAfter + " s after the start\n" + report.out);
    }

    /**
     * After the election the run goes on: some later interval answers its orders promptly again (a timed-out
     * order is recorded at the timeout, so a median under a second means real acknowledgements).
     */
    private static void assertRecoveredAfterTheElection(final Path log, final long runStartMs, final long killedAtMs)
    {
        final double killedAfter = (killedAtMs - runStartMs) / 1000.0;
        final RecordedLog recorded = new RecordedLog().add(log);
        final boolean recovered = recorded.intervals("corrected").stream()
            .anyMatch(interval -> interval.startSeconds() > killedAfter + 5 &&
                interval.histogram().getTotalCount() > 0 &&
                interval.histogram().getValueAtPercentile(50) < 1_000_000_000L);
        assertTrue(recovered, "no interval after the election answered promptly; leader killed " + killedAfter +
            " s after the start; intervals (start s: count, p50 ms): " + recorded.intervals("corrected").stream()
            .map(interval -> String.format("%.0f: %d, %.0f", interval.startSeconds(),
                interval.histogram().getTotalCount(), interval.histogram().getValueAtPercentile(50) / 1e6))
            .toList());
    }

    private static List<GenericContainer<?>> startMembers(
        final Network network, final List<String> volumes, final List<GenericContainer<?>> started)
    {
        final List<GenericContainer<?>> members = new ArrayList<>();
        for (int id = 0; id < 3; id++)
        {
            final String volume = volumes.get(id);
            members.add(start(started, container(network)
                .withNetworkAliases("member" + id)
                .withCommand("exchange", "--member-id", Integer.toString(id), "--members", MEMBERS, "--data-dir",
                    "/data/node", "--leader-timeout", "2s", "--idle", "backoff")
                .withCreateContainerCmdModifier(
                    cmd -> cmd.getHostConfig().withBinds(new Bind(volume, new Volume("/data"))))
                .waitingFor(Wait.forLogMessage(".*sonde exchange: READY member.*", 1)
                    .withStartupTimeout(Duration.ofSeconds(180)))));
        }
        return members;
    }

    private static GenericContainer<?> container(final Network network)
    {
        return new GenericContainer<>(ExchangeContainerIT.IMAGE)
            .withImagePullPolicy(image -> false)
            .withNetwork(network)
            .withSharedMemorySize(512L << 20);
    }

    private static GenericContainer<?> start(final List<GenericContainer<?>> started,
        final GenericContainer<?> container)
    {
        started.add(container);
        container.start();
        return container;
    }

    /**
     * @return the member whose latest role line says LEADER, other than {@code notThisOne}.
     */
    private static int awaitLeader(final List<GenericContainer<?>> members, final int notThisOne)
        throws InterruptedException
    {
        final long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (System.nanoTime() < deadline)
        {
            for (int id = 0; id < members.size(); id++)
            {
                final GenericContainer<?> member = members.get(id);
                if (id != notThisOne && member.isRunning())
                {
                    final String logs = member.getLogs();
                    final int lastRole = logs.lastIndexOf(" role ");
                    if (lastRole >= 0 && logs.startsWith("LEADER", lastRole + " role ".length()))
                    {
                        return id;
                    }
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no leader within 120 s");
    }

    /**
     * @return ordersAccepted, openOrders, trades, digest, asked through the log from inside the network.
     */
    private static long[] status(final Network network, final List<GenericContainer<?>> started)
    {
        final GenericContainer<?> query = container(network)
            .withCommand("exchange", "--members", MEMBERS, "--status")
            .withStartupCheckStrategy(new OneShotStartupCheckStrategy().withTimeout(Duration.ofSeconds(180)));
        start(started, query);
        final Matcher matcher = STATUS.matcher(query.getLogs());
        assertTrue(matcher.find(), query.getLogs());
        return new long[]{Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2)),
            Long.parseLong(matcher.group(3)), Long.parseLong(matcher.group(4))};
    }
}
