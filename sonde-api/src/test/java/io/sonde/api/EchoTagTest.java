package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tag an application echoes a trigger in must be free on its order: a field of the header or trailer, or one
 * the market reads to take the order, is refused by name, naming {@code --echo-tag}, with the free tags to use.
 */
class EchoTagTest
{
    @Test
    void aFieldTheOrderNeedsIsRefusedNamingTheOptionTheFieldAndTheFreeTags()
    {
        assertEquals("--echo-tag 44: Price (44) is a field the order needs; echo the trigger in a free tag: 58 " +
            "(Text), 526 (SecondaryClOrdID) or a user-defined tag (5000-9999, 20000-39999)",
            assertThrows(InvalidOptionException.class, () -> EchoTag.parse("44")).getMessage());
    }

    @Test
    void everyNeededFieldIsRefusedWithItsOwnName()
    {
        for (final Map.Entry<Integer, String> field : EchoTag.NEEDED.entrySet())
        {
            final String message = assertThrows(InvalidOptionException.class,
                () -> new EchoTag(field.getKey())).getMessage();
            assertTrue(message.startsWith("--echo-tag " + field.getKey() + ": " + field.getValue() + " (" +
                field.getKey() + ")"), message);
        }
    }

    @Test
    void theHeaderTheTrailerAndTheOrdersFieldsAreAllNeeded()
    {
        assertEquals("MsgType", EchoTag.NEEDED.get(35));
        assertEquals("CheckSum", EchoTag.NEEDED.get(10));
        assertEquals("ApplVerID", EchoTag.NEEDED.get(1128));
        assertEquals("ClOrdID", EchoTag.NEEDED.get(11));
        assertEquals("TransactTime", EchoTag.NEEDED.get(60));
        assertEquals(30, EchoTag.NEEDED.size());
    }

    @Test
    void aTagOutOfRangeOrNotANumberIsRefusedNamingTheOption()
    {
        assertTrue(assertThrows(InvalidOptionException.class, () -> EchoTag.parse("0")).getMessage()
            .startsWith("--echo-tag 0: not a FIX tag number"));
        assertTrue(assertThrows(InvalidOptionException.class, () -> EchoTag.parse("100000")).getMessage()
            .startsWith("--echo-tag 100000: not a FIX tag number"));
        assertTrue(assertThrows(InvalidOptionException.class, () -> EchoTag.parse("text")).getMessage()
            .startsWith("--echo-tag 'text' is not a tag number"));
    }

    @Test
    void freeTagsAreTakenAndWrittenBackAsTheirNumber()
    {
        assertEquals(58, EchoTag.DEFAULT.tag());
        assertEquals(526, EchoTag.parse(" 526 ").tag());
        assertEquals("5001", new EchoTag(5001).toString());
        assertEquals(new EchoTag(20000), EchoTag.parse(new EchoTag(20000).toString()));
    }
}
