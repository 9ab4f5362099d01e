package io.sonde.exchange.gateway;

/**
 * The engine knows a FIX session by a 64-bit owner id derived from the client's SenderCompID, not from any
 * gateway-local counter: orders stay with their owner when the client reconnects through another gateway,
 * or when a gateway restarts.
 */
final class OwnerIds
{
    private OwnerIds()
    {
    }

    static long of(final String compId)
    {
        long hash = 0xCBF29CE484222325L;
        for (int i = 0; i < compId.length(); i++)
        {
            hash ^= compId.charAt(i);
            hash *= 0x100000001B3L;
        }
        hash ^= hash >>> 33;
        hash *= 0xFF51AFD7ED558CCDL;
        return hash ^ (hash >>> 33);
    }
}
