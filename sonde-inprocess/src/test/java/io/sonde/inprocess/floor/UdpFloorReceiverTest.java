package io.sonde.inprocess.floor;

import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every datagram the receiver reads becomes a receipt stamped when it was read; a gap in the sequence is lost, a
 * datagram behind the highest read is out of order and not lost, and the tail the receiver never saw is lost too.
 */
@Timeout(10)
class UdpFloorReceiverTest
{
    private final OneToOneRingBuffer receipts = UdpFloorLayout.newReceiptRing();
    private final List<Long> sequences = new ArrayList<>();
    private final List<Long> receivedNanos = new ArrayList<>();
    private UdpFloorReceiver receiver;
    private DatagramChannel sender;

    @BeforeEach
    void connect() throws Exception
    {
        receiver = new UdpFloorReceiver(receipts);
        sender = DatagramChannel.open().bind(new InetSocketAddress("127.0.0.1", 0)).connect(receiver.address());
        receiver.acceptOnlyFrom(sender.getLocalAddress());
    }

    @AfterEach
    void close() throws Exception
    {
        sender.close();
        receiver.close();
    }

    @Test
    void gapsAreLostALateDatagramIsOutOfOrderAndTheUnseenTailIsLost() throws Exception
    {
        final long before = System.nanoTime();
        for (final long sequence : new long[] {0, 1, 3, 2, 6})
        {
            send(sequence, UdpFloorLayout.DATAGRAM_BYTES);
        }

        receiveReceipts(5);

        assertEquals(List.of(0L, 1L, 3L, 2L, 6L), sequences, "one receipt per datagram, in the order read");
        receivedNanos.forEach(nanos -> assertTrue(nanos >= before, "stamped when read: " + nanos));
        assertEquals(1, receiver.outOfOrder(), "2 came after 3");
        assertEquals(2, receiver.lost(7), "4 and 5 never came; 2 came late, so it is not lost");
        assertEquals(4, receiver.lost(9), "nor did 7 and 8, after the highest read");
    }

    @Test
    void aDatagramOfAnotherSizeIsAnError() throws Exception
    {
        send(0, UdpFloorLayout.DATAGRAM_BYTES + 8);
        send(1, UdpFloorLayout.DATAGRAM_BYTES - 8);

        final String longer = assertThrows(IllegalStateException.class, this::receiveUntilError).getMessage();
        assertTrue(longer.contains("longer than 64 bytes"), longer);
        final String shorter = assertThrows(IllegalStateException.class, this::receiveUntilError).getMessage();
        assertTrue(shorter.contains("of 56 bytes, not 64 bytes"), shorter);
    }

    private void receiveUntilError() throws Exception
    {
        while (true)
        {
            receiver.doWork();
        }
    }

    private void send(final long sequence, final int length) throws Exception
    {
        final ByteBuffer datagram = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        datagram.putLong(UdpFloorLayout.SEQUENCE_OFFSET, sequence);
        assertEquals(length, sender.write(datagram));
    }

    private void receiveReceipts(final int count) throws Exception
    {
        while (sequences.size() < count)
        {
            receiver.doWork();
            receipts.read((type, buffer, index, length) ->
            {
                sequences.add(buffer.getLong(index + UdpFloorLayout.SEQUENCE_OFFSET));
                receivedNanos.add(buffer.getLong(index + UdpFloorLayout.RECEIVED_OFFSET));
            });
        }
    }
}
