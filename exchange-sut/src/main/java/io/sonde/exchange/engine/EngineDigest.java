package io.sonde.exchange.engine;

/**
 * The state digest of a {@link MatchingEngine}: a hash over every book (in symbol, side, price and time order), the
 * id counters, the feed's sequence and each gateway's last applied command. Two replicas that applied the same
 * commands, from the start or from a snapshot, have the same digest; the tests of determinism and recovery compare
 * it. Off the order path: it is asked for by a status query.
 */
final class EngineDigest
{
    private EngineDigest()
    {
    }

    static long of(final MatchingEngine engine, final RestingOrders resting)
    {
        final Digest digest = new Digest();
        digest.add(engine.nextOrderId());
        digest.add(engine.nextExecId());
        digest.add(engine.ordersAccepted());
        digest.add(engine.trades());
        digest.add(engine.nextFeedSequence());
        engine.gatewaySequences().addTo(digest);
        resting.forEach(order -> addTo(digest, order));
        return digest.value();
    }

    private static void addTo(final Digest digest, final Order order)
    {
        digest.add(order.orderId);
        digest.add(order.ownerId);
        digest.add(order.clusterSessionId);
        digest.add(order.symbolIndex);
        digest.add(order.side.value());
        digest.add(order.price);
        digest.add(order.orderQty);
        digest.add(order.leavesQty);
        digest.add(order.cumQty);
        digest.add(order.notional);
        for (int i = 0; i < order.clOrdIdLength; i++)
        {
            digest.add(order.clOrdId[i]);
        }
    }
}
