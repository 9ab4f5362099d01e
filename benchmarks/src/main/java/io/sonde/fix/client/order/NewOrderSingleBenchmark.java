package io.sonde.fix.client.order;

import io.sonde.api.FixVersion;
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

/**
 * One NewOrderSingle as {@link FixOrderTransport#trySend} produces it, up to the bytes Artio hands to Aeron:
 * the ClOrdID stamped by {@link ClOrdIdCodec} into the order's {@link OrderTable} slot, the order encoded from
 * it by {@link OrderEncoders#newOrder} (which reads the clock for TransactTime), then what Artio's
 * {@code Session.trySend} does before publishing: MsgSeqNum and SendingTime in the header, and the generated
 * encoder writing the whole message, checksum included, into a buffer.
 * <p>
 * Not covered: the copy into the library's Aeron publication. The CompIDs are put in the header once, as
 * Artio does on a session's first send. Unpadded (no Text), the default message size.
 */
@State(Scope.Thread)
public class NewOrderSingleBenchmark extends HotPathBenchmark
{
    private static final int SESSION_INDEX = 0;
    private static final int SLOT = 0;
    private static final char[] SYMBOL = "SONDE.B".toCharArray();

    private final ClOrdIdCodec clOrdIds = new ClOrdIdCodec();
    private final UtcTimestampEncoder sendingTime = new UtcTimestampEncoder();
    private final MutableAsciiBuffer buffer = new MutableAsciiBuffer(new UnsafeBuffer(new byte[1024]));
    private final OrderTable orders = new OrderTable(1024, clOrdIds.length(), 8);
    private final OrderEncoders encoders =
        new OrderEncoders(FixVersion.FIX_4_4, 1, null, 0, SystemEpochClock.INSTANCE);
    private long requestId;
    private int msgSeqNum;

    @Setup
    public void setUp()
    {
        orders.claim(SLOT);
        orders.symbol(SLOT, SYMBOL, SYMBOL.length);
        orders.side[SLOT] = Side.BUY.representation();
        orders.quantity[SLOT] = 37;
        orders.priceCents[SLOT] = 10_003;
        orders.ioc[SLOT] = true;

        orders.clOrdIdLength[SLOT] = clOrdIds.encode(orders.clOrdId[SLOT], 0, System.nanoTime());
        encoders.newOrder(SESSION_INDEX, null, orders, SLOT).header()
            .senderCompID("SONDE1")
            .targetCompID("EXCH");
    }

    /**
     * @return the encoded message's offset and length, packed as Artio packs them.
     */
    @Benchmark
    public long encode()
    {
        orders.clOrdIdLength[SLOT] =
            clOrdIds.encode(orders.clOrdId[SLOT], requestId++, ClOrdIdCodec.NEW_STAGE, System.nanoTime());
        // No padding is configured, so the session (which only sizes the padding) is never read.
        final Encoder newOrder = encoders.newOrder(SESSION_INDEX, null, orders, SLOT);
        newOrder.header()
            .msgSeqNum(++msgSeqNum)
            .sendingTime(sendingTime.buffer(), sendingTime.encode(System.currentTimeMillis()));
        return newOrder.encode(buffer, 0);
    }
}
