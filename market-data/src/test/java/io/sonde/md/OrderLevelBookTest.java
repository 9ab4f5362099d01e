package io.sonde.md;

import io.sonde.md.sbe.DeleteReason;
import io.sonde.md.sbe.MessageHeaderEncoder;
import io.sonde.md.sbe.OrderAddedEncoder;
import io.sonde.md.sbe.OrderDeletedEncoder;
import io.sonde.md.sbe.OrderModifiedEncoder;
import io.sonde.md.sbe.Side;
import io.sonde.md.sbe.TradeEncoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class OrderLevelBookTest
{
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final OrderLevelBook book = new OrderLevelBook();

    @Test
    void addsModifiesTradesAndDeletesRestingOrders()
    {
        added(1, 100_0000, 10, Side.BUY);
        added(2, 101_0000, 5, Side.SELL);
        added(3, 100_0000, 7, Side.BUY);
        modified(3, 100_0000, 4);
        trade(9, 1, 6);
        deleted(2);

        assertEquals(2, book.size());
        assertEquals(4, book.quantityOf(1));
        assertEquals(4, book.quantityOf(3));
        assertEquals(0, book.quantityOf(2));
        assertEquals(0, book.unknownOrders());
    }

    @Test
    void aTradeThatTakesTheWholeRestingQuantityRemovesIt()
    {
        added(1, 100_0000, 10, Side.BUY);
        trade(9, 1, 10);

        assertEquals(0, book.size());
        assertEquals(0, book.unknownOrders());
    }

    @Test
    void aMessageNamingAnOrderNotOnTheBookIsCounted()
    {
        deleted(42);
        trade(9, 43, 1);

        assertEquals(2, book.unknownOrders());
    }

    @Test
    void aSnapshotLoadedIntoAnotherBookGivesTheSameBookInTheSameOrder()
    {
        added(5, 100_0000, 10, Side.BUY);
        added(2, 100_0000, 3, Side.BUY);
        added(7, 102_0000, 1, Side.SELL);
        final OrderLevelBook copy = new OrderLevelBook();
        copy.apply(buffer, 0, added(99, 1, 1, Side.SELL));

        book.writeSnapshot(17, copy::apply);

        assertTrue(copy.sameAs(book));
        assertEquals(17, copy.snapshotSequence());
        deleted(5);
        assertFalse(copy.sameAs(book));
    }

    @Test
    void visitsOneSymbolsRestingOrdersInTheOrderTheyCameToRest()
    {
        added(5, 100_0000, 10, Side.BUY);
        added(6, 100_0000, 1, Side.BUY, "SONDE.AB");
        added(7, 102_0000, 3, Side.SELL);
        added(8, 99_0000, 2, Side.BUY, "SONDE");
        final StringBuilder visited = new StringBuilder();

        book.forEachOrder("SONDE.A", (orderId, side, price, quantity) ->
            visited.append(orderId).append(' ').append(side).append(' ').append(price).append(' ').append(quantity)
                .append(';'));

        assertEquals("5 BUY 1000000 10;7 SELL 1020000 3;", visited.toString());
    }

    @Test
    void aSymbolOfNoRestingOrderVisitsNone()
    {
        added(5, 100_0000, 10, Side.BUY);

        book.forEachOrder("SONDE.B", (orderId, side, price, quantity) -> fail("visited order " + orderId));
    }

    private int added(final long orderId, final long price, final long quantity, final Side side)
    {
        return added(orderId, price, quantity, side, "SONDE.A");
    }

    private int added(final long orderId, final long price, final long quantity, final Side side, final String symbol)
    {
        final OrderAddedEncoder encoder = new OrderAddedEncoder().wrapAndApplyHeader(buffer, 0, header)
            .orderId(orderId).transactTime(1).price(price).quantity(quantity).side(side).symbol(symbol);
        return apply(encoder.encodedLength());
    }

    private void modified(final long orderId, final long price, final long quantity)
    {
        final OrderModifiedEncoder encoder = new OrderModifiedEncoder().wrapAndApplyHeader(buffer, 0, header)
            .orderId(orderId).transactTime(1).price(price).quantity(quantity).side(Side.BUY).symbol("SONDE.A");
        apply(encoder.encodedLength());
    }

    private void deleted(final long orderId)
    {
        final OrderDeletedEncoder encoder = new OrderDeletedEncoder().wrapAndApplyHeader(buffer, 0, header)
            .orderId(orderId).transactTime(1).side(Side.SELL).reason(DeleteReason.CANCELED).symbol("SONDE.A");
        apply(encoder.encodedLength());
    }

    private void trade(final long aggressor, final long resting, final long quantity)
    {
        final TradeEncoder encoder = new TradeEncoder().wrapAndApplyHeader(buffer, 0, header)
            .tradeId(1).transactTime(1).aggressorOrderId(aggressor).restingOrderId(resting).price(100_0000)
            .quantity(quantity).aggressorSide(Side.SELL).symbol("SONDE.A");
        apply(encoder.encodedLength());
    }

    private int apply(final int bodyLength)
    {
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + bodyLength;
        assertTrue(book.apply(buffer, 0, length));
        return length;
    }
}
