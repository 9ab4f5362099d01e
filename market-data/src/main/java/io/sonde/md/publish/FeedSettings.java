package io.sonde.md.publish;

import java.net.InetSocketAddress;
import java.util.List;

/**
 * Where a gateway publishes the market-data feed: datagrams to each unicast destination, or to one multicast
 * group on a named interface (never both), and the TCP port that serves book snapshots.
 *
 * @param unicast            destinations of every packet; empty when the feed goes to a multicast group or
 *                           nowhere.
 * @param multicastGroup     the group packets go to, or null.
 * @param multicastInterface the name of the interface multicast leaves by (as {@code ip link} lists it); required
 *                           with a group, null otherwise.
 * @param snapshotPort       the TCP port snapshots are served on, 0 for a free one.
 */
public record FeedSettings(
    List<InetSocketAddress> unicast,
    InetSocketAddress multicastGroup,
    String multicastInterface,
    int snapshotPort)
{
    /**
     * No feed published: the gateway still keeps the book from the cluster's feed events.
     */
    public static final FeedSettings OFF = new FeedSettings(List.of(), null, null, 0);

    /**
     * @throws IllegalArgumentException naming what is wrong: an unresolved address, both unicast and multicast,
     *                                  a group that is no multicast address, a group without an interface, or a
     *                                  port out of range.
     */
    public FeedSettings
    {
        unicast = List.copyOf(unicast);
        for (final InetSocketAddress destination : unicast)
        {
            if (destination.isUnresolved())
            {
                throw new IllegalArgumentException("feed destination " + destination.getHostString() +
                    " cannot be resolved");
            }
        }
        if (multicastGroup != null)
        {
            if (!unicast.isEmpty())
            {
                throw new IllegalArgumentException("the feed goes either to unicast destinations or to a multicast " +
                    "group, not both");
            }
            if (multicastGroup.isUnresolved() || !multicastGroup.getAddress().isMulticastAddress())
            {
                throw new IllegalArgumentException("feed group " + multicastGroup.getHostString() +
                    " is not a multicast address");
            }
            if (multicastInterface == null || multicastInterface.isBlank())
            {
                throw new IllegalArgumentException("feed group " + multicastGroup.getHostString() +
                    " needs the name of the interface to send on");
            }
        }
        else if (multicastInterface != null)
        {
            throw new IllegalArgumentException("feed interface " + multicastInterface + " is given without a " +
                "multicast group");
        }
        if (snapshotPort < 0 || snapshotPort > 65_535)
        {
            throw new IllegalArgumentException("feed snapshot port " + snapshotPort + " is not a port (0 to 65535)");
        }
    }

    /**
     * Unicast destinations.
     */
    public static FeedSettings unicast(final List<InetSocketAddress> destinations, final int snapshotPort)
    {
        return new FeedSettings(destinations, null, null, snapshotPort);
    }

    public static FeedSettings multicast(final InetSocketAddress group, final String networkInterface,
        final int snapshotPort)
    {
        return new FeedSettings(List.of(), group, networkInterface, snapshotPort);
    }

    /**
     * @return true when packets go somewhere: only then is a snapshot port opened.
     */
    public boolean enabled()
    {
        return !unicast.isEmpty() || multicastGroup != null;
    }

    /**
     * @return where packets go, for a line at start.
     */
    public String describe()
    {
        if (multicastGroup != null)
        {
            return "multicast " + multicastGroup.getAddress().getHostAddress() + ":" + multicastGroup.getPort() +
                " on " + multicastInterface;
        }
        final StringBuilder text = new StringBuilder("unicast");
        for (final InetSocketAddress destination : unicast)
        {
            text.append(' ').append(destination.getAddress().getHostAddress()).append(':')
                .append(destination.getPort());
        }
        return text.toString();
    }
}
