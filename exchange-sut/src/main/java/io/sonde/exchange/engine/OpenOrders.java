package io.sonde.exchange.engine;

import org.agrona.collections.Long2ObjectHashMap;

/**
 * Open orders by (owner, ClOrdID), without allocating a key per lookup: a 64-bit hash of the pair picks a
 * bucket and orders sharing a hash are chained and compared byte for byte. The map is only ever looked up,
 * never iterated, so its hash order cannot make replicas differ.
 */
final class OpenOrders
{
    private final Long2ObjectHashMap<Order> byKey = new Long2ObjectHashMap<>();
    private int size;

    Order find(final long ownerId, final byte[] clOrdId, final int length)
    {
        Order order = byKey.get(key(ownerId, clOrdId, length));
        while (order != null && (order.ownerId != ownerId || !order.hasClOrdId(clOrdId, length)))
        {
            order = order.nextWithSameKey;
        }
        return order;
    }

    void add(final Order order)
    {
        order.indexKey = key(order.ownerId, order.clOrdId, order.clOrdIdLength);
        order.nextWithSameKey = byKey.put(order.indexKey, order);
        size++;
    }

    void remove(final Order order)
    {
        final Order first = byKey.get(order.indexKey);
        if (first == order)
        {
            if (order.nextWithSameKey == null)
            {
                byKey.remove(order.indexKey);
            }
            else
            {
                byKey.put(order.indexKey, order.nextWithSameKey);
            }
        }
        else
        {
            Order previous = first;
            while (previous.nextWithSameKey != order)
            {
                previous = previous.nextWithSameKey;
            }
            previous.nextWithSameKey = order.nextWithSameKey;
        }
        order.nextWithSameKey = null;
        size--;
    }

    int size()
    {
        return size;
    }

    private static long key(final long ownerId, final byte[] id, final int length)
    {
        long hash = Digest.mix(ownerId);
        for (int i = 0; i < length; i++)
        {
            hash = Digest.combine(hash, id[i]);
        }
        return hash;
    }
}
