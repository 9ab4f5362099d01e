package io.sonde.fix.client.order;

import io.sonde.benchmarks.HotPathBenchmark;
import io.sonde.fix.codecs.Side;
import org.agrona.concurrent.SystemEpochClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.util.List;

/**
 * One NewOrderSingle as {@link FixOrderTransport#trySend} produces it, up to the bytes Artio hands to Aeron:
 * the ClOrdID stamped by {@link ClOrdIdCodec}, the order filled from its {@link LiveOrders} slot by
 * {@link OrderMessages#newOrder} (which reads the clock for TransactTime), then what Artio's
 * {@code Session.trySend} does before publishing: MsgSeqNum and SendingTime in the header, and the generated
 * encoder writing the whole message, checksum included, into a buffer.
 * <p>
 * Not covered: the copy into the library's Aeron publication. The CompIDs are put in the header once, as
 * Artio does on a session's first send. Unpadded (no Text), the default message size.
 * <p>
 * In the transport's package because {@link OrderMessages} and {@link LiveOrders} are package-private.
 */
@State(Scope.Thread)
public class NewOrderSingleBenchmark extends HotPathBenchmark
{
    private static final int SESSION_INDEX = 0;
    private static final int SLOT = 0;
    /** The transport's ClOrdID sequence is the request id shifted past two bits of lifecycle stage. */

    private final ClOrdIdCodec clOrdIds = new ClOrdIdCodec();
    private final char[] clOrdId = new char[clOrdIds.length()];
    private final UtcTimestampEncoder sendingTime = new UtcTimestampEncoder();
    private final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new UnsafeBuffer(new byte[1024]));
    private final LiveOrders orders = new LiveOrders(1024);
    private OrderMessages messages;
    private long requestId;
    private int msgSeqNum;

    @Setup
    public void setUp()
    {
        messages = new OrderMessages(OrderParameters.defaults(List.of("SONDE.A", "SONDE.B"), 42), 1,
            SystemEpochClock.INSTANCE);
        orders.requestId[SLOT] = 0;
        orders.symbol[SLOT] = 1;
        orders.side[SLOT] = Side.BUY.representation();
        orders.quantity[SLOT] = 37;
        orders.priceCents[SLOT] = 10_003;
        orders.ioc[SLOT] = true;

        final int idLength = clOrdIds.encode(clOrdId, 0, System.nanoTime());
        messages.newOrder(SESSION_INDEX, null, orders, SLOT, clOrdId, idLength).header()
            .senderCompID("SONDE1")
            .targetCompID("EXCH");
    }

    /**
     * @return the encoded message's offset and length, packed as Artio packs them.
     */
    @Benchmark
    public long encode()
    {
        final long sequence = ClOrdIdCodec.stamp(requestId++, ClOrdIdCodec.NEW_STAGE);
        final int idLength = clOrdIds.encode(clOrdId, sequence, System.nanoTime());
        // No padding is configured, so the session (which only sizes the padding) is never read.
        final Encoder newOrder = messages.newOrder(SESSION_INDEX, null, orders, SLOT, clOrdId, idLength);
        newOrder.header()
            .msgSeqNum(++msgSeqNum)
            .sendingTime(sendingTime.buffer(), sendingTime.encode(System.currentTimeMillis()));
        return newOrder.encode(buffer, 0);
    }
}
