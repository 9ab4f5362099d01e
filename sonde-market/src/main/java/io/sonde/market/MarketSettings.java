package io.sonde.market;

import io.sonde.api.FixVersion;

import java.net.InetSocketAddress;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Everything the market needs to open, as plain values: where its acceptor listens and as whom, where its
 * feed goes, its instruments and book, and how reactions are matched. Built by whoever reads the user's options
 * and venue profile; the market reads no files.
 *
 * @param bindHost      the address the acceptor listens on ({@code 0.0.0.0} for every interface).
 * @param port          the acceptor's port, or 0 for a free loopback port.
 * @param compId        the market's CompID: the application's TargetCompID.
 * @param fixVersion    the version of the application's order sessions. FIX market data is served only on
 *                      FIX 4.4, so without a UDP destination the version must be FIX 4.4.
 * @param password      the password logons must carry, or null (or empty) to accept any.
 * @param symbols       the instruments, at least one, names unique.
 * @param feedUnicast   the UDP destinations of the feed; empty for none.
 * @param feedGroup     the multicast group of the feed, or null; never together with unicast destinations.
 * @param feedInterface the interface to send multicast on; null unless {@code feedGroup} is given.
 * @param snapshotPort  the TCP port of the snapshot server with a UDP feed, 0 for a free one.
 * @param match         how an order names its trigger.
 * @param echoTag       the tag that carries the trigger's identity with {@link MatchMode#ECHO}; ignored otherwise.
 * @param seed          the seed of the scripted book: the same seed and schedule give the same feed.
 * @param shape         the scripted book's shape.
 * @param timeoutNanos  how long a trigger waits for its reaction before it is missed: the run's timeout.
 */
public record MarketSettings(
    String bindHost,
    int port,
    String compId,
    FixVersion fixVersion,
    String password,
    List<MarketSymbol> symbols,
    List<InetSocketAddress> feedUnicast,
    InetSocketAddress feedGroup,
    String feedInterface,
    int snapshotPort,
    MatchMode match,
    int echoTag,
    long seed,
    MarketShape shape,
    long timeoutNanos)
{
    /** The most symbols one market serves: a symbol's index takes 15 bits of a price key. */
    public static final int MAX_SYMBOLS = 1 << 15;

    /**
     * @throws IllegalArgumentException naming what is wrong.
     */
    public MarketSettings
    {
        Objects.requireNonNull(bindHost, "bindHost");
        Objects.requireNonNull(compId, "compId");
        Objects.requireNonNull(fixVersion, "fixVersion");
        Objects.requireNonNull(match, "match");
        Objects.requireNonNull(shape, "shape");
        symbols = List.copyOf(symbols);
        feedUnicast = List.copyOf(feedUnicast);
        checkPort("acceptor", port);
        checkPort("snapshot", snapshotPort);
        if (symbols.isEmpty() || symbols.size() > MAX_SYMBOLS)
        {
            throw new IllegalArgumentException("a market needs between 1 and " + MAX_SYMBOLS + " symbols, not " +
                symbols.size());
        }
        final Set<String> names = new HashSet<>();
        for (final MarketSymbol symbol : symbols)
        {
            if (!names.add(symbol.symbol()))
            {
                throw new IllegalArgumentException("symbol " + symbol.symbol() + " is given twice");
            }
        }
        if (feedGroup != null && !feedUnicast.isEmpty())
        {
            throw new IllegalArgumentException("the feed goes either to unicast destinations or to a multicast " +
                "group, not both");
        }
        if ((feedGroup == null) != (feedInterface == null))
        {
            throw new IllegalArgumentException("a multicast feed needs both its group and its interface");
        }
        if (!hasUdp(feedUnicast, feedGroup) && fixVersion != FixVersion.FIX_4_4)
        {
            throw new IllegalArgumentException("FIX market data is served on FIX 4.4 sessions only: a " +
                fixVersion + " market needs a UDP feed");
        }
        if (match == MatchMode.ECHO && (echoTag <= 0 || echoTag > 99_999))
        {
            throw new IllegalArgumentException("echo tag " + echoTag + " is not a tag (1 to 99999)");
        }
        if (timeoutNanos <= 0)
        {
            throw new IllegalArgumentException("the reaction timeout must be positive, not " + timeoutNanos + " ns");
        }
    }

    /**
     * @return whether the feed goes out over UDP; without it, the application takes FIX market data.
     */
    public boolean hasUdpFeed()
    {
        return hasUdp(feedUnicast, feedGroup);
    }

    private static boolean hasUdp(final List<InetSocketAddress> unicast, final InetSocketAddress group)
    {
        return !unicast.isEmpty() || group != null;
    }

    private static void checkPort(final String what, final int port)
    {
        if (port < 0 || port > 65_535)
        {
            throw new IllegalArgumentException(what + " port " + port + " is not a port (0 to 65535)");
        }
    }
}
