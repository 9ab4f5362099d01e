package io.sonde.api;

import java.util.List;

/**
 * Where a market listening for its trading application can be reached, handed out once it listens and before it
 * waits for the application ({@link RunOptions#onMarketReady()}): what an application started beside it connects to.
 *
 * @param fixHost         the address the acceptor listens on, e.g. {@code 127.0.0.1}.
 * @param fixPort         the acceptor's port, the one actually bound (also when asked for 0).
 * @param compId          the market's CompID, the application's TargetCompID.
 * @param fixVersion      the FIX version of the order sessions it accepts.
 * @param udpDestinations where the feed's packets go, e.g. {@code udp://127.0.0.1:40001}; empty when the feed is
 *                        FIX market data alone.
 * @param snapshotPort    the TCP port serving the feed's book snapshots; 0 when there is no UDP feed.
 */
public record MarketEndpoints(
    String fixHost, int fixPort, String compId, FixVersion fixVersion, List<String> udpDestinations, int snapshotPort)
{
    /** The lists are copied. */
    public MarketEndpoints
    {
        udpDestinations = List.copyOf(udpDestinations);
    }
}
