package io.sonde.fix.client.order;

import io.sonde.api.FixVersion;
import io.sonde.fix.client.profile.ExtraFields;
import io.sonde.fix.client.session.FixDictionaries;
import io.sonde.fix.codecs.MassStatusReqType;
import io.sonde.fix.codecs.OrdType;
import io.sonde.fix.codecs.TimeInForce;
import io.sonde.fix.codecs.builder.NewOrderSingleEncoder;
import io.sonde.fix.codecs.builder.OrderCancelReplaceRequestEncoder;
import io.sonde.fix.codecs.builder.OrderCancelRequestEncoder;
import io.sonde.fix.codecs.builder.OrderMassStatusRequestEncoder;
import io.sonde.fix.codecs.builder.OrderStatusRequestEncoder;
import org.agrona.concurrent.EpochClock;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.session.Session;

import java.nio.charset.StandardCharsets;

/**
 * Encodes the messages Sonde sends about an order, from its slot in {@link OrderTable}: NewOrderSingle (padded
 * to a message size when asked), OrderCancelRequest, OrderCancelReplaceRequest, OrderStatusRequest, and the
 * OrderMassStatusRequest for a session's open orders. One encoder of each per session, because Artio fills the
 * CompIDs in an encoder's header only on its first send; nothing is allocated per message.
 * <p>
 * The encoders are FIX 4.4's for every version. Artio's session stamps a message's sequence number, sending time
 * and CompIDs into the encoder's header, never its BeginString, which the encoder writes from its own header (FIX.4.4
 * unless told otherwise): each encoder is told the session's BeginString once, here.
 */
public final class OrderEncoders
{
    /** Prices are kept in hundredths. */
    private static final int PRICE_SCALE = 2;

    private final byte[] account;
    private final NewOrderSingleEncoder[] newOrders;
    private final OrderCancelRequestEncoder[] cancelRequests;
    private final OrderCancelReplaceRequestEncoder[] replaceRequests;
    private final OrderStatusRequestEncoder[] statusRequests;
    private final OrderMassStatusRequestEncoder[] massStatusRequests;
    private final UtcTimestampEncoder transactTime = new UtcTimestampEncoder();
    private final MessagePadding padding;
    private final EpochClock epochClock;
    private WithExtraFields[] newOrdersWithExtras;
    private WithExtraFields[] cancelsWithExtras;
    private WithExtraFields[] replacesWithExtras;

    /**
     * @param version     the sessions' FIX version, whose BeginString every message carries.
     * @param account     Account (1) on every message, or null for none.
     * @param messageSize the size to pad every NewOrderSingle to, or 0 for no padding.
     * @param epochClock  the wall clock for TransactTime (60).
     */
    public OrderEncoders(
        final FixVersion version,
        final int sessions,
        final String account,
        final int messageSize,
        final EpochClock epochClock)
    {
        this.epochClock = epochClock;
        this.account = account == null ? null : account.getBytes(StandardCharsets.US_ASCII);
        final String beginString = FixDictionaries.beginString(version);
        padding = new MessagePadding(messageSize, beginString.length());
        newOrders = new NewOrderSingleEncoder[sessions];
        cancelRequests = new OrderCancelRequestEncoder[sessions];
        replaceRequests = new OrderCancelReplaceRequestEncoder[sessions];
        statusRequests = new OrderStatusRequestEncoder[sessions];
        massStatusRequests = new OrderMassStatusRequestEncoder[sessions];
        for (int i = 0; i < sessions; i++)
        {
            newOrders[i] = new NewOrderSingleEncoder();
            cancelRequests[i] = new OrderCancelRequestEncoder();
            replaceRequests[i] = new OrderCancelReplaceRequestEncoder();
            statusRequests[i] = new OrderStatusRequestEncoder();
            massStatusRequests[i] = new OrderMassStatusRequestEncoder();
            newOrders[i].header().beginString(beginString);
            cancelRequests[i].header().beginString(beginString);
            replaceRequests[i].header().beginString(beginString);
            statusRequests[i].header().beginString(beginString);
            massStatusRequests[i].header().beginString(beginString);
        }
    }

    /**
     * Add a venue profile's fields to every order message of each type, after the fields Sonde sets.
     *
     * @throws IllegalArgumentException when NewOrderSingle gets extra fields and is also padded to a size: the
     *                                  padding could not count fields whose values change from one order to the next.
     */
    public OrderEncoders withExtraFields(
        final ExtraFields newOrder, final ExtraFields cancel, final ExtraFields replace)
    {
        if (padding.isActive() && !newOrder.isEmpty())
        {
            throw new IllegalArgumentException(
                "a message size cannot be combined with a venue profile that adds NewOrderSingle fields");
        }
        newOrdersWithExtras = wrap(newOrders, newOrder);
        cancelsWithExtras = wrap(cancelRequests, cancel);
        replacesWithExtras = wrap(replaceRequests, replace);
        return this;
    }

    /**
     * The order's NewOrderSingle, under its live ClOrdID.
     */
    public Encoder newOrder(final int sessionIndex, final Session session, final OrderTable orders, final int slot)
    {
        final NewOrderSingleEncoder newOrder = newOrders[sessionIndex];
        newOrder.clOrdID(orders.clOrdId[slot], orders.clOrdIdLength[slot])
            .symbol(orders.symbol[slot], orders.symbolLength[slot])
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
            pad(newOrder, session, orders, slot);
        }
        return withExtras(newOrdersWithExtras, newOrder, sessionIndex);
    }

    /**
     * A cancel under the order's pending ClOrdID, naming its live one.
     */
    public Encoder cancel(final int sessionIndex, final OrderTable orders, final int slot)
    {
        final OrderCancelRequestEncoder cancelRequest = cancelRequests[sessionIndex];
        cancelRequest.clOrdID(orders.pendingClOrdId[slot], orders.pendingClOrdIdLength[slot])
            .origClOrdID(orders.clOrdId[slot], orders.clOrdIdLength[slot])
            .symbol(orders.symbol[slot], orders.symbolLength[slot])
            .side(orders.side[slot])
            .transactTime(transactTime.buffer(), transactTime.encode(epochClock.time()))
            .orderQty(orders.quantity[slot], 0);
        if (account != null)
        {
            cancelRequest.account(account);
        }
        return withExtras(cancelsWithExtras, cancelRequest, sessionIndex);
    }

    /**
     * A replace under the order's pending ClOrdID, naming its live one: a DAY limit order at the same price.
     *
     * @param quantity the replaced order's new total quantity.
     */
    public Encoder replace(final int sessionIndex, final OrderTable orders, final int slot, final long quantity)
    {
        final OrderCancelReplaceRequestEncoder replaceRequest = replaceRequests[sessionIndex];
        replaceRequest.clOrdID(orders.pendingClOrdId[slot], orders.pendingClOrdIdLength[slot])
            .origClOrdID(orders.clOrdId[slot], orders.clOrdIdLength[slot])
            .symbol(orders.symbol[slot], orders.symbolLength[slot])
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
        return withExtras(replacesWithExtras, replaceRequest, sessionIndex);
    }

    /**
     * An OrderStatusRequest about the order, asking by ClOrdID {@code clOrdId}.
     */
    public Encoder status(
        final int sessionIndex, final OrderTable orders, final int slot, final char[] clOrdId, final int idLength)
    {
        return status(sessionIndex, clOrdId, idLength, orders.symbol[slot], orders.symbolLength[slot],
            orders.side[slot]);
    }

    /**
     * An OrderStatusRequest about an order no longer in the table, asking by ClOrdID {@code clOrdId}.
     */
    public Encoder status(
        final int sessionIndex,
        final char[] clOrdId,
        final int idLength,
        final char[] symbol,
        final int symbolLength,
        final char side)
    {
        final OrderStatusRequestEncoder statusRequest = statusRequests[sessionIndex];
        statusRequest.clOrdID(clOrdId, idLength)
            .symbol(symbol, symbolLength)
            .side(side);
        if (account != null)
        {
            statusRequest.account(account);
        }
        return statusRequest;
    }

    /**
     * An OrderMassStatusRequest for every order of the session (of the account, when there is one).
     */
    public Encoder massStatus(final int sessionIndex, final CharSequence massStatusRequestId)
    {
        final OrderMassStatusRequestEncoder request = massStatusRequests[sessionIndex]
            .massStatusReqID(massStatusRequestId)
            .massStatusReqType(MassStatusReqType.STATUS_FOR_ALL_ORDERS);
        if (account != null)
        {
            request.account(account);
        }
        return request;
    }

    private static Encoder withExtras(
        final WithExtraFields[] withExtras, final Encoder encoder, final int sessionIndex)
    {
        return withExtras == null ? encoder : withExtras[sessionIndex].onSession(sessionIndex);
    }

    private static WithExtraFields[] wrap(final Encoder[] encoders, final ExtraFields extraFields)
    {
        if (extraFields.isEmpty())
        {
            return null;
        }
        final WithExtraFields[] wrapped = new WithExtraFields[encoders.length];
        for (int i = 0; i < encoders.length; i++)
        {
            wrapped[i] = new WithExtraFields(encoders[i], extraFields);
        }
        return wrapped;
    }

    private void pad(final NewOrderSingleEncoder newOrder, final Session session, final OrderTable orders,
        final int slot)
    {
        final int length = padding.paddingFor(
            session.compositeKey().localCompId().length(),
            session.compositeKey().remoteCompId().length(),
            session.lastSentMsgSeqNum() + 1,
            orders.clOrdIdLength[slot],
            orders.symbolLength[slot],
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
