package io.sonde.market;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TriggerTableTest
{
    @Test
    void findsATriggerByItsSequenceAndRemembersHowItEnded()
    {
        final TriggerTable table = new TriggerTable(4);
        final int slot = table.add(1_001, 7, 100, 2, (byte)'2', 1_012_501);

        assertEquals(slot, table.slotOf(1_001));
        assertEquals(TriggerTable.AWAITING, table.state(slot));
        assertEquals(7, table.requestId(slot));
        assertEquals(2, table.symbolIndex(slot));
        assertEquals(1_012_501, table.price(slot));
        table.answer(slot);
        assertEquals(TriggerTable.ANSWERED, table.state(table.slotOf(1_001)));
        assertEquals(TriggerTable.NONE, table.slotOf(1_002));
    }

    @Test
    void missesTheOldestAwaitingTriggerOnceItsTimeoutHasPassedSkippingAnswers()
    {
        final TriggerTable table = new TriggerTable(8);
        final int first = table.add(1, 1, 100, 0, (byte)'1', 1);
        final int second = table.add(2, 2, 200, 0, (byte)'1', 2);
        final int third = table.add(3, 3, 300, 0, (byte)'1', 3);
        table.answer(first);

        assertEquals(TriggerTable.NONE, table.expireOldest(1_199, 1_000));
        assertEquals(second, table.expireOldest(1_200, 1_000));
        assertEquals(TriggerTable.MISSED, table.state(second));
        assertEquals(TriggerTable.NONE, table.expireOldest(1_200, 1_000));
        assertEquals(1, table.awaiting());
        assertEquals(third, table.expireOldest(1_300, 1_000));
        assertEquals(0, table.awaiting());
    }

    @Test
    void aSlotComingRoundForgetsItsEndedTrigger()
    {
        final TriggerTable table = new TriggerTable(2);
        table.answer(table.add(10, 0, 0, 0, (byte)'1', 1));
        table.answer(table.add(11, 1, 0, 0, (byte)'1', 1));

        table.add(12, 2, 0, 0, (byte)'1', 1);

        assertEquals(TriggerTable.NONE, table.slotOf(10));
        assertEquals(TriggerTable.ANSWERED, table.state(table.slotOf(11)));
    }

    @Test
    void aTriggerStillAwaitingWhenItsSlotComesRoundIsMissedFirst()
    {
        final TriggerTable table = new TriggerTable(2);
        final int first = table.add(1, 0, 0, 0, (byte)'1', 1);
        table.answer(table.add(2, 1, 0, 0, (byte)'1', 1));

        assertThrows(IllegalStateException.class, () -> table.add(3, 2, 0, 0, (byte)'1', 1));
        assertEquals(first, table.missIfStillAwaiting());
        assertEquals(TriggerTable.MISSED, table.state(first));
        table.add(3, 2, 0, 0, (byte)'1', 1);
        assertEquals(TriggerTable.NONE, table.missIfStillAwaiting());
    }
}
