package io.sonde.inprocess.run;

import io.sonde.api.InvalidOptionException;
import io.sonde.api.MarketDataSource;
import io.sonde.api.Target;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.channels.DatagramChannel;

/**
 * Where a run receives the exchange's UDP feed and recovers its gaps, decided in one place from
 * {@code --market-data}: the address typed, or for the embedded exchange a free loopback port it publishes to.
 *
 * @param listen           the local address to bind, or the multicast group to join.
 * @param networkInterface the interface to join a group on, or null for the default.
 * @param snapshot         the publisher's snapshot port, or null when it has none.
 */
public record FeedEndpoint(InetSocketAddress listen, String networkInterface, InetSocketAddress snapshot)
{
    /**
     * @return the endpoint of a feed given by its address.
     * @throws InvalidOptionException when an address does not resolve.
     */
    static FeedEndpoint of(final MarketDataSource source)
    {
        return new FeedEndpoint(resolved(source.feed().orElseThrow(), source),
            source.networkInterface().orElse(null),
            source.snapshot().map(snapshot -> resolved(snapshot, source)).orElse(null));
    }

    /**
     * @return a loopback port no socket holds now, for the embedded exchange to publish to and the run to bind.
     */
    static InetSocketAddress freeLoopbackPort()
    {
        try (DatagramChannel probe = DatagramChannel.open(StandardProtocolFamily.INET))
        {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return (InetSocketAddress)probe.getLocalAddress();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("no free loopback port for the market data feed: " + ex.getMessage(), ex);
        }
    }

    private static InetSocketAddress resolved(final Target target, final MarketDataSource source)
    {
        final InetSocketAddress address = new InetSocketAddress(target.host(), target.port());
        if (address.isUnresolved())
        {
            throw new InvalidOptionException("--market-data '" + source + "': host '" + target.host() +
                "' cannot be resolved");
        }
        return address;
    }
}
