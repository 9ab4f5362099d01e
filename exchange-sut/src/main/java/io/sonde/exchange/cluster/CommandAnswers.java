package io.sonde.exchange.cluster;

import io.sonde.exchange.sbe.CancelOrderDecoder;
import io.sonde.exchange.sbe.CommandAnsweredEncoder;
import io.sonde.exchange.sbe.MassCancelDecoder;
import io.sonde.exchange.sbe.MessageHeaderDecoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderDecoder;
import io.sonde.exchange.sbe.ReplaceOrderDecoder;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.Arrays;

/**
 * The answers of the numbered commands applied lately, as they went to the gateway connection that sent each, so
 * that a command its gateway sends again after a leader change is answered again with the very same reports.
 * <p>
 * A leader can apply a command and die before its answers leave, and a new leader applies the old one's last
 * commands while it takes over, when no member sends egress: the engine then holds the command, its gateway never
 * saw the answer, and the gateway sends it again. The engine drops it as a duplicate; this record answers it. Every
 * member keeps the record, whatever its role, because any of them may be the next leader. The record is output,
 * never state: the books, the digest and a replay are the same without it, and a member restored from a snapshot
 * starts with it empty (a duplicate it cannot answer from here gets the order's status instead).
 * <p>
 * The first event answering a command is led by a {@code CommandAnswered} with the command's number, in the same
 * egress message: the gateway learns that everything it sent up to that number has been answered.
 * <p>
 * Preallocated: a byte ring of records (gateway id, command number, one event as offered) and an index of the
 * first record of each number, direct-mapped: a number whose slot another command has taken since, or whose
 * records the ring has overwritten, is simply not found. On the service's thread only.
 */
final class CommandAnswers
{
    /** A gateway's id, its command's number, the event's length. */
    static final int RECORD_HEADER = 2 * Long.BYTES + Integer.BYTES;

    private static final int ALIGNMENT = Long.BYTES;
    private static final int PADDING = -1;
    private static final long NONE = Long.MIN_VALUE;
    private static final int INITIAL_LEAD_CAPACITY = 512;

    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final NewOrderDecoder newOrder = new NewOrderDecoder();
    private final CancelOrderDecoder cancel = new CancelOrderDecoder();
    private final ReplaceOrderDecoder replace = new ReplaceOrderDecoder();
    private final MassCancelDecoder massCancel = new MassCancelDecoder();
    private final MessageHeaderEncoder answeredHeader = new MessageHeaderEncoder();
    private final CommandAnsweredEncoder answered = new CommandAnsweredEncoder();
    private final ExpandableDirectByteBuffer led = new ExpandableDirectByteBuffer(INITIAL_LEAD_CAPACITY);
    private final UnsafeBuffer ring;
    private final int capacity;
    private final long[] firstRecord;
    private final int indexMask;
    private long written;
    private long sessionId = NONE;
    private long gatewayId;
    private long sequence;
    private boolean leading;
    private int ledLength;

    /**
     * @param ringBytes bytes of answers kept: a power of two.
     * @param indexSlots commands that can be found at once: a power of two.
     */
    CommandAnswers(final int ringBytes, final int indexSlots)
    {
        if (Integer.bitCount(ringBytes) != 1 || Integer.bitCount(indexSlots) != 1)
        {
            throw new IllegalArgumentException("sizes must be powers of two: " + ringBytes + ", " + indexSlots);
        }
        capacity = ringBytes;
        ring = new UnsafeBuffer(new byte[ringBytes]);
        firstRecord = new long[indexSlots];
        Arrays.fill(firstRecord, NONE);
        indexMask = indexSlots - 1;
    }

    /**
     * A command arrived committed: if its gateway numbered it, its answers are kept under its number from now on.
     */
    void onCommand(final DirectBuffer buffer, final int offset, final int length, final long clusterSessionId)
    {
        sessionId = NONE;
        if (length < MessageHeaderDecoder.ENCODED_LENGTH)
        {
            return;
        }
        header.wrap(buffer, offset);
        final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
        if (header.schemaId() != MessageHeaderDecoder.SCHEMA_ID || length < body - offset + header.blockLength())
        {
            return;
        }
        final int blockLength = header.blockLength();
        final int version = header.version();
        switch (header.templateId())
        {
            case NewOrderDecoder.TEMPLATE_ID -> numbered(
                newOrder.wrap(buffer, body, blockLength, version).gatewayId(), newOrder.commandSequence());
            case CancelOrderDecoder.TEMPLATE_ID -> numbered(
                cancel.wrap(buffer, body, blockLength, version).gatewayId(), cancel.commandSequence());
            case ReplaceOrderDecoder.TEMPLATE_ID -> numbered(
                replace.wrap(buffer, body, blockLength, version).gatewayId(), replace.commandSequence());
            case MassCancelDecoder.TEMPLATE_ID -> numbered(
                massCancel.wrap(buffer, body, blockLength, version).gatewayId(), massCancel.commandSequence());
            default ->
            {
                return;
            }
        }
        if (gatewayId != NewOrderDecoder.gatewayIdNullValue() && gatewayId != 0 &&
            sequence != NewOrderDecoder.commandSequenceNullValue())
        {
            sessionId = clusterSessionId;
            leading = true;
        }
    }

    /**
     * The command has been applied.
     */
    void onCommandDone()
    {
        sessionId = NONE;
    }

    /**
     * @return whether an event about to go to {@code clusterSessionId} answers the numbered command being applied:
     *         then it goes as {@link #keep} returns it.
     */
    boolean answers(final long clusterSessionId)
    {
        return sessionId != NONE && sessionId == clusterSessionId;
    }

    /**
     * Keep an event answering the command being applied; the first is led by the command's number.
     *
     * @return the event as it is to be offered: {@link #keptLength()} bytes from 0.
     */
    DirectBuffer keep(final DirectBuffer event, final int offset, final int length)
    {
        int at = 0;
        if (leading)
        {
            answered.wrapAndApplyHeader(led, 0, answeredHeader).commandSequence(sequence);
            at = MessageHeaderEncoder.ENCODED_LENGTH + answered.encodedLength();
            leading = false;
        }
        led.putBytes(at, event, offset, length);
        ledLength = at + length;
        record(led, ledLength);
        return led;
    }

    int keptLength()
    {
        return ledLength;
    }

    /**
     * Answer a command sent again with what answered it the first time.
     *
     * @param to where the answers go: the connection that sent it again.
     * @return false when the answers are no longer kept (overwritten, or the member started from a snapshot since).
     */
    boolean answerAgain(final long gatewayId, final long sequence, final Offer to)
    {
        long position = firstRecord[(int)(sequence & indexMask)];
        if (position == NONE || written - position > capacity || !isRecordOf(position, gatewayId, sequence))
        {
            return false;
        }
        while (position < written)
        {
            position = skipPadding(position);
            if (position >= written || !isRecordOf(position, gatewayId, sequence))
            {
                break;
            }
            final int offset = (int)(position & (capacity - 1));
            final int length = ring.getInt(offset + 2 * Long.BYTES);
            to.offer(ring, offset + RECORD_HEADER, length);
            position += aligned(RECORD_HEADER + length);
        }
        return true;
    }

    /**
     * Where answers given again are offered.
     */
    @FunctionalInterface
    interface Offer
    {
        void offer(DirectBuffer buffer, int offset, int length);
    }

    private void numbered(final long gatewayId, final long sequence)
    {
        this.gatewayId = gatewayId;
        this.sequence = sequence;
    }

    private void record(final DirectBuffer event, final int length)
    {
        final int recordLength = aligned(RECORD_HEADER + length);
        if (recordLength > capacity / 2)
        {
            return;
        }
        int offset = (int)(written & (capacity - 1));
        if (offset + recordLength > capacity)
        {
            if (capacity - offset >= RECORD_HEADER)
            {
                ring.putInt(offset + 2 * Long.BYTES, PADDING);
            }
            written += capacity - offset;
            offset = 0;
        }
        final int slot = (int)(sequence & indexMask);
        if (firstRecord[slot] == NONE || !isRecordOf(firstRecord[slot], gatewayId, sequence) ||
            written - firstRecord[slot] > capacity)
        {
            firstRecord[slot] = written;
        }
        ring.putLong(offset, gatewayId);
        ring.putLong(offset + Long.BYTES, sequence);
        ring.putInt(offset + 2 * Long.BYTES, length);
        ring.putBytes(offset + RECORD_HEADER, event, 0, length);
        written += recordLength;
    }

    private boolean isRecordOf(final long position, final long gatewayId, final long sequence)
    {
        final int offset = (int)(position & (capacity - 1));
        return written - position <= capacity && capacity - offset >= RECORD_HEADER &&
            ring.getLong(offset) == gatewayId && ring.getLong(offset + Long.BYTES) == sequence &&
            ring.getInt(offset + 2 * Long.BYTES) != PADDING;
    }

    /**
     * @return the position itself, or the ring's next start when the rest of the ring there is padding.
     */
    private long skipPadding(final long position)
    {
        final int offset = (int)(position & (capacity - 1));
        if (capacity - offset < RECORD_HEADER || ring.getInt(offset + 2 * Long.BYTES) == PADDING)
        {
            return position + capacity - offset;
        }
        return position;
    }

    private static int aligned(final int length)
    {
        return (length + ALIGNMENT - 1) & -ALIGNMENT;
    }
}
