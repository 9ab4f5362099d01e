package io.sonde.exchange.host;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.api.IdleMode;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.ClusterMember;
import io.sonde.exchange.cluster.ElectionTimings;
import io.sonde.exchange.cluster.StatusQuery;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderEncoder;
import io.sonde.exchange.sbe.OrdType;
import io.sonde.exchange.sbe.Side;
import io.sonde.exchange.sbe.TimeInForce;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Each of three member processes tells its own engine's answer to a status query, so whoever started them can see
 * that every member holds the books the leader's answer describes, resting orders included.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class MemberAgreementTest
{
    private static final int RESTING = 3;

    @Test
    void aMemberLineReadsBackAsTheAnswerItPrintsAndNoOtherLineDoes()
    {
        final StatusQuery answer = new StatusQuery(7, 3, 2, -41);

        assertEquals(answer, StatusQuery.ofMemberLine(answer.memberLine()));
        assertNull(StatusQuery.ofMemberLine("sonde exchange: member 0 role LEADER"));
        assertNull(StatusQuery.ofMemberLine(StatusQuery.MEMBER_LINE + "ordersAccepted=x"));
    }

    @Test
    void everyMemberAnswersAsTheLeaderDidAndAnotherAnswerFindsNoneAgreeing(@TempDir final Path dir)
        throws Exception
    {
        final List<ClusterMember> members = ClusterMember.onFreeLoopbackPorts(3);
        try (MemberProcesses processes = MemberProcesses.start(members, dir, null, EmbeddedExchange.DEFAULT_SYMBOLS,
            IdleMode.BACKOFF, Duration.ofNanos(ElectionTimings.DEFAULT_LEADER_TIMEOUT_NS));
            MediaDriver driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                .threadingMode(ThreadingMode.SHARED).dirDeleteOnStart(true).dirDeleteOnShutdown(true)))
        {
            final ClusterConnection connection = ClusterConnection.overUdp(driver.aeronDirectoryName(), members);
            restOrders(connection);
            final StatusQuery leader = StatusQuery.ask(connection, 60, TimeUnit.SECONDS);

            assertEquals(RESTING, leader.openOrders(), leader.toString());
            assertEquals(3, processes.membersAgreeing(leader, Duration.ofSeconds(30)));
            assertEquals(0, processes.membersAgreeing(
                new StatusQuery(leader.ordersAccepted(), leader.openOrders() + 1, leader.trades(), leader.digest()),
                Duration.ofMillis(200)), "an engine holding one more order would not agree");
        }
    }

    private static void restOrders(final ClusterConnection connection)
    {
        final long[] acknowledged = new long[1];
        try (AeronCluster cluster = connection.connect((session, timestamp, buffer, offset, length, header) ->
        {
            acknowledged[0]++;
            return Action.CONTINUE;
        }, 60, TimeUnit.SECONDS))
        {
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[ProtocolLimits.MAX_MESSAGE_LENGTH]);
            for (int i = 0; i < RESTING; i++)
            {
                final int length = MessageHeaderEncoder.ENCODED_LENGTH + new NewOrderEncoder()
                    .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder()).ownerId(1).clOrdId("rest" + i)
                    .symbol(EmbeddedExchange.DEFAULT_SYMBOLS.get(0)).side(Side.BUY).ordType(OrdType.LIMIT)
                    .timeInForce(TimeInForce.DAY).price((90 + i) * ProtocolLimits.PRICE_UNIT).orderQty(10)
                    .encodedLength();
                while (cluster.offer(buffer, 0, length) < 0)
                {
                    cluster.controlledPollEgress();
                }
            }
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (acknowledged[0] < RESTING && System.nanoTime() < deadline)
            {
                cluster.controlledPollEgress();
            }
        }
    }
}
