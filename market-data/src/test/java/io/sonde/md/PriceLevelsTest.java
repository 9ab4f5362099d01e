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

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PriceLevelsTest
{
    private static final boolean BIDS = true;
    private static final boolean OFFERS = false;

    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[FeedPackets.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final PriceLevels levels = new PriceLevels(List.of("SONDE.A", "SONDE.B"), 4);
    private final OrderLevelBook book = new OrderLevelBook(levels);

    @Test
    void eachPriceWithAnOrderRestingIsOneLevelOfItsSide()
    {
        added(1, 100_0000, Side.BUY, "SONDE.A");
        added(2, 100_0000, Side.BUY, "SONDE.A");
        added(3, 99_0000, Side.BUY, "SONDE.A");
        added(4, 101_0000, Side.SELL, "SONDE.A");
        added(5, 101_0000, Side.SELL, "SONDE.B");

        assertEquals(2, levels.levels(0, BIDS));
        assertEquals(1, levels.levels(0, OFFERS));
        assertEquals(0, levels.levels(1, BIDS));
        assertEquals(1, levels.levels(1, OFFERS));
    }

    @Test
    void aLevelStaysUntilItsLastOrderLeaves()
    {
        added(1, 100_0000, Side.BUY, "SONDE.A");
        added(2, 100_0000, Side.BUY, "SONDE.A");

        deleted(1);
        assertEquals(1, levels.levels(0, BIDS));

        deleted(2);
        assertEquals(0, levels.levels(0, BIDS));
    }

    @Test
    void aTradeThatFillsTheLastOrderAtAPriceRemovesTheLevelAndAPartialOneKeepsIt()
    {
        added(1, 100_0000, Side.SELL, "SONDE.A");
        added(2, 101_0000, Side.SELL, "SONDE.A");

        trade(1, 10);
        trade(2, 4);

        assertEquals(1, levels.levels(0, OFFERS));
    }

    @Test
    void anOrderModifiedToAnotherPriceMovesLevels()
    {
        added(1, 100_0000, Side.BUY, "SONDE.A");
        added(2, 99_0000, Side.BUY, "SONDE.A");

        modified(1, 99_0000);
        assertEquals(1, levels.levels(0, BIDS));

        modified(2, 98_0000);
        assertEquals(2, levels.levels(0, BIDS));
    }

    @Test
    void ordersOfSymbolsNotFollowedAreCountedAndLeftOut()
    {
        added(1, 100_0000, Side.BUY, "OTHER");
        deleted(1);

        assertEquals(1, levels.otherSymbols());
        assertEquals(0, levels.levels(0, BIDS));
        assertEquals(0, levels.levels(1, BIDS));
    }

    @Test
    void aSnapshotReplacingTheBookStartsTheLevelsAfresh()
    {
        added(1, 100_0000, Side.BUY, "SONDE.A");
        added(2, 101_0000, Side.SELL, "SONDE.B");
        final OrderLevelBook source = new OrderLevelBook();
        final OrderAddedEncoder encoder = new OrderAddedEncoder().wrapAndApplyHeader(buffer, 0, header)
            .orderId(7).transactTime(1).price(98_0000).quantity(10).side(Side.BUY).symbol("SONDE.A");
        source.apply(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());

        source.writeSnapshot(3, book::apply);

        assertEquals(1, levels.levels(0, BIDS));
        assertEquals(0, levels.levels(1, OFFERS));
    }

    @Test
    void aSymbolLongerThanTheFeedCarriesIsRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> new PriceLevels(List.of("SEVENTEEN.LETTERS"), 1));
    }

    private void added(final long orderId, final long price, final Side side, final String symbol)
    {
        final OrderAddedEncoder encoder = new OrderAddedEncoder().wrapAndApplyHeader(buffer, 0, header)
            .orderId(orderId).transactTime(1).price(price).quantity(10).side(side).symbol(symbol);
        apply(encoder.encodedLength());
    }

    private void modified(final long orderId, final long price)
    {
        final OrderModifiedEncoder encoder = new OrderModifiedEncoder().wrapAndApplyHeader(buffer, 0, header)
            .orderId(orderId).transactTime(1).price(price).quantity(5).side(Side.BUY).symbol("SONDE.A");
        apply(encoder.encodedLength());
    }

    private void deleted(final long orderId)
    {
        final OrderDeletedEncoder encoder = new OrderDeletedEncoder().wrapAndApplyHeader(buffer, 0, header)
            .orderId(orderId).transactTime(1).side(Side.BUY).reason(DeleteReason.CANCELED).symbol("SONDE.A");
        apply(encoder.encodedLength());
    }

    private void trade(final long resting, final long quantity)
    {
        final TradeEncoder encoder = new TradeEncoder().wrapAndApplyHeader(buffer, 0, header)
            .tradeId(1).transactTime(1).aggressorOrderId(99).restingOrderId(resting).price(100_0000)
            .quantity(quantity).aggressorSide(Side.BUY).symbol("SONDE.A");
        apply(encoder.encodedLength());
    }

    private void apply(final int bodyLength)
    {
        assertTrue(book.apply(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + bodyLength));
    }
}
