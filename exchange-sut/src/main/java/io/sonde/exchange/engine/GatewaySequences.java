package io.sonde.exchange.engine;

import io.sonde.exchange.sbe.NewOrderDecoder;
import org.agrona.collections.Long2LongHashMap;

import java.util.Arrays;

/**
 * The last command the engine applied of each gateway, so that a command a gateway sends again after a leader
 * change is applied once. A gateway's commands reach the log over one ingress stream in the order it numbered
 * them, so what the engine applied of a gateway is always a prefix of what it sent: one number per gateway is the
 * whole record, and a command numbered at or below it is a duplicate.
 * <p>
 * Gateways are kept in the order the engine first heard of each, which is log order, so snapshots and the digest
 * see them alike on every replica. A gateway takes a new id each time it starts: the record grows by one entry per
 * gateway start, and only then allocates.
 */
final class GatewaySequences
{
    /** The protocol's null, on a command no gateway numbered (an operator's tool, an older gateway). */
    static final long NOT_NUMBERED = NewOrderDecoder.gatewayIdNullValue();
    /**
     * Never a gateway's id, so a client that leaves the fields zeroed (one written before they existed) is not
     * numbered either.
     */
    static final long NO_GATEWAY = 0;

    private static final int INITIAL_GATEWAYS = 16;
    private static final long UNKNOWN = -1;

    private final Long2LongHashMap indexById = new Long2LongHashMap(UNKNOWN);
    private long[] ids = new long[INITIAL_GATEWAYS];
    private long[] lastApplied = new long[INITIAL_GATEWAYS];
    private int count;

    /**
     * Decide whether a command is to be applied, and if so record it as its gateway's last.
     *
     * @return false for a duplicate: a numbered command at or below its gateway's last applied one.
     */
    boolean apply(final long gatewayId, final long sequence)
    {
        if (gatewayId == NOT_NUMBERED || gatewayId == NO_GATEWAY || sequence == NOT_NUMBERED)
        {
            return true;
        }
        final int index = (int)indexById.get(gatewayId);
        if (index == UNKNOWN)
        {
            add(gatewayId, sequence);
            return true;
        }
        if (sequence <= lastApplied[index])
        {
            return false;
        }
        lastApplied[index] = sequence;
        return true;
    }

    int count()
    {
        return count;
    }

    long gatewayId(final int index)
    {
        return ids[index];
    }

    long lastApplied(final int index)
    {
        return lastApplied[index];
    }

    /**
     * Load one gateway's record from a snapshot, in the snapshot's order.
     *
     * @throws IllegalStateException when the snapshot names the gateway twice.
     */
    void restore(final long gatewayId, final long sequence)
    {
        if (indexById.containsKey(gatewayId))
        {
            throw new IllegalStateException("snapshot names gateway " + gatewayId + " twice");
        }
        add(gatewayId, sequence);
    }

    void addTo(final Digest digest)
    {
        digest.add(count);
        for (int i = 0; i < count; i++)
        {
            digest.add(ids[i]);
            digest.add(lastApplied[i]);
        }
    }

    private void add(final long gatewayId, final long sequence)
    {
        if (count == ids.length)
        {
            ids = Arrays.copyOf(ids, count * 2);
            lastApplied = Arrays.copyOf(lastApplied, count * 2);
        }
        ids[count] = gatewayId;
        lastApplied[count] = sequence;
        indexById.put(gatewayId, count);
        count++;
    }
}
