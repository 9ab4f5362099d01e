package io.sonde.exchange.cluster;

import io.aeron.cluster.client.AeronCluster;
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
 * One mass cancel ends 10,000 of a session's resting orders over four symbols, and every report reaches the
 * session's connection although it reads none of them while the service writes them all (as a gateway on the
 * service's own thread cannot): each is one egress message far below Aeron's maximum, and all of them, with their
 * market-data deletions, fit in the window of the connection's egress, so none meets back-pressure.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DeepMassCancelTest
{
    private static final List<String> SYMBOLS = List.of("AAA", "BBB", "CCC", "DDD");
    private static final int ORDERS = 10_000;
    private static final long OWNER = 1;
    private static final long HEARTBEAT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private long accepted;
    private long canceled;
    private long egressBytes;

    @ParameterizedTest
    @EnumSource(MemberThreads.class)
    void everyOrderIsCanceledWithItsReportAndNoneIsUndelivered(final MemberThreads threads, @TempDir final Path dir)
        throws InterruptedException
    {
        try (ClusterNode node = ClusterNode.launch(0, ClusterMember.onFreeLoopbackPorts(1), dir, SYMBOLS,
            BackoffIdleStrategy::new, HEARTBEAT_TIMEOUT_NS, threads);
            AeronCluster cluster = ClusterConnection.sameDriver(node).connect(this::onEgress, 30, TimeUnit.SECONDS))
        {
            final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer();
            final MessageHeaderEncoder encoder = new MessageHeaderEncoder();
            final NewOrderEncoder order = new NewOrderEncoder();
            for (int i = 0; i < ORDERS; i++)
            {
                final boolean buy = i % 2 == 0;
                final long ticks = 1 + i % 100;
                final int length = order.wrapAndApplyHeader(buffer, 0, encoder).ownerId(OWNER).clOrdId("o" + i)
                    .symbol(SYMBOLS.get(i % SYMBOLS.size())).side(buy ? Side.BUY : Side.SELL).ordType(OrdType.LIMIT)
                    .timeInForce(TimeInForce.DAY).orderQty(10)
                    .price((10_000 + (buy ? -ticks : ticks)) * ProtocolLimits.PRICE_UNIT / 100).encodedLength();
                offer(cluster, buffer, MessageHeaderEncoder.ENCODED_LENGTH + length);
            }
            pollUntil(cluster, () -> accepted, ORDERS);
            assertEquals(ORDERS, StatusQuery.ask(ClusterConnection.sameDriver(node), 30, TimeUnit.SECONDS)
                .openOrders());
            final long bytesBefore = egressBytes;

            final int length = new MassCancelEncoder().wrapAndApplyHeader(buffer, 0, encoder).ownerId(OWNER)
                .gatewayId(MassCancelEncoder.gatewayIdNullValue())
                .commandSequence(MassCancelEncoder.commandSequenceNullValue()).encodedLength();
            offer(cluster, buffer, MessageHeaderEncoder.ENCODED_LENGTH + length);
            final StatusQuery after = StatusQuery.ask(ClusterConnection.sameDriver(node), 30, TimeUnit.SECONDS);
            pollUntil(cluster, () -> canceled, ORDERS);

            assertEquals(0, after.openOrders(), "the engine holds none of them once the command is applied");
            assertEquals(ORDERS, canceled, "a report for each");
            assertEquals(0, node.service().undeliveredReports(), "none dropped to back-pressure");
            assertEquals(0, node.service().undeliveredFeedEvents(), "nor any deletion on the feed");
            assertTrue(egressBytes - bytesBefore < 256L * ORDERS,
                "reports and deletions: " + (egressBytes - bytesBefore) + " bytes");
        }
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
