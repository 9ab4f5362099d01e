package io.sonde.exchange.gateway;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SentCommandsTest
{
    private static final long BACK_PRESSURED = -2;

    private final SentCommands sent = new SentCommands(8);
    private final List<Integer> offered = new ArrayList<>();
    private final UnsafeBuffer command = new UnsafeBuffer(new byte[SentCommands.SLOT_LENGTH]);
    private int takenBeforeBackPressure = Integer.MAX_VALUE;

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
    void theCommandsSentSinceAMarginBeforeTheClusterWasLastHeardGoAgainInTheirOrder()
    {
        send(1, seconds(1));
        send(2, seconds(5));
        sent.onHeardFromCluster(seconds(6));
        send(3, seconds(6) + 1);
        send(4, seconds(7));

        sent.onLeaderChange();
        sent.onHeardFromCluster(seconds(8));

        assertTrue(sent.isResending(), "nothing new goes before the resend");
        assertEquals(3, sent.resend(ingress));
        assertEquals(List.of(2, 3, 4), offered, "from a second before the cluster's last word, in order");
        assertFalse(sent.isResending());
        assertEquals(3, sent.commandsResent());
    }

    @Test
    void aResendTheClusterCannotTakeYetGoesOnWhereItStopped()
    {
        send(1, seconds(1));
        send(2, seconds(1));
        send(3, seconds(1));
        sent.onHeardFromCluster(seconds(1));
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
    void aSecondLeaderChangeDuringAResendStartsAgainFromTheFirstWindow()
    {
        send(1, seconds(1));
        send(2, seconds(1));
        sent.onHeardFromCluster(seconds(1));
        sent.onLeaderChange();
        takenBeforeBackPressure = 1;
        sent.resend(ingress);
        sent.onHeardFromCluster(seconds(30));

        sent.onLeaderChange();
        takenBeforeBackPressure = Integer.MAX_VALUE;
        sent.resend(ingress);

        assertEquals(List.of(1, 1, 2), offered, "what went to the first new leader may be lost with it too");
    }

    @Test
    void aWindowLongerThanTheRingResendsWhatTheRingKept()
    {
        for (int i = 1; i <= 10; i++)
        {
            send(i, seconds(1));
        }
        sent.onHeardFromCluster(seconds(1));
        sent.onLeaderChange();

        assertEquals(8, sent.resend(ingress));
        assertEquals(List.of(3, 4, 5, 6, 7, 8, 9, 10), offered);
    }

    @Test
    void withoutALeaderChangeNothingGoesAgain()
    {
        send(1, seconds(1));
        sent.onHeardFromCluster(seconds(1));

        assertFalse(sent.isResending());
        assertEquals(0, sent.resend(ingress));
        assertEquals(List.of(), offered);
    }

    private void send(final int marker, final long nowNanos)
    {
        command.putByte(0, (byte)marker);
        sent.onSent(command, 0, SentCommands.SLOT_LENGTH - 1, nowNanos);
    }

    private static long seconds(final long seconds)
    {
        return TimeUnit.SECONDS.toNanos(seconds);
    }
}
