package io.sonde.exchange.engine;

/**
 * A 64-bit running hash over longs, for the state digest that proves replay, snapshot-plus-replay and the
 * live engine agree. Not cryptographic: it only has to make accidental equality of different states
 * vanishingly unlikely.
 */
final class Digest
{
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private long hash = GOLDEN;

    void add(final long value)
    {
        hash = combine(hash, value);
    }

    long value()
    {
        return mix(hash);
    }

    static long combine(final long hash, final long value)
    {
        return Long.rotateLeft(hash ^ mix(value + GOLDEN), 31) * GOLDEN;
    }

    /**
     * The SplitMix64 finaliser: every input bit affects every output bit.
     */
    static long mix(final long value)
    {
        long z = value;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
