package io.sonde.fix.client.order;

import io.sonde.fix.codecs.OrdType;
import io.sonde.fix.codecs.TimeInForce;
import io.sonde.fix.codecs.builder.NewOrderSingleEncoder;
import io.sonde.fix.codecs.builder.OrderCancelReplaceRequestEncoder;
import io.sonde.fix.codecs.builder.OrderCancelRequestEncoder;
import io.sonde.fix.codecs.builder.OrderStatusRequestEncoder;
import org.agrona.concurrent.EpochClock;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.session.Session;

import java.nio.charset.StandardCharsets;

/**
 * Encodes the orders a lifecycle sends, from its slot in {@link LiveOrders}: NewOrderSingle (padded to a
 * message size when asked), OrderCancelRequest and OrderCancelReplaceRequest. One encoder of each per
 * session, because Artio fills the CompIDs in an encoder's header only on its first send; nothing is
 * allocated per message.
 */
final class OrderMessages
{
    private static final int PRICE_SCALE = 2;

    private final byte[][] symbols;
    private final byte[] account;
    private final NewOrderSingleEncoder[] newOrders;
    private final OrderCancelRequestEncoder[] cancelRequests;
    private final OrderCancelReplaceRequestEncoder[] replaceRequests;
    private final OrderStatusRequestEncoder[] statusRequests;
    private final UtcTimestampEncoder transactTime = new UtcTimestampEncoder();
    private final MessagePadding padding;
    private final EpochClock epochClock;

    /**
     * @param epochClock the wall clock for TransactTime (60).
     */
    OrderMessages(final OrderParameters parameters, final int sessions, final EpochClock epochClock)
    {
        this.epochClock = epochClock;
        symbols = new byte[parameters.symbols().size()][];
        for (int i = 0; i < symbols.length; i++)
        {
            symbols[i] = parameters.symbols().get(i).getBytes(StandardCharsets.US_ASCII);
        }
        account = parameters.account() == null ? null : parameters.account().getBytes(StandardCharsets.US_ASCII);
        padding = new MessagePadding(parameters.messageSize());
        newOrders = new NewOrderSingleEncoder[sessions];
        cancelRequests = new OrderCancelRequestEncoder[sessions];
        replaceRequests = new OrderCancelReplaceRequestEncoder[sessions];
        statusRequests = new OrderStatusRequestEncoder[sessions];
        for (int i = 0; i < sessions; i++)
        {
            statusRequests[i] = new OrderStatusRequestEncoder();
            newOrders[i] = new NewOrderSingleEncoder();
            cancelRequests[i] = new OrderCancelRequestEncoder();
            replaceRequests[i] = new OrderCancelReplaceRequestEncoder();
        }
    }

    int symbolCount()
    {
        return symbols.length;
    }

    Encoder newOrder(
        final int sessionIndex, final Session session, final LiveOrders orders, final int slot, final char[] clOrdId,
        final int idLength)
    {
        final NewOrderSingleEncoder newOrder = newOrders[sessionIndex];
        newOrder.clOrdID(clOrdId, idLength)
            .symbol(symbols[orders.symbol[slot]])
            .side(orders.side[slot])
            .transactTime(transactTime.buffer(), transactTime.encode(epochClock.time()))
            .orderQty(orders.quantity[slot], 0)
            .ordType(OrdType.LIMIT)
            .price(orders.priceCents[slot], PRICE_SCALE)
            .timeInForce(orders.ioc[slot] ? TimeInForce.IMMEDIATE_OR_CANCEL : TimeInForce.DAY);
        if (account != null)
        {
            newOrder.account(account);
        }
        if (padding.isActive())
        {
            pad(newOrder, session, orders, slot, idLength);
        }
        return newOrder;
    }

    Encoder cancel(
        final int sessionIndex, final LiveOrders orders, final int slot, final char[] clOrdId, final int idLength,
        final char[] origClOrdId, final int origLength)
    {
        final OrderCancelRequestEncoder cancelRequest = cancelRequests[sessionIndex];
        cancelRequest.clOrdID(clOrdId, idLength)
            .origClOrdID(origClOrdId, origLength)
            .symbol(symbols[orders.symbol[slot]])
            .side(orders.side[slot])
            .transactTime(transactTime.buffer(), transactTime.encode(epochClock.time()))
            .orderQty(orders.quantity[slot], 0);
        if (account != null)
        {
            cancelRequest.account(account);
        }
        return cancelRequest;
    }

    /**
     * @param quantity the replaced order's new total quantity.
     */
    Encoder replace(
        final int sessionIndex, final LiveOrders orders, final int slot, final long quantity, final char[] clOrdId,
        final int idLength, final char[] origClOrdId, final int origLength)
    {
        final OrderCancelReplaceRequestEncoder replaceRequest = replaceRequests[sessionIndex];
        replaceRequest.clOrdID(clOrdId, idLength)
            .origClOrdID(origClOrdId, origLength)
            .symbol(symbols[orders.symbol[slot]])
            .side(orders.side[slot])
            .transactTime(transactTime.buffer(), transactTime.encode(epochClock.time()))
            .orderQty(quantity, 0)
            .ordType(OrdType.LIMIT)
            .price(orders.priceCents[slot], PRICE_SCALE)
            .timeInForce(TimeInForce.DAY);
        if (account != null)
        {
            replaceRequest.account(account);
        }
        return replaceRequest;
    }

    Encoder status(final int sessionIndex, final LiveOrders orders, final int slot, final char[] clOrdId,
        final int idLength)
    {
        final OrderStatusRequestEncoder statusRequest = statusRequests[sessionIndex];
        statusRequest.clOrdID(clOrdId, idLength)
            .symbol(symbols[orders.symbol[slot]])
            .side(orders.side[slot]);
        if (account != null)
        {
            statusRequest.account(account);
        }
        return statusRequest;
    }

    private void pad(
        final NewOrderSingleEncoder newOrder, final Session session, final LiveOrders orders, final int slot,
        final int idLength)
    {
        final int length = padding.paddingFor(
            session.compositeKey().localCompId().length(),
            session.compositeKey().remoteCompId().length(),
            session.lastSentMsgSeqNum() + 1,
            idLength,
            symbols[orders.symbol[slot]].length,
            account == null ? 0 : account.length,
            orders.quantity[slot],
            orders.priceCents[slot],
            PRICE_SCALE);
        if (length > 0)
        {
            newOrder.text(padding.filler(), length);
        }
        else
        {
            newOrder.resetText();
        }
    }
}
