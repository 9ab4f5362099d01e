package io.sonde.exchange.gateway;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.codecs.SessionMessageHeaderEncoder;
import io.sonde.exchange.feed.FeedPublisher;
import io.sonde.exchange.sbe.CommandAnsweredEncoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.fix.engine.WallClock;
import io.sonde.md.publish.FeedSettings;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A leader paused long enough to be deposed sends its last events when it resumes: the gateway, which has sent its
 * unanswered commands to the new leader, drops them, or a client would hear of one execution twice.
 */
class StaleLeaderEventsTest
{
    private static final long SESSION = 5;

    private final SentCommands sent = new SentCommands(16);
    private final FeedPublisher feed = FeedPublisher.open(FeedSettings.OFF, "127.0.0.1", WallClock.INSTANCE);
    private final EngineEvents events = new EngineEvents(new Long2ObjectHashMap<>(), new ReportWriter(), feed, sent);
    private final UnsafeBuffer egress = new UnsafeBuffer(new byte[256]);
    private final List<Integer> resent = new ArrayList<>();
    private final UnsafeBuffer command = new UnsafeBuffer(new byte[SentCommands.SLOT_LENGTH]);

    @AfterEach
    void close()
    {
        feed.close();
    }

    @Test
    void anAnswerFromALeaderDeposedSinceIsDroppedAndItsCommandGoesToTheNewLeader()
    {
        send(1);
        send(2);
        answered(1, 7);

        events.onNewLeader(SESSION, 8, 1, "");
        answered(2, 7);
        sent.resend(this::offered);

        assertEquals(List.of(2), resent, "the deposed leader's answer to 2 did not count: the new leader answers it");
    }

    @Test
    void answersOfTheCurrentLeaderCount()
    {
        send(1);
        send(2);
        answered(1, 7);
        answered(2, 7);

        events.onNewLeader(SESSION, 8, 1, "");
        sent.resend(this::offered);

        assertEquals(List.of(), resent);
    }

    private void send(final int sequence)
    {
        command.putByte(0, (byte)sequence);
        sent.onSent(command, 0, SentCommands.SLOT_LENGTH - 1, sequence, true);
    }

    private long offered(final org.agrona.DirectBuffer buffer, final int offset, final int length)
    {
        resent.add((int)buffer.getByte(offset));
        return 64;
    }

    /**
     * The engine's answer to a command, led by its number, as the cluster's egress brings it in a term.
     */
    private void answered(final long sequence, final long term)
    {
        new SessionMessageHeaderEncoder().wrapAndApplyHeader(egress, 0,
            new io.aeron.cluster.codecs.MessageHeaderEncoder())
            .leadershipTermId(term).clusterSessionId(SESSION).timestamp(0);
        final int at = AeronCluster.SESSION_HEADER_LENGTH;
        new CommandAnsweredEncoder().wrapAndApplyHeader(egress, at, new MessageHeaderEncoder())
            .commandSequence(sequence);
        events.onMessage(SESSION, 0, egress, at, MessageHeaderEncoder.ENCODED_LENGTH +
            CommandAnsweredEncoder.BLOCK_LENGTH, null);
    }
}
