package io.sonde.market;

import io.sonde.md.sbe.MessageHeaderDecoder;
import io.sonde.md.sbe.OrderAddedDecoder;
import io.sonde.md.sbe.OrderDeletedDecoder;
import io.sonde.md.sbe.TradeDecoder;
import org.agrona.collections.Long2LongHashMap;
import org.agrona.collections.LongHashSet;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MarketBookTest
{
    private static final List<MarketSymbol> SYMBOLS = List.of(
        new MarketSymbol("SONDE.A", 1_000_000, 100, 100),
        new MarketSymbol("SONDE.B", 505_000, 50, 10));
    private static final int TRIGGER_EVERY = 5;

    @Test
    void theSameSeedGivesTheSameBytes()
    {
        assertArrayEquals(feed(42, 5_000), feed(42, 5_000));
        assertFalse(Arrays.equals(feed(42, 5_000), feed(43, 5_000)));
    }

    @Test
    void triggersAreNeverTradedOrModifiedAndLeaveByADeleteAfterTheyWerePublished()
    {
        final MarketBook book = new MarketBook(SYMBOLS, MarketShape.DEFAULT, 7, new PriceKeys(1_024));
        final LongHashSet triggersResting = new LongHashSet();
        final LongHashSet deletedTriggers = new LongHashSet();
        final Events events = new Events();
        for (long sequence = 1; sequence <= 20_000; sequence++)
        {
            final boolean isTrigger = sequence % TRIGGER_EVERY == 0;
            draw(book, sequence, isTrigger);
            events.read(book);
            if (isTrigger)
            {
                assertEquals(OrderAddedDecoder.TEMPLATE_ID, events.templateId);
                triggersResting.add(sequence);
            }
            else if (events.templateId == TradeDecoder.TEMPLATE_ID)
            {
                assertFalse(triggersResting.contains(events.trade.restingOrderId()), "a trigger's order traded");
            }
            else if (events.templateId == OrderDeletedDecoder.TEMPLATE_ID && triggersResting.remove(events.orderId))
            {
                deletedTriggers.add(events.orderId);
            }
        }
        assertTrue(deletedTriggers.size() > 3_000, "trigger orders deleted: " + deletedTriggers.size());
        assertTrue(triggersResting.size() <= 3, "trigger orders left resting: " + triggersResting.size());
    }

    @Test
    void everyPriceButATriggersIsOnTheTickGridAndTheBookStaysBounded()
    {
        final MarketBook book = new MarketBook(SYMBOLS, MarketShape.DEFAULT, 11, new PriceKeys(1_024));
        final Events events = new Events();
        final Long2LongHashMap resting = new Long2LongHashMap(-1);
        for (long sequence = 1; sequence <= 20_000; sequence++)
        {
            final boolean isTrigger = sequence % TRIGGER_EVERY == 0;
            draw(book, sequence, isTrigger);
            events.read(book);
            final long tick = SYMBOLS.get(book.symbolIndex()).tick();
            if (events.templateId == OrderAddedDecoder.TEMPLATE_ID)
            {
                assertEquals(sequence, events.added.orderId());
                if (isTrigger)
                {
                    assertNotEquals(0, events.added.price() % tick, "a trigger on the grid");
                }
                else
                {
                    assertEquals(0, events.added.price() % tick, "a filler off the grid");
                }
                resting.put(sequence, events.added.price());
            }
            else if (events.templateId == TradeDecoder.TEMPLATE_ID)
            {
                assertEquals(0, events.trade.price() % tick);
                assertNotEquals(-1, resting.remove(events.trade.restingOrderId()), "a trade of no resting order");
            }
            else
            {
                assertNotEquals(-1, resting.remove(events.orderId), "a delete of no resting order");
            }
            final int bound = 2 * MarketShape.DEFAULT.depth() * 4 * SYMBOLS.size() + 3;
            assertTrue(resting.size() <= bound, "resting " + resting.size());
        }
    }

    @Test
    void aTriggerSitsInsideTheSpreadOfItsReference()
    {
        final PriceKeys keys = new PriceKeys(64);
        final MarketBook book = new MarketBook(SYMBOLS, MarketShape.DEFAULT, 3, keys);
        book.trigger(1, 0);
        final long reference = book.reference(book.symbolIndex());
        final long tick = SYMBOLS.get(book.symbolIndex()).tick();

        if (book.side() == PriceKeys.BID)
        {
            assertTrue(book.price() > reference - tick && book.price() < reference);
        }
        else
        {
            assertTrue(book.price() < reference + tick && book.price() > reference);
        }
    }

    private static void draw(final MarketBook book, final long sequence, final boolean isTrigger)
    {
        if (isTrigger)
        {
            book.trigger(sequence, sequence * 1_000);
        }
        else
        {
            book.filler(sequence, sequence * 1_000);
        }
    }

    private static byte[] feed(final long seed, final int count)
    {
        final MarketBook book = new MarketBook(SYMBOLS, MarketShape.DEFAULT, seed, new PriceKeys(1_024));
        final byte[] bytes = new byte[count * 128];
        int at = 0;
        for (long sequence = 1; sequence <= count; sequence++)
        {
            draw(book, sequence, sequence % TRIGGER_EVERY == 0);
            book.buffer().getBytes(0, bytes, at, book.length());
            at += book.length();
        }
        return Arrays.copyOf(bytes, at);
    }

    private static final class Events
    {
        final MessageHeaderDecoder header = new MessageHeaderDecoder();
        final OrderAddedDecoder added = new OrderAddedDecoder();
        final OrderDeletedDecoder deleted = new OrderDeletedDecoder();
        final TradeDecoder trade = new TradeDecoder();
        int templateId;
        long orderId;

        void read(final MarketBook book)
        {
            header.wrap(book.buffer(), 0);
            templateId = header.templateId();
            if (templateId == OrderAddedDecoder.TEMPLATE_ID)
            {
                added.wrapAndApplyHeader(book.buffer(), 0, header);
                orderId = added.orderId();
            }
            else if (templateId == OrderDeletedDecoder.TEMPLATE_ID)
            {
                deleted.wrapAndApplyHeader(book.buffer(), 0, header);
                orderId = deleted.orderId();
            }
            else
            {
                trade.wrapAndApplyHeader(book.buffer(), 0, header);
                orderId = trade.restingOrderId();
            }
        }
    }
}
