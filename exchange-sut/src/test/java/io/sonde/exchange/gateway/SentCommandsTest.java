package io.sonde.exchange.gateway;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * After a leader change the gateway sends again exactly what it has had no answer to: a command answered is never
 * sent again (its client would hear of it twice), and one unanswered always is, however long ago it went.
 */
class SentCommandsTest
{
    private static final long BACK_PRESSURED = -2;

    private final SentCommands sent = new SentCommands(8);
    private final List<Integer> offered = new ArrayList<>();
    private final UnsafeBuffer command = new UnsafeBuffer(new byte[SentCommands.SLOT_LENGTH]);
    private int takenBeforeBackPressure = Integer.MAX_VALUE;
    private long lastSequence;

    private final SentCommands.Ingress ingress = (buffer, offset, length) ->
    {
        if (offered.size() >= takenBeforeBackPressure)
        {
            return BACK_PRESSURED;
        }
        assertEquals(SentCommands.SLOT_LENGTH - 1, length, "the command's own length");
        offered.add((int)buffer.getByte(offset));
        return 64L * offered.size();
    };

    @Test
    void onlyTheCommandsAfterTheLastOneAnsweredGoAgainInTheirOrder()
    {
        send(1);
        send(2);
        send(3);
        sent.onAnswered(2);
        send(4);

        sent.onLeaderChange();

        assertTrue(sent.isResending(), "nothing new goes before the resend");
        assertEquals(2, sent.resend(ingress));
        assertEquals(List.of(3, 4), offered, "what was answered is never sent again: its client heard of it");
        assertFalse(sent.isResending());
        assertEquals(2, sent.commandsResent());
    }

    @Test
    void everyCommandAfterTheLastAnsweredGoesAgainHoweverManyWereSentSince()
    {
        send(1);
        sent.onAnswered(1);
        for (int i = 2; i <= 6; i++)
        {
            send(i);
        }

        sent.onLeaderChange();
        sent.resend(ingress);

        assertEquals(List.of(2, 3, 4, 5, 6), offered,
            "a command the old leader had not committed when it died goes again, whatever the consensus lag");
    }

    @Test
    void aQuerySentAfterTheLastAnsweredCommandGoesAgainButNotOneBeforeIt()
    {
        send(1);
        query(11);
        send(2);
        query(12);
        sent.onAnswered(2);

        sent.onLeaderChange();
        sent.resend(ingress);

        assertEquals(List.of(12), offered, "a query's answer carries no number: one after the last answer goes again");
    }

    @Test
    void answersComingOutOfOrderNeverMoveTheLastAnsweredBack()
    {
        send(1);
        send(2);
        send(3);
        sent.onAnswered(2);
        sent.onAnswered(1);

        sent.onLeaderChange();
        sent.resend(ingress);

        assertEquals(List.of(3), offered);
    }

    @Test
    void aResendTheClusterCannotTakeYetGoesOnWhereItStopped()
    {
        send(1);
        send(2);
        send(3);
        sent.onLeaderChange();
        takenBeforeBackPressure = 1;

        assertEquals(1, sent.resend(ingress));
        assertTrue(sent.isResending());

        takenBeforeBackPressure = Integer.MAX_VALUE;
        assertEquals(2, sent.resend(ingress));
        assertEquals(List.of(1, 2, 3), offered);
        assertFalse(sent.isResending());
    }

    @Test
    void aSecondLeaderChangeDuringAResendStartsAgainFromTheFirstUnansweredCommand()
    {
        send(1);
        send(2);
        sent.onLeaderChange();
        takenBeforeBackPressure = 1;
        sent.resend(ingress);

        sent.onLeaderChange();
        takenBeforeBackPressure = Integer.MAX_VALUE;
        sent.resend(ingress);

        assertEquals(List.of(1, 1, 2), offered, "what went to the first new leader may be lost with it too");
    }

    @Test
    void moreUnansweredCommandsThanTheRingHoldsResendWhatTheRingKept()
    {
        for (int i = 1; i <= 10; i++)
        {
            send(i);
        }
        sent.onLeaderChange();

        assertEquals(8, sent.resend(ingress));
        assertEquals(List.of(3, 4, 5, 6, 7, 8, 9, 10), offered);
    }

    @Test
    void withoutALeaderChangeNothingGoesAgain()
    {
        send(1);

        assertFalse(sent.isResending());
        assertEquals(0, sent.resend(ingress));
        assertEquals(List.of(), offered);
    }

    @Test
    void whenEverythingWasAnsweredALeaderChangeSendsNothing()
    {
        send(1);
        send(2);
        sent.onAnswered(2);

        sent.onLeaderChange();

        assertEquals(0, sent.resend(ingress));
        assertFalse(sent.isResending());
        assertEquals(List.of(), offered);
    }

    /**
     * A numbered command: its marker is its number.
     */
    private void send(final int sequence)
    {
        command.putByte(0, (byte)sequence);
        sent.onSent(command, 0, SentCommands.SLOT_LENGTH - 1, sequence, true);
        lastSequence = sequence;
    }

    /**
     * A query, which takes no number.
     */
    private void query(final int marker)
    {
        command.putByte(0, (byte)marker);
        sent.onSent(command, 0, SentCommands.SLOT_LENGTH - 1, lastSequence, false);
    }
}
