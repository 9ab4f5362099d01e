package io.sonde.exchange.cluster;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.CancelOrderEncoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderEncoder;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.TimeInForce;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A single-member cluster, restarted from its own data folder, rebuilds exactly the books it had: from the
 * whole recorded log, and from a snapshot plus the log after it; on two threads and on one, where the service's
 * thread also runs the driver, archive and consensus module that take and replay the snapshot.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ClusterRecoveryTest
{
    private static final List<String> SYMBOLS = List.of("AAA", "BBB");
    private static final long HEARTBEAT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    @ParameterizedTest
    @EnumSource(MemberThreads.class)
    void restartReplaysTheLogAndSnapshotPlusTailToTheLiveDigest(
        final MemberThreads threads, @TempDir final Path logOnly, @TempDir final Path withSnapshot) throws Exception
    {
        final StatusQuery live;
        try (ClusterNode node = launch(withSnapshot, threads))
        {
            submit(node, 1, 3_000);
            final StatusQuery beforeSnapshot = status(node);
            assertTrue(beforeSnapshot.trades() > 100, "the commands trade: " + beforeSnapshot);
            assertTrue(beforeSnapshot.openOrders() > 10, "and leave books: " + beforeSnapshot);

            assertTrue(node.takeSnapshot(30, TimeUnit.SECONDS), "snapshot taken");
            submit(node, 2, 2_000);
            live = status(node);
            assertTrue(live.ordersAccepted() > beforeSnapshot.ordersAccepted());
        }

        try (ClusterNode restarted = launch(withSnapshot, threads))
        {
            assertEquals(live, status(restarted), "snapshot + log tail");
        }

        try (ClusterNode node = launch(logOnly, threads))
        {
            submit(node, 1, 3_000);
            status(node);
            submit(node, 2, 2_000);
            assertEquals(live, status(node), "the same log on another cluster, without a snapshot");
        }
        try (ClusterNode restarted = launch(logOnly, threads))
        {
            assertEquals(live, status(restarted), "whole-log replay");
        }
    }

    private static ClusterNode launch(final Path dataDir, final MemberThreads threads)
    {
        final ClusterNode node = ClusterNode.launch(0, ClusterMember.onFreeLoopbackPorts(1), dataDir, SYMBOLS,
            BackoffIdleStrategy::new, HEARTBEAT_TIMEOUT_NS, threads);
        if (threads == MemberThreads.ONE)
        {
            final List<String> names = Thread.getAllStackTraces().keySet().stream().map(Thread::getName).toList();
            assertTrue(names.contains(ClusterNode.oneThread(0)), names.toString());
            assertTrue(!names.contains(ClusterNode.infraThread(0)) && !names.contains(ClusterNode.SERVICE_THREAD),
                "no thread beside the member's one: " + names);
        }
        return node;
    }

    private static StatusQuery status(final ClusterNode node)
    {
        return StatusQuery.ask(ClusterConnection.sameDriver(node), 30, TimeUnit.SECONDS);
    }

    /**
     * Send a seeded stream of day and IOC limit orders and cancels from three owners, through one client
     * connection, then wait until every report has come back so the log holds all of them.
     */
    private static void submit(final ClusterNode node, final long seed, final int count)
    {
        final long[] reports = new long[1];
        try (AeronCluster cluster = ClusterConnection.sameDriver(node).connect(
            (sessionId, timestamp, buffer, offset, length, header) ->
            {
                reports[0]++;
                return Action.CONTINUE;
            }, 30, TimeUnit.SECONDS))
        {
            final SplittableRandom random = new SplittableRandom(seed);
            final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer();
            final MessageHeaderEncoder header = new MessageHeaderEncoder();
            final NewOrderEncoder newOrder = new NewOrderEncoder();
            final CancelOrderEncoder cancel = new CancelOrderEncoder();
            for (int i = 0; i < count; i++)
            {
                final long owner = 1 + random.nextInt(3);
                final String id = seed + "-" + i;
                final int length;
                if (i > 10 && random.nextInt(10) == 0)
                {
                    length = cancel.wrapAndApplyHeader(buffer, 0, header).ownerId(owner).clOrdId(id + "c")
                        .origClOrdId(seed + "-" + random.nextInt(i)).encodedLength();
                }
                else
                {
                    length = newOrder.wrapAndApplyHeader(buffer, 0, header).ownerId(owner).clOrdId(id)
                        .symbol(SYMBOLS.get(random.nextInt(2)))
                        .side(random.nextBoolean() ? Side.BUY : Side.SELL)
                        .ordType(OrdType.LIMIT)
                        .timeInForce(random.nextInt(4) == 0 ? TimeInForce.IMMEDIATE_OR_CANCEL : TimeInForce.DAY)
                        .price((100 + random.nextInt(-10, 11)) * ProtocolLimits.PRICE_UNIT / 10)
                        .orderQty(1 + random.nextInt(100))
                        .encodedLength();
                }
                while (cluster.offer(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + length) < 0)
                {
                    cluster.controlledPollEgress();
                }
                cluster.controlledPollEgress();
            }
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            long lastCount = -1;
            long quietSince = System.nanoTime();
            while (System.nanoTime() < deadline)
            {
                cluster.controlledPollEgress();
                if (reports[0] != lastCount)
                {
                    lastCount = reports[0];
                    quietSince = System.nanoTime();
                }
                else if (System.nanoTime() - quietSince > TimeUnit.MILLISECONDS.toNanos(500) && reports[0] >= count)
                {
                    return;
                }
                Thread.onSpinWait();
            }
            throw new AssertionError("reports stopped at " + reports[0] + " for " + count + " commands");
        }
    }
}
