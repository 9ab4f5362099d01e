package io.sonde.md;

import io.sonde.md.sbe.EventFlagsDecoder;
import io.sonde.md.sbe.MessageHeaderDecoder;
import io.sonde.md.sbe.OrderAddedDecoder;

/**
 * The feed's packet layout, in one place. A datagram is a 20-byte header, then messages each led by a uint16
 * length that covers its SBE message header and body. The header, little-endian like the schema:
 * <pre>
 *   0  uint16 channel
 *   2  uint16 messageCount     0: a heartbeat, firstSequence being the next to come
 *   4  int64  firstSequence    the first message's sequence number on its channel, from 1
 *  12  int64  sendingTime      nanoseconds since the epoch when the publisher sent the packet
 * </pre>
 * A snapshot travels over TCP from the publisher's snapshot port: the consumer connects and sends nothing; the
 * publisher writes frames, each a uint16 little-endian length and then one packet of the snapshot channel
 * (SnapshotBegin, SnapshotOrder..., SnapshotEnd, numbered from 1 within the snapshot), and closes.
 */
public final class FeedPackets
{
    public static final int CHANNEL_OFFSET = 0;
    public static final int MESSAGE_COUNT_OFFSET = 2;
    public static final int FIRST_SEQUENCE_OFFSET = 4;
    public static final int SENDING_TIME_OFFSET = 12;
    public static final int HEADER_LENGTH = 20;
    public static final int LENGTH_PREFIX = 2;
    /** The largest message of the schema with its header, rounded up: a length above it is garbled. */
    public static final int MAX_MESSAGE_LENGTH = 128;
    /** One Ethernet frame's payload for UDP over IPv4, so no packet is fragmented on a real network. */
    public static final int DEFAULT_MAX_PACKET_LENGTH = 1472;
    /** The channel of the incremental feed. */
    public static final int INCREMENTAL_CHANNEL = 1;
    /** The channel of a snapshot's packets, served over TCP. */
    public static final int SNAPSHOT_CHANNEL = 2;
    /** The length that leads each snapshot packet on its TCP stream. */
    public static final int FRAME_LENGTH_PREFIX = 2;
    public static final int MIN_MESSAGE_LENGTH = MessageHeaderDecoder.ENCODED_LENGTH;
    /** Prices are fixed point with this many decimals. */
    public static final int PRICE_DECIMALS = 4;

    private FeedPackets()
    {
    }

    /**
     * @param added wrapped at the version its header names.
     * @return whether the event is marked as a trigger; an OrderAdded of schema version 1 has no flags, so never.
     */
    public static boolean isTrigger(final OrderAddedDecoder added)
    {
        final EventFlagsDecoder flags = added.flags();
        return flags != null && flags.trigger();
    }
}
