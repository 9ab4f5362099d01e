package io.sonde.exchange.gateway;

import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderEncoder;
import io.sonde.exchange.sbe.ReplaceOrderEncoder;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The commands the gateway sent to the cluster lately, kept so that it can send them again when the cluster
 * changes leader.
 * <p>
 * While a leader is dead and the other members have not yet elected another, the gateway's ingress publication
 * still looks connected (Aeron notices a silent receiver only after seconds), so offers succeed and the commands
 * vanish with the old leader. The new leader's event is the first sign, and which commands the old leader
 * committed cannot be known here. So every command sent since a margin before the gateway last heard from the
 * cluster goes again, in its first order, and the engine drops the numbered ones it has applied already. New
 * commands wait ({@link #isResending}: their offer fails and Artio keeps the message) until the resend is done,
 * so the log holds each gateway's commands in the order they were numbered.
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
    /**
     * How long before the cluster's last word commands are sent again: what the old leader may have received but
     * not yet committed, with room for a stall of this thread or of the leader.
     */
    static final long MARGIN_NS = TimeUnit.SECONDS.toNanos(1);

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
    private final long[] sentAt;
    private final int[] lengths;
    private final int capacity;
    private final int mask;
    private long next;
    private long lastHeardNanos;
    private boolean leaderChanged;
    private long windowStartNanos;
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
        sentAt = new long[capacity];
        lengths = new int[capacity];
    }

    /**
     * Keep a command the cluster's client has just taken.
     */
    void onSent(final DirectBuffer buffer, final int offset, final int length, final long nowNanos)
    {
        if (length > SLOT_LENGTH)
        {
            throw new IllegalArgumentException("a command of " + length + " bytes is longer than a slot's " +
                SLOT_LENGTH);
        }
        final int slot = (int)(next & mask);
        slots.putBytes(slot * SLOT_LENGTH, buffer, offset, length);
        lengths[slot] = length;
        sentAt[slot] = nowNanos;
        next++;
    }

    /**
     * The cluster's egress brought something: the leader was alive and applying commands then.
     */
    void onHeardFromCluster(final long nowNanos)
    {
        lastHeardNanos = nowNanos;
    }

    /**
     * A new leader (or a new connection): resend from a margin before the cluster was last heard. Called while
     * the egress is polled, before anything of the new leader counts as heard.
     */
    void onLeaderChange()
    {
        final long windowStart = lastHeardNanos - MARGIN_NS;
        // A change during a resend must not skip what the first one has not sent yet.
        windowStartNanos = leaderChanged || resendNext != NOT_RESENDING ?
            Math.min(windowStartNanos, windowStart) : windowStart;
        leaderChanged = true;
    }

    /**
     * @return true from a leader change until every command of its window has been sent again: new commands wait.
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
            final long first = firstSentSince(windowStartNanos);
            resendNext = resendNext == NOT_RESENDING ? first : Math.min(resendNext, first);
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
        System.err.println("[gateway] sent " + (next - resendFirst) + " commands again to the new leader");
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

    private long firstSentSince(final long windowStart)
    {
        final long oldest = Math.max(0, next - capacity);
        long first = next;
        while (first > oldest && sentAt[(int)((first - 1) & mask)] - windowStart >= 0)
        {
            first--;
        }
        if (first == oldest && oldest > 0)
        {
            System.err.println("[gateway] the leader change's window reaches back beyond the " + capacity +
                " commands kept: older commands sent to the old leader may be lost");
        }
        return first;
    }
}
