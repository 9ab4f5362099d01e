package io.sonde.exchange.engine;

import io.sonde.exchange.protocol.FixValues;
import io.sonde.exchange.protocol.Limits;
import io.sonde.exchange.protocol.OrderCommand;
import io.sonde.exchange.protocol.OrderEvent;
import io.sonde.exchange.protocol.RejectReason;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.ArrayList;
import java.util.List;

/**
 * Drives a {@link MatchingEngine} with readable calls, keeps every command it applied (for replay) and every
 * report it produced.
 */
final class EngineHarness
{
    static final List<String> SYMBOLS = List.of("AAA", "BBB");

    record Report(
        byte kind, long clusterSessionId, long ownerId, String clOrdId, String origClOrdId, char execType,
        char ordStatus, long orderId, long lastQty, long lastPx, long leaves, long cum, long avgPx,
        RejectReason reason)
    {
        boolean isTrade()
        {
            return kind == OrderEvent.EXECUTION && execType == 'F';
        }
    }

    final List<Report> reports = new ArrayList<>();
    final List<byte[]> commands = new ArrayList<>();
    final MatchingEngine engine;
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[OrderCommand.LENGTH]);
    private final OrderCommand command = new OrderCommand();
    private long clusterSessionId = 1;

    EngineHarness()
    {
        engine = new MatchingEngine(SYMBOLS, this::onEvent);
    }

    static long px(final double price)
    {
        return Math.round(price * Limits.PRICE_UNIT);
    }

    EngineHarness fromGatewayConnection(final long id)
    {
        clusterSessionId = id;
        return this;
    }

    List<Report> buy(final long owner, final String id, final long quantity, final double price)
    {
        return limit(owner, id, FixValues.BUY, quantity, price, FixValues.DAY);
    }

    List<Report> sell(final long owner, final String id, final long quantity, final double price)
    {
        return limit(owner, id, FixValues.SELL, quantity, price, FixValues.DAY);
    }

    List<Report> limit(
        final long owner, final String id, final byte side, final long quantity, final double price, final byte tif)
    {
        return newOrder(owner, id, "AAA", side, FixValues.LIMIT, quantity, px(price), tif);
    }

    List<Report> market(final long owner, final String id, final byte side, final long quantity)
    {
        return newOrder(owner, id, "AAA", side, FixValues.MARKET, quantity, 0, FixValues.DAY);
    }

    List<Report> newOrder(
        final long owner, final String id, final String symbol, final byte side, final byte ordType,
        final long quantity, final long price, final byte tif)
    {
        command.wrapForEncode(buffer, 0, OrderCommand.NEW_ORDER)
            .ownerId(owner).clOrdId(id).symbol(symbol).side(side).ordType(ordType).quantity(quantity).price(price)
            .timeInForce(tif);
        return apply();
    }

    List<Report> cancel(final long owner, final String id, final String origId, final byte side)
    {
        command.wrapForEncode(buffer, 0, OrderCommand.CANCEL)
            .ownerId(owner).clOrdId(id).origClOrdId(origId).symbol("AAA").side(side);
        return apply();
    }

    List<Report> replace(
        final long owner, final String id, final String origId, final byte side, final long quantity,
        final double price)
    {
        command.wrapForEncode(buffer, 0, OrderCommand.REPLACE)
            .ownerId(owner).clOrdId(id).origClOrdId(origId).symbol("AAA").side(side).ordType(FixValues.LIMIT)
            .quantity(quantity).price(px(price)).timeInForce(FixValues.DAY);
        return apply();
    }

    /**
     * @param symbol the symbol to list, or "" for all.
     */
    List<Report> massStatus(final long owner, final String requestId, final String symbol)
    {
        command.wrapForEncode(buffer, 0, OrderCommand.MASS_STATUS).ownerId(owner).clOrdId(requestId).symbol(symbol);
        return apply();
    }

    List<Report> orderStatus(final long owner, final String id, final String symbol, final byte side)
    {
        command.wrapForEncode(buffer, 0, OrderCommand.ORDER_STATUS).ownerId(owner).clOrdId(id).symbol(symbol)
            .side(side);
        return apply();
    }

    List<Report> massCancel(final long owner)
    {
        command.wrapForEncode(buffer, 0, OrderCommand.MASS_CANCEL).ownerId(owner);
        return apply();
    }

    /**
     * Apply a recorded command as the cluster would from its log.
     */
    void replay(final byte[] recorded)
    {
        command.wrap(new UnsafeBuffer(recorded), 0);
        engine.onCommand(command, clusterSessionIdOf(recorded));
    }

    private List<Report> apply()
    {
        final byte[] recorded = new byte[OrderCommand.LENGTH + Long.BYTES];
        buffer.getBytes(0, recorded, 0, OrderCommand.LENGTH);
        new UnsafeBuffer(recorded).putLong(OrderCommand.LENGTH, clusterSessionId);
        commands.add(recorded);
        final int before = reports.size();
        engine.onCommand(command, clusterSessionId);
        return List.copyOf(reports.subList(before, reports.size()));
    }

    private static long clusterSessionIdOf(final byte[] recorded)
    {
        return new UnsafeBuffer(recorded).getLong(OrderCommand.LENGTH);
    }

    private void onEvent(final long sessionId, final OrderEvent event)
    {
        reports.add(new Report(
            event.kind(), sessionId, event.ownerId(), event.clOrdIdAsString(),
            event.buffer().getStringWithoutLengthAscii(event.origClOrdIdOffset(), event.origClOrdIdLength()),
            (char)event.execType(), (char)event.ordStatus(), event.orderId(), event.lastQty(), event.lastPx(),
            event.leavesQty(), event.cumQty(), event.avgPx(), event.reason()));
    }
}
