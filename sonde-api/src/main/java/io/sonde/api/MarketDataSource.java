package io.sonde.api;

import java.util.Locale;
import java.util.Optional;

/**
 * Where a run reads the venue's public market data to time its orders' first public events (order-to-tick), as
 * typed after {@code --market-data}:
 * <ul>
 *   <li>{@code udp://HOST:PORT[?snapshot=HOST:PORT][&interface=NAME]}: the exchange's UDP feed, received on a local
 *   address, or on a multicast group joined on the named (else the first multicast-capable) interface; gaps are
 *   recovered from the publisher's snapshot port when one is given;</li>
 *   <li>{@code udp} with {@code --embedded}: the bundled exchange publishes to a loopback port Sonde binds, its
 *   snapshot port known;</li>
 *   <li>{@code fix}: a market data session on the target's FIX gateway (MarketDataRequest for the run's symbols).</li>
 * </ul>
 *
 * @param kind             UDP or FIX.
 * @param feed             the UDP feed's address; empty for {@code udp} alone (embedded) and for {@code fix}.
 * @param snapshot         the publisher's snapshot port; empty when it has none or it is the embedded exchange's.
 * @param networkInterface the interface to join a multicast group on; empty for the default.
 */
public record MarketDataSource(
    MarketDataSource.Kind kind, Optional<Target> feed, Optional<Target> snapshot, Optional<String> networkInterface)
{
    /**
     * What carries the market data.
     */
    public enum Kind
    {
        UDP,
        FIX
    }

    private static final String UDP_SCHEME = "udp://";

    /**
     * @throws InvalidOptionException when the parts do not go together.
     */
    public MarketDataSource
    {
        if (kind == Kind.FIX && (feed.isPresent() || snapshot.isPresent() || networkInterface.isPresent()))
        {
            throw new InvalidOptionException("--market-data fix takes no address: it subscribes on the target's " +
                "FIX gateway");
        }
        if (feed.isEmpty() && (snapshot.isPresent() || networkInterface.isPresent()))
        {
            throw new InvalidOptionException("--market-data: a snapshot port or an interface needs the feed's " +
                "address, udp://HOST:PORT?snapshot=HOST:PORT");
        }
    }

    /**
     * @throws InvalidOptionException quoting what cannot be read.
     */
    public static MarketDataSource parse(final String text)
    {
        final String value = text.trim();
        final String lower = value.toLowerCase(Locale.ROOT);
        if (lower.equals("fix"))
        {
            return new MarketDataSource(Kind.FIX, Optional.empty(), Optional.empty(), Optional.empty());
        }
        if (lower.equals("udp"))
        {
            return new MarketDataSource(Kind.UDP, Optional.empty(), Optional.empty(), Optional.empty());
        }
        if (!lower.startsWith(UDP_SCHEME))
        {
            throw new InvalidOptionException("--market-data '" + value + "' is not udp://HOST:PORT, udp (with " +
                "--embedded) or fix");
        }
        final String rest = value.substring(UDP_SCHEME.length());
        final int query = rest.indexOf('?');
        final Target feed = address(query < 0 ? rest : rest.substring(0, query), value);
        Optional<Target> snapshot = Optional.empty();
        Optional<String> networkInterface = Optional.empty();
        if (query >= 0)
        {
            for (final String parameter : rest.substring(query + 1).split("&"))
            {
                final int equals = parameter.indexOf('=');
                final String name = equals < 0 ? parameter : parameter.substring(0, equals);
                final String argument = equals < 0 ? "" : parameter.substring(equals + 1);
                if (name.equals("snapshot"))
                {
                    snapshot = Optional.of(address(argument, value));
                }
                else if (name.equals("interface") && !argument.isBlank())
                {
                    networkInterface = Optional.of(argument);
                }
                else
                {
                    throw new InvalidOptionException("--market-data '" + value + "': '" + parameter + "' is " +
                        "neither snapshot=HOST:PORT nor interface=NAME");
                }
            }
        }
        return new MarketDataSource(Kind.UDP, Optional.of(feed), snapshot, networkInterface);
    }

    /**
     * @return the source as {@link #parse} reads it back.
     */
    public String toString()
    {
        if (kind == Kind.FIX)
        {
            return "fix";
        }
        if (feed.isEmpty())
        {
            return "udp";
        }
        final StringBuilder text = new StringBuilder(UDP_SCHEME).append(feed.get());
        String separator = "?";
        if (snapshot.isPresent())
        {
            text.append(separator).append("snapshot=").append(snapshot.get());
            separator = "&";
        }
        if (networkInterface.isPresent())
        {
            text.append(separator).append("interface=").append(networkInterface.get());
        }
        return text.toString();
    }

    private static Target address(final String hostAndPort, final String value)
    {
        try
        {
            return Target.parse(hostAndPort);
        }
        catch (final InvalidOptionException ex)
        {
            throw new InvalidOptionException("--market-data '" + value + "': " + ex.getMessage(), ex);
        }
    }
}
