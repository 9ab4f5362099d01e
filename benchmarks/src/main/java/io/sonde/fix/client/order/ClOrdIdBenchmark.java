package io.sonde.fix.client.order;

import io.sonde.benchmarks.HotPathBenchmark;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;


/**
 * {@link ClOrdIdCodec} in its default layout (no prefix, 7 sequence digits, 20 characters), as the transport
 * uses it: {@link #encode} stamps every NewOrderSingle, cancel and replace; {@link #decode} runs on every
 * report that comes back. Both work in reused char arrays.
 * <p>
 * The sequence and time change on every call and decoding cycles through distinct ids, so the JIT cannot
 * fold the work into a constant.
 */
@State(Scope.Thread)
public class ClOrdIdBenchmark extends HotPathBenchmark
{
    private static final int IDS = 64;
    private static final long START_NANOS = 1_700_000_000_000_000_000L;

    private final ClOrdIdCodec codec = new ClOrdIdCodec();
    private final char[] encoded = new char[codec.length()];
    private final char[][] ids = new char[IDS][codec.length()];
    private long sequence;
    private int next;

    @Setup
    public void setUp()
    {
        for (int i = 0; i < IDS; i++)
        {
            codec.encode(ids[i], i * 4L, START_NANOS + i * 1_000L);
        }
    }

    @Benchmark
    public char[] encode()
    {
        final long id = sequence++;
        codec.encode(encoded, id, START_NANOS + id);
        return encoded;
    }

    @Benchmark
    public long decode()
    {
        final char[] id = ids[next++ & (IDS - 1)];
        if (!codec.decode(id, id.length))
        {
            throw new IllegalStateException("a benchmark id did not decode");
        }
        return codec.sequenceLowBits() ^ codec.intendedNanos();
    }
}
