package io.sonde.fix.client.profile;

import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The {@link FieldValues} a profile can ask for, each a small final class over values encoded once.
 */
final class PreparedValues
{
    private PreparedValues()
    {
    }

    static byte[] ascii(final String value)
    {
        return value.getBytes(StandardCharsets.US_ASCII);
    }

    static byte[][] ascii(final List<String> values)
    {
        final byte[][] bytes = new byte[values.size()][];
        for (int i = 0; i < bytes.length; i++)
        {
            bytes[i] = ascii(values.get(i));
        }
        return bytes;
    }

    /**
     * The same value on every message.
     */
    static final class Constant implements FieldValues
    {
        private final byte[] value;

        Constant(final String value)
        {
            this.value = ascii(value);
        }

        public int write(final MutableAsciiBuffer buffer, final int offset, final int sessionIndex)
        {
            buffer.putBytes(offset, value);
            return value.length;
        }
    }

    /**
     * One value per session: session {@code i} (0-based) gets entry {@code i} modulo the list's size.
     */
    static final class PerSession implements FieldValues
    {
        private final byte[][] values;

        PerSession(final List<String> values)
        {
            this.values = ascii(values);
        }

        public int write(final MutableAsciiBuffer buffer, final int offset, final int sessionIndex)
        {
            final byte[] value = values[sessionIndex % values.length];
            buffer.putBytes(offset, value);
            return value.length;
        }
    }

    /**
     * Each session steps through the list, one entry per message, from the first.
     */
    static final class Cycle implements FieldValues
    {
        private final byte[][] values;
        private final int[] next;

        Cycle(final List<String> values, final int sessions)
        {
            this.values = ascii(values);
            this.next = new int[sessions];
        }

        public int write(final MutableAsciiBuffer buffer, final int offset, final int sessionIndex)
        {
            final int index = next[sessionIndex];
            next[sessionIndex] = index + 1 == values.length ? 0 : index + 1;
            buffer.putBytes(offset, values[index]);
            return values[index].length;
        }
    }

    /**
     * A uniformly random entry of the list per message, from the profile's seed: the same seed, the same values.
     */
    static final class Choice implements FieldValues
    {
        private final byte[][] values;
        private final SplittableRandom random;

        Choice(final List<String> values, final long seed)
        {
            this.values = ascii(values);
            this.random = new SplittableRandom(seed);
        }

        public int write(final MutableAsciiBuffer buffer, final int offset, final int sessionIndex)
        {
            final byte[] value = values[random.nextInt(values.length)];
            buffer.putBytes(offset, value);
            return value.length;
        }
    }

    /**
     * A uniformly random whole number from {@code min} to {@code max} inclusive per message, from the seed.
     */
    static final class Range implements FieldValues
    {
        private final long min;
        private final long bound;
        private final SplittableRandom random;

        Range(final long min, final long max, final long seed)
        {
            this.min = min;
            this.bound = max - min + 1;
            this.random = new SplittableRandom(seed);
        }

        public int write(final MutableAsciiBuffer buffer, final int offset, final int sessionIndex)
        {
            return buffer.putLongAscii(offset, min + random.nextLong(bound));
        }
    }

    /**
     * A count per session of the messages that carry the field: {@code start}, {@code start + 1}, ...
     */
    static final class Counter implements FieldValues
    {
        private final long[] next;

        Counter(final long start, final int sessions)
        {
            this.next = new long[sessions];
            Arrays.fill(next, start);
        }

        public int write(final MutableAsciiBuffer buffer, final int offset, final int sessionIndex)
        {
            return buffer.putLongAscii(offset, next[sessionIndex]++);
        }
    }
}
