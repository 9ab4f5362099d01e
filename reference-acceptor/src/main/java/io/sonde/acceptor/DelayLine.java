package io.sonde.acceptor;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.ExpandableRingBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * One session's messages held back until their time to be answered ({@code sonde acceptor --delay}): each is
 * copied as it arrives, with the time it is due, and answered by the acceptor's duty cycle at its first turn at
 * or after that time. Nothing sleeps, so one session's held messages never hold up another session, the engine
 * or the logons: the thread goes on with its other work, and waits as its idle mode says when there is none (so
 * an answer leaves within a spin of its time when the thread spins, and up to the idle mode's longest park later
 * when it backs off).
 * <p>
 * The delay is the same for every message, so messages fall due in the order they arrived and are answered in
 * that order. A message whose answer is pushed back (the session's outbound buffer is full) stays first in line
 * and is tried again at the next turn. Used on the acceptor's thread only; the buffers grow to the most held at
 * once and are then reused, so a held message allocates nothing.
 */
final class DelayLine
{
    /**
     * Answers one message that has waited its time.
     */
    interface Answer
    {
        /**
         * @return {@link Action#ABORT} when it could not be answered now and must be tried again.
         */
        Action answer(DirectBuffer buffer, int offset, int length, long messageType);
    }

    private static final int DUE_OFFSET = 0;
    private static final int TYPE_OFFSET = DUE_OFFSET + Long.BYTES;
    private static final int MESSAGE_OFFSET = TYPE_OFFSET + Long.BYTES;
    private static final int INITIAL_CAPACITY = 64 * 1024;

    private final long delayNanos;
    private final Answer answer;
    private final ExpandableRingBuffer held = new ExpandableRingBuffer(INITIAL_CAPACITY,
        ExpandableRingBuffer.MAX_CAPACITY, false);
    private final ExpandableArrayBuffer entry = new ExpandableArrayBuffer(1024);
    private final ExpandableRingBuffer.MessageConsumer releaser = this::answerIfDue;
    private long now;
    private int answered;

    DelayLine(final long delayNanos, final Answer answer)
    {
        this.delayNanos = delayNanos;
        this.answer = answer;
    }

    /**
     * Holds a copy of the message until {@code arrivedNanos} plus the delay.
     *
     * @throws IllegalStateException when a gigabyte of messages is already held.
     */
    void hold(final long arrivedNanos, final DirectBuffer buffer, final int offset, final int length,
        final long messageType)
    {
        entry.putLong(DUE_OFFSET, arrivedNanos + delayNanos);
        entry.putLong(TYPE_OFFSET, messageType);
        entry.putBytes(MESSAGE_OFFSET, buffer, offset, length);
        if (!held.append(entry, 0, MESSAGE_OFFSET + length))
        {
            throw new IllegalStateException("the delay line is full: " + held.size() + " bytes held");
        }
    }

    /**
     * @param nowNanos the time now, on {@link System#nanoTime()}'s clock.
     * @return how many held messages were answered.
     */
    int answerDue(final long nowNanos)
    {
        if (held.isEmpty())
        {
            return 0;
        }
        now = nowNanos;
        answered = 0;
        held.consume(releaser, Integer.MAX_VALUE);
        return answered;
    }

    private boolean answerIfDue(final MutableDirectBuffer buffer, final int offset, final int length,
        final int headOffset)
    {
        if (buffer.getLong(offset + DUE_OFFSET) - now > 0 || answer.answer(buffer, offset + MESSAGE_OFFSET,
            length - MESSAGE_OFFSET, buffer.getLong(offset + TYPE_OFFSET)) == Action.ABORT)
        {
            return false;
        }
        answered++;
        return true;
    }
}
