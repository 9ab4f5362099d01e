package io.sonde.exchange.gateway;

import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderEncoder;
import io.sonde.exchange.sbe.ReplaceOrderEncoder;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The commands the gateway sent to the cluster lately, kept so that it can send again, when the cluster changes
 * leader, those that were never answered.
 * <p>
 * While a leader is dead and the other members have not yet elected another, the gateway's ingress publication
 * still looks connected (Aeron notices a silent receiver only after seconds), so offers succeed and the commands
 * vanish with the old leader. The new leader's event is the first sign. The engine leads the first answer of each
 * numbered command with its number, and answers come in the order the commands were applied, so the last number
 * answered says exactly what the gateway has heard the end of: every command after it goes again, in its first
 * order, and nothing before it (those were answered, and a client must not hear of them twice). The engine drops a
 * numbered command it has applied already and answers it again as it did the first time, since that answer is what
 * was lost. New commands wait ({@link #isResending}: their offer fails and Artio keeps the message) until the
 * resend is done, so the log holds each gateway's commands in the order they were numbered.
 * <p>
 * Preallocated: a ring of slots, each as long as the longest command. A window that outgrows the ring (a long
 * election at a high rate) has lost its oldest commands, and the resend says so. Used on the gateway's thread only,
 * apart from {@link #commandsResent}.
 */
final class SentCommands
{
    /** Room for the longest command the gateway sends. */
    static final int SLOT_LENGTH = MessageHeaderEncoder.ENCODED_LENGTH +
        Math.max(NewOrderEncoder.BLOCK_LENGTH, ReplaceOrderEncoder.BLOCK_LENGTH);

    private static final int NOT_RESENDING = -1;

    /**
     * Where commands go: the cluster client's ingress.
     */
    @FunctionalInterface
    interface Ingress
    {
        /**
         * @return a positive position when taken, otherwise why not (back-pressure, not connected yet).
         */
        long offer(DirectBuffer buffer, int offset, int length);
    }

    private final AtomicLong commandsResent = new AtomicLong();
    private final UnsafeBuffer slots;
    private final long[] sequences;
    private final boolean[] numbered;
    private final int[] lengths;
    private final int capacity;
    private final int mask;
    private long next;
    private long lastAnswered;
    private boolean leaderChanged;
    private long resendNext = NOT_RESENDING;
    private long resendFirst;

    /**
     * @param capacity how many commands are kept: a power of two.
     */
    SentCommands(final int capacity)
    {
        if (Integer.bitCount(capacity) != 1)
        {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        this.capacity = capacity;
        mask = capacity - 1;
        slots = new UnsafeBuffer(new byte[capacity * SLOT_LENGTH]);
        sequences = new long[capacity];
        numbered = new boolean[capacity];
        lengths = new int[capacity];
    }

    /**
     * Keep a command the cluster's client has just taken.
     *
     * @param sequence its number when {@code isNumbered}; otherwise the number of the last numbered command sent
     *                 before it.
     */
    void onSent(
        final DirectBuffer buffer, final int offset, final int length, final long sequence, final boolean isNumbered)
    {
        if (length > SLOT_LENGTH)
        {
            throw new IllegalArgumentException("a command of " + length + " bytes is longer than a slot's " +
                SLOT_LENGTH);
        }
        final int slot = (int)(next & mask);
        slots.putBytes(slot * SLOT_LENGTH, buffer, offset, length);
        lengths[slot] = length;
        sequences[slot] = sequence;
        numbered[slot] = isNumbered;
        next++;
    }

    /**
     * The engine answered the numbered command {@code sequence}: every one before it has had its answers too.
     */
    void onAnswered(final long sequence)
    {
        lastAnswered = Math.max(lastAnswered, sequence);
    }

    /**
     * A new leader (or a new connection): what has not been answered goes again.
     */
    void onLeaderChange()
    {
        leaderChanged = true;
    }

    /**
     * @return true from a leader change until every unanswered command has been sent again: new commands wait.
     */
    boolean isResending()
    {
        return leaderChanged || resendNext != NOT_RESENDING;
    }

    /**
     * Send again what a leader change calls for, as far as the cluster takes it on this duty cycle.
     *
     * @return how many commands were sent.
     */
    int resend(final Ingress cluster)
    {
        if (leaderChanged)
        {
            leaderChanged = false;
            // A change during a resend starts again: what went to the leader before may be lost with it too.
            resendNext = firstUnanswered();
            resendFirst = resendNext;
        }
        if (resendNext == NOT_RESENDING)
        {
            return 0;
        }
        int sent = 0;
        while (resendNext < next)
        {
            final int slot = (int)(resendNext & mask);
            if (cluster.offer(slots, slot * SLOT_LENGTH, lengths[slot]) <= 0)
            {
                commandsResent.getAndAdd(sent);
                return sent;
            }
            resendNext++;
            sent++;
        }
        commandsResent.getAndAdd(sent);
        System.err.println("[gateway] sent the " + (next - resendFirst) + " unanswered commands again to the new " +
            "leader");
        resendNext = NOT_RESENDING;
        return sent;
    }

    /**
     * @return commands sent again so far; read from any thread.
     */
    long commandsResent()
    {
        return commandsResent.get();
    }

    /**
     * @return the first command kept after the last one answered: a numbered command after it, or a query sent
     *         since (whose answer carries no number).
     */
    private long firstUnanswered()
    {
        final long oldest = Math.max(0, next - capacity);
        long first = next;
        while (first > oldest && isUnanswered((int)((first - 1) & mask)))
        {
            first--;
        }
        if (first == oldest && oldest > 0)
        {
            System.err.println("[gateway] the unanswered commands reach back beyond the " + capacity +
                " commands kept: older commands sent to the old leader may be lost");
        }
        return first;
    }

    private boolean isUnanswered(final int slot)
    {
        return sequences[slot] > lastAnswered || (!numbered[slot] && sequences[slot] == lastAnswered);
    }
}
