package io.sonde.inprocess.floor;

import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

import java.nio.ByteBuffer;

/**
 * The two layouts of the UDP floor, written on one thread and read on another.
 * <p>
 * A datagram, {@value #DATAGRAM_BYTES} bytes, about a feed packet carrying one small order event: the sequence
 * (the load run's request id) at {@value #SEQUENCE_OFFSET}, the intended send time (nanoTime) at
 * {@value #INTENDED_OFFSET}, zeros to the end; little-endian.
 * <p>
 * A receipt, handed from the receiving thread to the load thread through a one-to-one ring: the sequence at
 * {@value #SEQUENCE_OFFSET} and the nanoTime the datagram was read at {@value #RECEIVED_OFFSET}.
 */
final class UdpFloorLayout
{
    static final int DATAGRAM_BYTES = 64;
    static final int SEQUENCE_OFFSET = 0;
    static final int INTENDED_OFFSET = Long.BYTES;

    static final int RECEIPT_TYPE = 1;
    static final int RECEIPT_BYTES = 2 * Long.BYTES;
    static final int RECEIVED_OFFSET = Long.BYTES;

    /**
     * Room for about 40,000 receipts: the load thread reads them between sends, so the ring only fills when
     * that thread stalls for a fraction of a second at 100k/s, and then the receiver waits rather than drop.
     */
    private static final int RECEIPT_RING_BYTES = 1 << 20;

    private UdpFloorLayout()
    {
    }

    static OneToOneRingBuffer newReceiptRing()
    {
        return new OneToOneRingBuffer(new UnsafeBuffer(
            ByteBuffer.allocateDirect(RECEIPT_RING_BYTES + RingBufferDescriptor.TRAILER_LENGTH)));
    }
}
