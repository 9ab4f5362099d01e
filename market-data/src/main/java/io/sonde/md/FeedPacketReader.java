package io.sonde.md;

import io.sonde.md.sbe.MessageHeaderDecoder;
import org.agrona.DirectBuffer;

import java.nio.ByteOrder;

/**
 * Reads one datagram of the feed: checks its header and the length of every message before any is handed on,
 * so a garbled or foreign datagram is refused whole rather than half applied.
 */
public final class FeedPacketReader
{
    /**
     * What a datagram turned out to be.
     */
    public enum Outcome
    {
        /** Whole and of the expected channel: its messages were handed on. */
        READ,
        /** Too short, a length past its end, a message of another schema: nothing was handed on. */
        GARBLED,
        /** Well formed, but of another channel: nothing was handed on. */
        OTHER_CHANNEL
    }

    /**
     * Receives each message of a packet in order, with its sequence number.
     */
    @FunctionalInterface
    public interface MessageHandler
    {
        void onMessage(long sequence, DirectBuffer buffer, int offset, int length);
    }

    private final int channel;
    private final MessageHeaderDecoder messageHeader = new MessageHeaderDecoder();
    private long firstSequence;
    private int messageCount;
    private long sendingTime;
    private int receivedChannel;

    public FeedPacketReader(final int channel)
    {
        this.channel = channel;
    }

    public Outcome read(final DirectBuffer buffer, final int offset, final int length, final MessageHandler handler)
    {
        if (!isWellFormed(buffer, offset, length))
        {
            return Outcome.GARBLED;
        }
        if (receivedChannel != channel)
        {
            return Outcome.OTHER_CHANNEL;
        }
        int position = offset + FeedPackets.HEADER_LENGTH;
        for (int i = 0; i < messageCount; i++)
        {
            final int messageLength = buffer.getShort(position, ByteOrder.LITTLE_ENDIAN) & 0xFFFF;
            handler.onMessage(firstSequence + i, buffer, position + FeedPackets.LENGTH_PREFIX, messageLength);
            position += FeedPackets.LENGTH_PREFIX + messageLength;
        }
        return Outcome.READ;
    }

    private boolean isWellFormed(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < FeedPackets.HEADER_LENGTH)
        {
            return false;
        }
        receivedChannel = buffer.getShort(offset + FeedPackets.CHANNEL_OFFSET, ByteOrder.LITTLE_ENDIAN) & 0xFFFF;
        messageCount = buffer.getShort(offset + FeedPackets.MESSAGE_COUNT_OFFSET, ByteOrder.LITTLE_ENDIAN) & 0xFFFF;
        firstSequence = buffer.getLong(offset + FeedPackets.FIRST_SEQUENCE_OFFSET, ByteOrder.LITTLE_ENDIAN);
        sendingTime = buffer.getLong(offset + FeedPackets.SENDING_TIME_OFFSET, ByteOrder.LITTLE_ENDIAN);
        if (firstSequence < 1)
        {
            return false;
        }
        final int end = offset + length;
        int position = offset + FeedPackets.HEADER_LENGTH;
        for (int i = 0; i < messageCount; i++)
        {
            if (position + FeedPackets.LENGTH_PREFIX > end)
            {
                return false;
            }
            final int messageLength = buffer.getShort(position, ByteOrder.LITTLE_ENDIAN) & 0xFFFF;
            position += FeedPackets.LENGTH_PREFIX;
            if (messageLength < FeedPackets.MIN_MESSAGE_LENGTH || messageLength > FeedPackets.MAX_MESSAGE_LENGTH ||
                position + messageLength > end)
            {
                return false;
            }
            messageHeader.wrap(buffer, position);
            if (messageHeader.schemaId() != MessageHeaderDecoder.SCHEMA_ID ||
                MessageHeaderDecoder.ENCODED_LENGTH + messageHeader.blockLength() > messageLength)
            {
                return false;
            }
            position += messageLength;
        }
        return position == end;
    }

    /**
     * @return the sequence number of the first message of the packet last read; a heartbeat's is the next to come.
     */
    public long firstSequence()
    {
        return firstSequence;
    }

    public int messageCount()
    {
        return messageCount;
    }

    /**
     * @return the publisher's stamp of the packet last read, nanoseconds since the epoch.
     */
    public long sendingTime()
    {
        return sendingTime;
    }

    /**
     * @return the channel of the packet last read, also when it was refused as another channel's.
     */
    public int receivedChannel()
    {
        return receivedChannel;
    }
}
