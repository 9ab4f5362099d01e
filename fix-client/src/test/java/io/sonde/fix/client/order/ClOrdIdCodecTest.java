package io.sonde.fix.client.order;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClOrdIdCodecTest
{
    private final ClOrdIdCodec codec = new ClOrdIdCodec();
    private final char[] id = new char[32];

    @Test
    void defaultIdsAreTwentyCharacters()
    {
        assertEquals(20, codec.length());
        assertEquals(20, codec.encode(id, 12345, System.nanoTime()));
    }

    @Test
    void edgeValuesRoundTrip()
    {
        final long maxSequence = (1L << 35) - 1;
        final long[] sequences = {0, 1, 31, 32, maxSequence};
        final long[] nanos = {0, 1, Long.MAX_VALUE, Long.MIN_VALUE, -1, System.nanoTime()};
        for (final long sequence : sequences)
        {
            for (final long intended : nanos)
            {
                final int length = codec.encode(id, sequence, intended);
                assertTrue(codec.decode(id, length), new String(id, 0, length));
                assertEquals(sequence, codec.sequenceLowBits());
                assertEquals(intended, codec.intendedNanos());
            }
        }
    }

    @Test
    void sequencesBeyondTheFieldWrapAndAreWidenedBackFromTheSendersPosition()
    {
        final long wrapped = (1L << 35) + 17;
        codec.encode(id, wrapped, 99);
        assertTrue(codec.decode(id, codec.length()));
        assertEquals(17, codec.sequenceLowBits());
        assertEquals(wrapped, codec.widen(codec.sequenceLowBits(), wrapped + 1));
        assertEquals(wrapped, codec.widen(codec.sequenceLowBits(), wrapped + 1_000_000));
        assertEquals(17, codec.widen(17, 18));
        assertTrue(codec.widen(17, 17) < 0, "an id not issued yet has no valid widening");
    }

    @Test
    void anOrdersMessagesShareItsNumberAndDifferInTheirStage()
    {
        final long orderNumber = (1L << 33) + 5;
        for (final int stage : new int[]{ClOrdIdCodec.NEW_STAGE, ClOrdIdCodec.REPLACE_STAGE, ClOrdIdCodec.CANCEL_STAGE})
        {
            codec.encode(id, orderNumber, stage, 99);
            assertTrue(codec.decode(id, codec.length()));
            assertEquals(stage, codec.stage());
            assertEquals(orderNumber, codec.orderNumber(orderNumber + 1), "widened back past the field's wrap");
            assertEquals(99, codec.intendedNanos());
        }
        codec.encode(id, 5, ClOrdIdCodec.CANCEL_STAGE, 99);
        assertTrue(codec.decode(id, codec.length()));
        assertEquals(-1, codec.orderNumber(5), "an order not issued yet");
    }

    @Test
    void idsSortAsTheirSequencesDo()
    {
        final String[] ids = new String[200];
        for (int i = 0; i < ids.length; i++)
        {
            final long sequence = i * 7_919L;
            codec.encode(id, sequence, 1_000_000_000L - i);
            ids[i] = new String(id, 0, codec.length());
        }
        final String[] sorted = ids.clone();
        Arrays.sort(sorted);
        assertEquals(Arrays.asList(ids), Arrays.asList(sorted));
    }

    @Test
    void prefixIsWrittenAndRequiredOnDecode()
    {
        final ClOrdIdCodec probe = new ClOrdIdCodec("SP", 5);
        assertEquals(20, probe.length());
        probe.encode(id, 42, 123_456_789L);
        assertEquals("SP", new String(id, 0, 2));
        assertTrue(probe.decode(id, probe.length()));
        assertEquals(42, probe.sequenceLowBits());
        assertEquals(123_456_789L, probe.intendedNanos());

        final char[] plain = new char[32];
        codec.encode(plain, 42, 123_456_789L);
        assertFalse(probe.decode(plain, codec.length()), "an id without the prefix is refused");
        id[0] = 'X';
        assertFalse(probe.decode(id, probe.length()), "a foreign prefix is refused");
    }

    @Test
    void malformedIdsAreRefused()
    {
        codec.encode(id, 5, 5);
        assertFalse(codec.decode(id, 19), "wrong length");
        assertFalse(codec.decode("ORDER-1".toCharArray(), 7), "foreign id");

        final char[] lowerCase = "0000005000000000000a".toCharArray();
        assertFalse(codec.decode(lowerCase, lowerCase.length), "not a base-32 digit");

        final char[] overflow = "0000005V000000000000".toCharArray();
        assertFalse(codec.decode(overflow, overflow.length), "more than 64 bits of nanoTime");
    }

    @Test
    void badConfigurationIsRefusedWithTheValueNamed()
    {
        final IllegalArgumentException digits = assertThrows(IllegalArgumentException.class,
            () -> new ClOrdIdCodec("", 0));
        assertTrue(digits.getMessage().contains("0"));
        assertThrows(IllegalArgumentException.class, () -> new ClOrdIdCodec("A B", 5));
    }

    @Test
    void digitsOnlyIdsAreTwentyDecimalDigitsAndNameTheirOrderAndStage()
    {
        final ClOrdIdCodec digits = ClOrdIdCodec.digitsOnly("7", ClOrdIdCodec.DIGITS_ONLY_SEQUENCE_CHARS - 1);
        final long intendedNanos = -5_123_456_789_012L;

        assertEquals(20, digits.encode(id, 123_456, ClOrdIdCodec.CANCEL_STAGE, intendedNanos));
        final String text = new String(id, 0, 20);
        assertTrue(text.matches("7\\d{19}"), text);
        assertTrue(digits.decode(id, 20));
        assertEquals(123_456, digits.orderNumber(123_457));
        assertEquals(ClOrdIdCodec.CANCEL_STAGE, digits.stage());
        assertEquals(Math.floorMod(Math.floorDiv(intendedNanos, 1000), 100_000_000_000L) * 1000,
            digits.intendedNanos(), "the intended time's microseconds, modulo 10^11");
    }

    @Test
    void aDigitsOnlySequenceIsWidenedAcrossItsDecimalWrap()
    {
        final ClOrdIdCodec digits = ClOrdIdCodec.digitsOnly("", 4);
        final long orderNumber = 12_345;

        digits.encode(id, orderNumber, ClOrdIdCodec.REPLACE_STAGE, 0);
        assertEquals("9381", new String(id, 0, 4), "49381 modulo 10^4");
        assertTrue(digits.decode(id, digits.length()));
        assertEquals(orderNumber, digits.orderNumber(orderNumber + 1));
        assertEquals(orderNumber, digits.orderNumber(orderNumber + 2_000), "still the latest with those digits");
        assertEquals(ClOrdIdCodec.REPLACE_STAGE, digits.stage());
    }

    @Test
    void aDigitsOnlyCodecRefusesLettersAndALetterPrefix()
    {
        final ClOrdIdCodec digits = ClOrdIdCodec.digitsOnly("", ClOrdIdCodec.DIGITS_ONLY_SEQUENCE_CHARS);
        assertFalse(digits.decode("0000000050000000000A".toCharArray(), 20), "not a decimal digit");
        assertThrows(IllegalArgumentException.class, () -> ClOrdIdCodec.digitsOnly("SP", 7));
        assertThrows(IllegalArgumentException.class, () -> ClOrdIdCodec.digitsOnly("", 1));
    }
}
