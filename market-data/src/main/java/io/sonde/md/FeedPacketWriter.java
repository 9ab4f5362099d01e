package io.sonde.md;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Gathers consecutive feed messages of one channel into one datagram: the packet header, then each message led
 * by its length (uint16, little-endian). A message that does not fit starts the next packet, so no message is
 * ever split across datagrams. The packet's buffer is direct, ready for a {@code DatagramChannel}.
 */
public final class FeedPacketWriter
{
    private final int channel;
    private final ByteBuffer datagram;
    private final UnsafeBuffer buffer;
    private long nextSequence;
    private int messageCount;
    private int length = FeedPackets.HEADER_LENGTH;

    /**
     * @param nextSequence the sequence number of the first message this writer will be given.
     */
    public FeedPacketWriter(final int channel, final int maxPacketLength, final long nextSequence)
    {
        if (maxPacketLength < FeedPackets.HEADER_LENGTH + FeedPackets.LENGTH_PREFIX + FeedPackets.MAX_MESSAGE_LENGTH)
        {
            throw new IllegalArgumentException(
                "a feed packet of " + maxPacketLength + " bytes cannot hold one message");
        }
        this.channel = channel;
        this.nextSequence = nextSequence;
        this.datagram = ByteBuffer.allocateDirect(maxPacketLength).order(ByteOrder.LITTLE_ENDIAN);
        this.buffer = new UnsafeBuffer(datagram);
    }

    /**
     * @return false when the message does not fit: {@link #seal} and send this packet, {@link #clear}, add again.
     */
    public boolean add(final DirectBuffer message, final int offset, final int messageLength)
    {
        if (length + FeedPackets.LENGTH_PREFIX + messageLength > buffer.capacity())
        {
            return false;
        }
        buffer.putShort(length, (short)messageLength, ByteOrder.LITTLE_ENDIAN);
        buffer.putBytes(length + FeedPackets.LENGTH_PREFIX, message, offset, messageLength);
        length += FeedPackets.LENGTH_PREFIX + messageLength;
        messageCount++;
        return true;
    }

    public boolean isEmpty()
    {
        return messageCount == 0;
    }

    /**
     * Write the header, stamped with {@code sendingTimeNanos}, and set the datagram's limit to the packet's
     * end; an empty packet is a heartbeat carrying the next sequence number.
     *
     * @return the datagram to send, positioned at its start.
     */
    public ByteBuffer seal(final long sendingTimeNanos)
    {
        buffer.putShort(FeedPackets.CHANNEL_OFFSET, (short)channel, ByteOrder.LITTLE_ENDIAN);
        buffer.putShort(FeedPackets.MESSAGE_COUNT_OFFSET, (short)messageCount, ByteOrder.LITTLE_ENDIAN);
        buffer.putLong(FeedPackets.FIRST_SEQUENCE_OFFSET, nextSequence, ByteOrder.LITTLE_ENDIAN);
        buffer.putLong(FeedPackets.SENDING_TIME_OFFSET, sendingTimeNanos, ByteOrder.LITTLE_ENDIAN);
        datagram.clear().limit(length);
        return datagram;
    }

    /**
     * Start the next packet after the one sealed was sent.
     */
    public void clear()
    {
        nextSequence += messageCount;
        messageCount = 0;
        length = FeedPackets.HEADER_LENGTH;
    }

    /**
     * @return the sequence number the next message added will carry.
     */
    public long nextSequence()
    {
        return nextSequence + messageCount;
    }

    /**
     * Continue from {@code sequence}, e.g. after a snapshot: the packet being gathered must be empty.
     */
    public void resetSequence(final long sequence)
    {
        if (messageCount != 0)
        {
            throw new IllegalStateException("a packet of " + messageCount + " messages is still being gathered");
        }
        nextSequence = sequence;
    }

    /**
     * @return the packet as written so far, for tests and for senders that write bytes rather than datagrams.
     */
    public MutableDirectBuffer buffer()
    {
        return buffer;
    }

    public int length()
    {
        return length;
    }
}
