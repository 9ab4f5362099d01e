package io.sonde.scenarios.exchange;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.api.IdleMode;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.ClusterMember;
import io.sonde.exchange.cluster.ElectionTimings;
import io.sonde.exchange.cluster.StatusQuery;
import io.sonde.exchange.gateway.ConnectionLimits;
import io.sonde.exchange.gateway.Gateway;
import io.sonde.exchange.gateway.GatewaySettings;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.exchange.host.MemberProcesses;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.publish.FeedSettings;
import io.sonde.report.HiccupLog;
import io.sonde.scenarios.CliHarness;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three cluster members as processes on loopback and a gateway: the leader is killed mid-run, another is
 * elected, the run goes on, and every order the client sent reaches the engine once: the gateway sends again
 * what it offered to the dead leader, and the engine drops what it had applied. Every order the engine accepted
 * is known to the client: acknowledged, or found open by a status request after its acknowledgement was lost
 * with the leader. The gateway's market-data feed follows the new leader: a consumer of
 * it ends with the book the gateway serves as a snapshot.
 */
@Timeout(300)
class ThreeMemberFailoverTest
{
    private static final int RATE = 400;
    private static final int DURATION_SECONDS = 20;

    @Test
    void killingTheLeaderElectsAnotherAndNoAcknowledgedOrderIsLost(@TempDir final Path dir) throws Exception
    {
        final List<ClusterMember> members = ClusterMember.onFreeLoopbackPorts(3);
        final Path hiccups = dir.resolve("hiccups");
        try (MemberProcesses processes = MemberProcesses.start(members, dir.resolve("cluster"), hiccups,
            EmbeddedExchange.DEFAULT_SYMBOLS, IdleMode.BACKOFF,
            Duration.ofNanos(ElectionTimings.DEFAULT_LEADER_TIMEOUT_NS));
            FeedReceiver feed = new FeedReceiver();
            Gateway gateway = Gateway.start(new GatewaySettings("127.0.0.1", 0, UserDirectory.open(),
                EmbeddedExchange.gatewayFolder(), BackoffIdleStrategy::new, 60, false, ConnectionLimits.DEFAULTS,
                FeedSettings.unicast(List.of(feed.address()), 0), EmbeddedExchange.DEFAULT_SYMBOLS),
                gatewayDir -> ClusterConnection.overUdp(gatewayDir, members)))
        {
            feed.snapshotPort(gateway.feedSnapshotPort());
            final int firstLeader = awaitLeader(processes, -1);
            final Path out = dir.resolve("run");
            final CompletableFuture<CliHarness> run = CompletableFuture.supplyAsync(() -> CliHarness.runMechanics("run",
                "--target", "127.0.0.1:" + gateway.port(), "--sessions", "2", "--rate", Integer.toString(RATE),
                "--duration", DURATION_SECONDS + "s", "--warmup", "0s", "--flow", "new-cancel", "--timeout", "8s",
                "--idle", "backoff", "--out", out.toString()));

            follow(feed, TimeUnit.SECONDS.toNanos(7));
            final Process leader = processes.process(firstLeader);
            final long killedNanos = System.nanoTime();
            leader.destroyForcibly();
            assertTrue(leader.waitFor(10, TimeUnit.SECONDS));
            final int secondLeader = awaitLeader(processes, firstLeader);
            final long electionMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedNanos);
            assertNotEquals(firstLeader, secondLeader);

            while (!run.isDone())
            {
                follow(feed, TimeUnit.MILLISECONDS.toNanos(100));
            }
            final CliHarness result = run.get();
            final JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
            final long sent = summary.get("sent").asLong();
            final long acknowledged = summary.get("acknowledged").asLong();
            assertEquals((long)RATE * DURATION_SECONDS, sent, result.toString());
            assertTrue(acknowledged > sent * 6 / 10,
                "the run went on after the election: " + acknowledged + " of " + sent + " acknowledged\n" + result);
            assertTrue(gateway.leaderChanges() >= 1, "the gateway followed the new leader");
            final JsonNode failures = summary.get("failures");
            assertEquals(0, failures.get("orderRejected").asLong());
            assertEquals(0, failures.get("cancelRejected").asLong(),
                "every acknowledged order could be found and cancelled after the failover");

            final StatusQuery engine = StatusQuery.ask(
                ClusterConnection.overUdp(gateway.aeronDirectoryName(), members), 30, TimeUnit.SECONDS);
            final long newOrdersAcknowledged =
                summary.get("stages").get("new-ack").get("corrected").get("count").asLong();
            assertTrue(engine.ordersAccepted() >= newOrdersAcknowledged,
                "engine holds every acknowledged order: " + engine + " vs " + newOrdersAcknowledged);
            assertTrue(engine.ordersAccepted() <= sent, engine.toString());
            final long lostAcks = failures.get("resolvedLate.lostAcks").asLong();
            assertEquals(engine.ordersAccepted(), newOrdersAcknowledged + lostAcks,
                "no order the engine accepted is left in an unknown state: " + failures + "\n" + result);
            assertEquals(sent, engine.ordersAccepted(), "every order reached the engine, none was lost with the " +
                "leader or taken twice: " + engine + ", " + failures + "\n" + result);
            assertEquals(2, processes.membersAgreeing(engine, Duration.ofSeconds(10)),
                "both members left hold the books the new leader answered with");
            assertEveryMemberRecordedItsHiccups(hiccups, firstLeader);
            assertTheFeedFollowedTheNewLeader(feed, gateway);
            System.out.printf("failover from member %d to %d, new leader %d ms after the kill: sent %d, " +
                "acknowledged %d, timed out %d, status requests %d, found open %d (lost acknowledgements %d), " +
                "not open %d; engine %s; commands resent %d%n",
                firstLeader, secondLeader, electionMillis, sent, acknowledged, failures.get("timedOut").asLong(),
                failures.get("statusRequests").asLong(), failures.get("resolvedLate.open").asLong(), lostAcks,
                failures.get("resolvedLate.notOpen").asLong(), engine, gateway.commandsResent());
        }
    }

    private static void follow(final FeedReceiver feed, final long nanos) throws Exception
    {
        final long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end)
        {
            feed.drain(datagram -> false);
            Thread.sleep(20);
        }
    }

    private static void assertTheFeedFollowedTheNewLeader(final FeedReceiver feed, final Gateway gateway)
        throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        OrderLevelBook snapshot = FeedReceiver.snapshot(gateway.feedSnapshotPort());
        while (feed.lastSequence() != snapshot.snapshotSequence() && System.nanoTime() < deadline)
        {
            follow(feed, TimeUnit.MILLISECONDS.toNanos(200));
            snapshot = FeedReceiver.snapshot(gateway.feedSnapshotPort());
            follow(feed, TimeUnit.MILLISECONDS.toNanos(100));
        }
        assertEquals(snapshot.snapshotSequence(), feed.lastSequence(), "the consumer caught up with the feed");
        assertTrue(feed.lastSequence() > (long)RATE * DURATION_SECONDS / 2, "events after the failover: " +
            feed.lastSequence());
        assertTrue(feed.book().sameAs(snapshot), "the consumer's book is the gateway's");
        assertTrue(gateway.feed().isLive());
        System.out.printf("feed: %d events, gateway saw %d gaps from the cluster and loaded %d snapshots; the " +
            "consumer saw %d gaps%n", feed.lastSequence(), gateway.feed().gapsFromCluster(),
            gateway.feed().snapshotsFromCluster(), feed.gaps());
    }

    /**
     * Each member process records its own stalls, flushed every interval: even the killed leader's log is
     * readable up to its last second.
     */
    private static void assertEveryMemberRecordedItsHiccups(final Path hiccups, final int killed)
    {
        for (int id = 0; id < 3; id++)
        {
            final HiccupLog log = HiccupLog.read(hiccups.resolve("exchange-member-" + id + ".hiccup.hlog"));
            assertEquals("exchange-member-" + id, log.component());
            assertTrue(log.intervals().size() >= (id == killed ? 5 : 10),
                "member " + id + " logged " + log.intervals().size() + " intervals");
        }
    }

    private static int awaitLeader(final MemberProcesses processes, final int notThisOne) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline)
        {
            final int leader = processes.leaderId();
            if (leader >= 0 && leader != notThisOne)
            {
                return leader;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no new leader within 60 s");
    }
}
