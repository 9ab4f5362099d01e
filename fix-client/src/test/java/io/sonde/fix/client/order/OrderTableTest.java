package io.sonde.fix.client.order;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The order table both the load client and the probe keep their orders in: slots by order number, and reports
 * matched to orders by their exact ClOrdID.
 */
class OrderTableTest
{
    private final ClOrdIdCodec clOrdIds = new ClOrdIdCodec("T", 7);
    private final OrderTable table = new OrderTable(6, clOrdIds.length(), 8);

    @Test
    void capacityIsRoundedUpToAPowerOfTwoAndAnOrderLivesInTheSlotItsNumberSelects()
    {
        assertEquals(8, table.capacity());
        final int slot = table.claim(11);

        assertEquals(3, slot);
        assertEquals(slot, table.liveSlot(11));
        assertEquals(-1, table.liveSlot(3), "same slot, another order");
        assertEquals(OrderTable.CLAIMED, table.state[slot]);
        assertEquals(1, table.size());
    }

    @Test
    void aClaimNeverTakesASlotAnotherOrderHoldsButReuseDoes()
    {
        table.claim(1);

        assertEquals(-1, table.claim(9), "slot 1 is held by order 1");
        assertEquals(1, table.reuse(9), "the caller vouches that order 1 has ended");
        assertEquals(-1, table.liveSlot(1));
        assertEquals(1, table.size());
    }

    @Test
    void theNextFreeNumberSkipsSlotsThatAreHeldAndNoneIsLeftWhenTheTableIsFull()
    {
        table.claim(0);
        table.claim(1);

        assertEquals(2, table.nextFreeNumber(0));
        assertEquals(10, table.nextFreeNumber(8), "8 and 9 would land on the held slots 0 and 1");
        for (long number = 2; number < 8; number++)
        {
            table.claim(number);
        }
        assertEquals(-1, table.nextFreeNumber(0));
    }

    @Test
    void aReportIsMatchedByTheOrdersLiveOrPendingClOrdIdOnly()
    {
        final int slot = sent(4, 1_000);
        final char[] cancelId = new char[clOrdIds.length()];
        table.pendingClOrdIdLength[slot] =
            clOrdIds.encode(table.pendingClOrdId[slot], 4, ClOrdIdCodec.CANCEL_STAGE, 2_000);
        System.arraycopy(table.pendingClOrdId[slot], 0, cancelId, 0, cancelId.length);

        assertEquals(slot, named(4, ClOrdIdCodec.NEW_STAGE, 1_000), "the live id");
        assertEquals(slot, table.slotNamedBy(clOrdIds, cancelId, cancelId.length), "the pending id");
        assertEquals(OrderTable.NOT_LIVE, named(4, ClOrdIdCodec.NEW_STAGE, 999),
            "same number, other intended time: an order of an earlier run");
        assertEquals(OrderTable.NOT_LIVE, named(5, ClOrdIdCodec.NEW_STAGE, 1_000), "no such order");
        assertEquals(OrderTable.NOT_OURS, table.slotNamedBy(clOrdIds, "X1".toCharArray(), 2));
    }

    @Test
    void anOrderClaimedButNotSentIsNamedByNoReport()
    {
        final int slot = table.claim(4);
        table.clOrdIdLength[slot] = clOrdIds.encode(table.clOrdId[slot], 4, ClOrdIdCodec.NEW_STAGE, 1_000);

        assertEquals(OrderTable.NOT_LIVE, named(4, ClOrdIdCodec.NEW_STAGE, 1_000));
    }

    @Test
    void aReplaceThatTakesEffectMakesItsClOrdIdTheOneTheOrderIsKnownBy()
    {
        final int slot = sent(2, 1_000);
        table.pendingClOrdIdLength[slot] =
            clOrdIds.encode(table.pendingClOrdId[slot], 2, ClOrdIdCodec.REPLACE_STAGE, 3_000);

        table.acceptPending(slot);

        assertEquals(slot, named(2, ClOrdIdCodec.REPLACE_STAGE, 3_000));
        assertEquals(OrderTable.NOT_LIVE, named(2, ClOrdIdCodec.NEW_STAGE, 1_000), "replaced");
        assertEquals(0, table.pendingClOrdIdLength[slot]);
        assertEquals(slot, table.findByClOrdId(table.clOrdId[slot], table.clOrdIdLength[slot]));
    }

    @Test
    void freeingEmptiesTheSlotOnce()
    {
        final int slot = table.claim(3);

        table.free(slot);
        table.free(slot);

        assertFalse(table.isUsed(slot));
        assertEquals(0, table.size());
        assertTrue(table.claim(3) >= 0);
    }

    private int sent(final long number, final long intendedNanos)
    {
        final int slot = table.claim(number);
        table.clOrdIdLength[slot] =
            clOrdIds.encode(table.clOrdId[slot], number, ClOrdIdCodec.NEW_STAGE, intendedNanos);
        table.state[slot] = OrderTable.NEW_SENT;
        return slot;
    }

    private int named(final long number, final int stage, final long intendedNanos)
    {
        final char[] id = new char[clOrdIds.length()];
        final int length = clOrdIds.encode(id, number, stage, intendedNanos);
        return table.slotNamedBy(clOrdIds, id, length);
    }
}
