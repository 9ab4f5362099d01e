package io.sonde.exchange.engine;

import io.sonde.exchange.engine.EngineHarness.BookEvent;
import io.sonde.md.OrderLevelBook;
import io.sonde.md.sbe.DeleteReason;
import io.sonde.md.sbe.OrderAddedDecoder;
import io.sonde.md.sbe.OrderDeletedDecoder;
import io.sonde.md.sbe.OrderModifiedDecoder;
import io.sonde.md.sbe.TradeDecoder;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.sonde.exchange.engine.EngineHarness.px;
import static io.sonde.exchange.sbe.Side.BUY;
import static io.sonde.exchange.sbe.Side.SELL;
import static io.sonde.exchange.sbe.TimeInForce.IMMEDIATE_OR_CANCEL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every change the engine makes to a book is one public event, numbered without a gap, as the market-data
 * schema defines them.
 */
class MarketDataEventsTest
{
    private static final long ALICE = 11;
    private static final long BOB = 22;

    private final EngineHarness exchange = new EngineHarness();

    @Test
    void anOrderThatRestsIsAddedWithItsPriceQuantitySideAndTheCommandsClusterTime()
    {
        final long time = exchange.nextCommandTime();
        exchange.buy(ALICE, "b1", 100, 10.00);

        assertEquals(List.of(new BookEvent(1, OrderAddedDecoder.TEMPLATE_ID, 1, time, px(10.00), 100, '1', null, 0, 0)),
            exchange.bookEvents);
    }

    @Test
    void eachMatchIsOneTradeThenTheAggressorsRemainderIsAddedWithItsLeaves()
    {
        exchange.sell(ALICE, "s1", 30, 10.00);
        exchange.sell(ALICE, "s2", 20, 10.01);

        final long time = exchange.nextCommandTime();
        exchange.buy(BOB, "b1", 100, 10.01);

        assertEquals(List.of(
            new BookEvent(3, TradeDecoder.TEMPLATE_ID, 3, time, px(10.00), 30, '1', null, 1, 1),
            new BookEvent(4, TradeDecoder.TEMPLATE_ID, 3, time, px(10.01), 20, '1', null, 2, 2),
            new BookEvent(5, OrderAddedDecoder.TEMPLATE_ID, 3, time, px(10.01), 50, '1', null, 0, 0)),
            exchange.bookEventsSince(2));
    }

    @Test
    void aRestingOrderFilledCompletelyLeavesWithItsTradeAndNoDelete()
    {
        exchange.sell(ALICE, "s1", 30, 10.00);

        exchange.buy(BOB, "b1", 30, 10.00);

        assertEquals(List.of(TradeDecoder.TEMPLATE_ID), templates(exchange.bookEventsSince(1)));
    }

    @Test
    void anImmediateOrderThatNeitherTradesNorRestsPublishesNothing()
    {
        exchange.limit(ALICE, "i1", BUY, 10, 10.00, IMMEDIATE_OR_CANCEL);
        exchange.market(ALICE, "m1", SELL, 10);

        assertEquals(List.of(), exchange.bookEvents);
    }

    @Test
    void anImmediateOrderThatTradesPublishesItsTradesAndIsNeverAdded()
    {
        exchange.sell(ALICE, "s1", 30, 10.00);

        exchange.limit(BOB, "i1", BUY, 50, 10.00, IMMEDIATE_OR_CANCEL);

        assertEquals(List.of(TradeDecoder.TEMPLATE_ID), templates(exchange.bookEventsSince(1)));
    }

    @Test
    void aCancelDeletesTheOrder()
    {
        exchange.buy(ALICE, "b1", 100, 10.00);

        exchange.cancel(ALICE, "c1", "b1");

        final BookEvent deleted = exchange.bookEvents.get(1);
        assertEquals(OrderDeletedDecoder.TEMPLATE_ID, deleted.templateId());
        assertEquals(DeleteReason.CANCELED, deleted.reason());
        assertEquals(1, deleted.orderId());
    }

    @Test
    void aMassCancelDeletesEachOrderAsCanceledOnDisconnect()
    {
        exchange.buy(ALICE, "b1", 100, 10.00);
        exchange.sell(ALICE, "s1", 100, 11.00);

        exchange.massCancel(ALICE);

        final List<BookEvent> events = exchange.bookEventsSince(2);
        assertEquals(2, events.size());
        events.forEach(event -> assertEquals(DeleteReason.CANCELED_ON_DISCONNECT, event.reason()));
    }

    @Test
    void aReplaceThatKeepsPriorityModifiesTheOrderInPlace()
    {
        exchange.buy(ALICE, "b1", 100, 10.00);

        final long time = exchange.nextCommandTime();
        exchange.replace(ALICE, "b2", "b1", BUY, 60, 10.00);

        assertEquals(List.of(new BookEvent(2, OrderModifiedDecoder.TEMPLATE_ID, 1, time, px(10.00), 60, '1', null, 0,
            0)), exchange.bookEventsSince(1));
    }

    @Test
    void aReplaceThatChangesNothingPublicPublishesNothing()
    {
        exchange.buy(ALICE, "b1", 100, 10.00);

        exchange.replace(ALICE, "b2", "b1", BUY, 100, 10.00);

        assertEquals(1, exchange.bookEvents.size());
    }

    @Test
    void aReplaceThatLosesPriorityDeletesTradesAndAddsTheOrderBackUnderItsId()
    {
        exchange.sell(ALICE, "s1", 30, 10.05);
        exchange.buy(BOB, "b1", 100, 10.00);

        exchange.replace(BOB, "b2", "b1", BUY, 100, 10.05);

        final List<BookEvent> events = exchange.bookEventsSince(2);
        assertEquals(List.of(OrderDeletedDecoder.TEMPLATE_ID, TradeDecoder.TEMPLATE_ID, OrderAddedDecoder.TEMPLATE_ID),
            templates(events));
        assertEquals(DeleteReason.REPLACED, events.get(0).reason());
        assertEquals(2, events.get(2).orderId());
        assertEquals(70, events.get(2).quantity());
        assertEquals(px(10.05), events.get(2).price());
    }

    @Test
    void aBookRebuiltFromTheEventsIsTheEnginesOwnSnapshot()
    {
        exchange.sell(ALICE, "s1", 30, 10.05);
        exchange.buy(BOB, "b1", 100, 10.00);
        exchange.buy(BOB, "b2", 10, 10.00);
        exchange.replace(BOB, "b3", "b1", BUY, 100, 10.05);
        exchange.replace(BOB, "b4", "b2", BUY, 5, 10.00);
        exchange.sell(ALICE, "s2", 40, 10.06);
        exchange.cancel(ALICE, "c1", "s2");
        exchange.sell(ALICE, "s3", 40, 10.07);
        final OrderLevelBook fromEvents = new OrderLevelBook();
        exchange.bookMessages.forEach(message -> fromEvents.apply(new UnsafeBuffer(message), 0, message.length));

        exchange.feedSnapshotRequest();

        final OrderLevelBook fromSnapshot = new OrderLevelBook();
        exchange.bookSnapshot.forEach(message -> fromSnapshot.apply(new UnsafeBuffer(message), 0, message.length));
        assertEquals(exchange.engine.nextFeedSequence() - 1, fromSnapshot.snapshotSequence());
        assertEquals(exchange.engine.openOrderCount(), fromSnapshot.size());
        assertEquals(fromSnapshot.size(), fromEvents.size());
        for (long orderId = 1; orderId <= 6; orderId++)
        {
            assertEquals(fromSnapshot.quantityOf(orderId), fromEvents.quantityOf(orderId), "order " + orderId);
        }
        assertEquals(70, fromEvents.quantityOf(2));
        assertEquals(5, fromEvents.quantityOf(3));
        assertEquals(0, fromEvents.unknownOrders());
    }

    @Test
    void eventsAreNumberedFromOneWithoutAGap()
    {
        exchange.sell(ALICE, "s1", 30, 10.05);
        exchange.buy(BOB, "b1", 100, 10.10);
        exchange.cancel(BOB, "c1", "b1");

        for (int i = 0; i < exchange.bookEvents.size(); i++)
        {
            assertEquals(i + 1, exchange.bookEvents.get(i).sequence());
        }
        assertTrue(exchange.bookEvents.size() >= 3);
        assertEquals(exchange.bookEvents.size() + 1, exchange.engine.nextFeedSequence());
    }

    private static List<Integer> templates(final List<BookEvent> events)
    {
        return events.stream().map(BookEvent::templateId).toList();
    }
}
