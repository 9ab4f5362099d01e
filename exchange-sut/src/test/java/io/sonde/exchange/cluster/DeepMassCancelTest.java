package io.sonde.exchange.cluster;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.HopStampsDecoder;
import io.sonde.exchange.sbe.MassCancelEncoder;
import io.sonde.exchange.sbe.MessageHeaderDecoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderEncoder;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.OrderAcceptedDecoder;
import io.sonde.exchange.sbe.OrderCanceledDecoder;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.TimeInForce;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One mass cancel ends thousands of a session's resting orders over four symbols, and every report reaches the
 * session's connection although it reads none of them for a while: each is one egress message far below Aeron's
 * maximum. Over IPC (an embedded gateway, which shares the service's thread and so reads nothing until the command
 * is applied) 10,000 orders' reports and market-data deletions fit in the egress window; over UDP 40,000 outgrow
 * it, and the service waits for the reader.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DeepMassCancelTest
{
    private static final List<String> SYMBOLS = List.of("AAA", "BBB", "CCC", "DDD");
    private static final int ORDERS = 10_000;
    private static final int DEEP_ORDERS = 40_000;
    /** Far less than the service's retries of a back-pressured report last: about 10 s. */
    private static final long NOT_READING_MS = 1_000;
    private static final long OWNER = 1;
    private static final long HEARTBEAT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private long accepted;
    private long canceled;
    private long egressBytes;

    @ParameterizedTest
    @EnumSource(MemberThreads.class)
    void overIpcEveryOrderIsCanceledWithItsReportThoughNoneIsReadMeanwhile(
        final MemberThreads threads, @TempDir final Path dir)
    {
        try (ClusterNode node = ClusterNode.launch(0, ClusterMember.onFreeLoopbackPorts(1), dir, SYMBOLS,
            BackoffIdleStrategy::new, HEARTBEAT_TIMEOUT_NS, threads))
        {
            final ClusterConnection connection = ClusterConnection.sameDriver(node);
            try (AeronCluster cluster = connection.connect(this::onEgress, 30, TimeUnit.SECONDS))
            {
                rest(cluster, node, connection, ORDERS);
                final long bytesBefore = egressBytes;

                massCancel(cluster);
                final StatusQuery after = StatusQuery.ask(connection, 30, TimeUnit.SECONDS);
                pollUntil(cluster, () -> canceled, ORDERS);

                assertEquals(0, after.openOrders(), "the engine holds none of them once the command is applied");
                assertEquals(ORDERS, canceled, "a report for each");
                assertEquals(0, node.service().undeliveredReports(), "none dropped to back-pressure");
                assertEquals(0, node.service().undeliveredFeedEvents(), "nor any deletion on the feed");
                assertTrue(egressBytes - bytesBefore < 256L * ORDERS,
                    "reports and deletions: " + (egressBytes - bytesBefore) + " bytes");
            }
        }
    }

    /**
     * Over UDP, as a gateway in front of member processes reads, the egress window is 8 MB (half of Aeron's default
     * 16 MB term): 40,000 orders' reports and deletions, 11.5 MB, outgrow it while the session reads nothing, and
     * the service waits for the reader rather than drop a report.
     */
    @Test
    void overUdpBeyondTheEgressWindowTheServiceWaitsForTheReaderAndDropsNoReport(@TempDir final Path dir)
        throws InterruptedException
    {
        try (ClusterNode node = ClusterNode.launch(0, ClusterMember.onFreeLoopbackPorts(1), dir, SYMBOLS,
            BackoffIdleStrategy::new, HEARTBEAT_TIMEOUT_NS, MemberThreads.TWO);
            MediaDriver driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                .threadingMode(ThreadingMode.SHARED).dirDeleteOnStart(true).dirDeleteOnShutdown(true)))
        {
            final ClusterConnection connection =
                ClusterConnection.overUdp(driver.aeronDirectoryName(), List.of(node.member()));
            try (AeronCluster cluster = connection.connect(this::onEgress, 30, TimeUnit.SECONDS))
            {
                rest(cluster, node, connection, DEEP_ORDERS);

                massCancel(cluster);
                Thread.sleep(NOT_READING_MS);
                pollUntil(cluster, () -> canceled, DEEP_ORDERS);

                assertEquals(DEEP_ORDERS, canceled, "a report for each");
                assertEquals(0, node.service().undeliveredReports(), "none dropped to back-pressure");
                assertEquals(0, StatusQuery.ask(connection, 30, TimeUnit.SECONDS).openOrders());
            }
        }
    }

    /**
     * Rest {@code orders} day orders of the owner, a quarter on each symbol, and wait until each is acknowledged.
     */
    private void rest(
        final AeronCluster cluster, final ClusterNode node, final ClusterConnection connection, final int orders)
    {
        final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer();
        final MessageHeaderEncoder encoder = new MessageHeaderEncoder();
        final NewOrderEncoder order = new NewOrderEncoder();
        for (int i = 0; i < orders; i++)
        {
            final boolean buy = i % 2 == 0;
            final long ticks = 1 + i % 100;
            final int length = order.wrapAndApplyHeader(buffer, 0, encoder).ownerId(OWNER).clOrdId("o" + i)
                .symbol(SYMBOLS.get(i % SYMBOLS.size())).side(buy ? Side.BUY : Side.SELL).ordType(OrdType.LIMIT)
                .timeInForce(TimeInForce.DAY).orderQty(10)
                .price((10_000 + (buy ? -ticks : ticks)) * ProtocolLimits.PRICE_UNIT / 100).encodedLength();
            offer(cluster, buffer, MessageHeaderEncoder.ENCODED_LENGTH + length);
        }
        pollUntil(cluster, () -> accepted, orders);
        assertEquals(orders, StatusQuery.ask(connection, 30, TimeUnit.SECONDS).openOrders());
        assertEquals(0, node.service().undeliveredReports());
    }

    private static void massCancel(final AeronCluster cluster)
    {
        final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer();
        final int length = new MassCancelEncoder().wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .ownerId(OWNER).gatewayId(MassCancelEncoder.gatewayIdNullValue())
            .commandSequence(MassCancelEncoder.commandSequenceNullValue()).massCancelReqId("").symbol("")
            .encodedLength();
        offer(cluster, buffer, MessageHeaderEncoder.ENCODED_LENGTH + length);
    }

    /**
     * A report answering a new order comes led by the hop stamps of its command.
     */
    private Action onEgress(
        final long sessionId, final long timestamp, final DirectBuffer buffer, final int offset, final int length,
        final io.aeron.logbuffer.Header aeronHeader)
    {
        egressBytes += length;
        header.wrap(buffer, offset);
        if (header.templateId() == HopStampsDecoder.TEMPLATE_ID)
        {
            header.wrap(buffer, offset + MessageHeaderDecoder.ENCODED_LENGTH + header.blockLength());
        }
        switch (header.templateId())
        {
            case OrderAcceptedDecoder.TEMPLATE_ID -> accepted++;
            case OrderCanceledDecoder.TEMPLATE_ID -> canceled++;
            default ->
            {
            }
        }
        return Action.CONTINUE;
    }

    private static void offer(final AeronCluster cluster, final DirectBuffer buffer, final int length)
    {
        while (cluster.offer(buffer, 0, length) < 0)
        {
            cluster.controlledPollEgress();
        }
    }

    private static void pollUntil(final AeronCluster cluster, final LongSupplier count, final long expected)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (count.getAsLong() < expected)
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("egress stopped at " + count.getAsLong() + " of " + expected);
            }
            if (cluster.controlledPollEgress() == 0)
            {
                Thread.onSpinWait();
            }
        }
    }
}
