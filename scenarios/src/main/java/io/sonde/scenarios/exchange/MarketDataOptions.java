package io.sonde.scenarios.exchange;

import io.sonde.exchange.feed.FeedSettings;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * The market-data options of {@code sonde exchange}, read into {@link FeedSettings}: every problem is an
 * {@link IllegalArgumentException} whose message starts with the option it concerns.
 */
final class MarketDataOptions
{
    static final String UDP = "--md-udp";
    static final String MULTICAST = "--md-multicast";
    static final String INTERFACE = "--md-interface";
    static final String SNAPSHOT_PORT = "--md-snapshot-port";

    private MarketDataOptions()
    {
    }

    /**
     * @param udp           HOST:PORT[,HOST:PORT...] or null.
     * @param multicast     GROUP:PORT or null.
     * @param interfaceName the interface multicast leaves by, or null.
     * @param snapshotPort  the snapshot port, or null for a free one.
     * @return {@link FeedSettings#OFF} when no option is given.
     */
    static FeedSettings parse(
        final String udp, final String multicast, final String interfaceName, final Integer snapshotPort)
    {
        if (udp != null && multicast != null)
        {
            throw new IllegalArgumentException(UDP + " and " + MULTICAST + ": the feed goes to one or the other");
        }
        final int port = snapshotPort(snapshotPort);
        if (udp != null)
        {
            if (interfaceName != null)
            {
                throw new IllegalArgumentException(INTERFACE + " is for " + MULTICAST + ", not " + UDP);
            }
            return FeedSettings.unicast(destinations(udp), port);
        }
        if (multicast != null)
        {
            return multicast(multicast, interfaceName, port);
        }
        if (interfaceName != null || snapshotPort != null)
        {
            throw new IllegalArgumentException((interfaceName != null ? INTERFACE : SNAPSHOT_PORT) + " needs " +
                UDP + " or " + MULTICAST);
        }
        return FeedSettings.OFF;
    }

    private static int snapshotPort(final Integer snapshotPort)
    {
        if (snapshotPort == null)
        {
            return 0;
        }
        if (snapshotPort < 0 || snapshotPort > 65_535)
        {
            throw new IllegalArgumentException(SNAPSHOT_PORT + ": " + snapshotPort + " is not a port (0 to 65535)");
        }
        return snapshotPort;
    }

    private static List<InetSocketAddress> destinations(final String udp)
    {
        final List<InetSocketAddress> destinations = new ArrayList<>();
        for (final String destination : udp.split(",", -1))
        {
            destinations.add(address(UDP, destination.trim()));
        }
        return destinations;
    }

    private static FeedSettings multicast(final String multicast, final String interfaceName, final int port)
    {
        final InetSocketAddress group = address(MULTICAST, multicast.trim());
        if (!group.getAddress().isMulticastAddress())
        {
            throw new IllegalArgumentException(MULTICAST + ": " + group.getAddress().getHostAddress() +
                " is not a multicast group (224.0.0.0 to 239.255.255.255)");
        }
        if (interfaceName == null)
        {
            throw new IllegalArgumentException(MULTICAST + " needs " + INTERFACE + " (the interface to send on)");
        }
        checkInterface(interfaceName);
        return FeedSettings.multicast(group, interfaceName, port);
    }

    private static void checkInterface(final String name)
    {
        try
        {
            if (NetworkInterface.getByName(name) == null)
            {
                throw new IllegalArgumentException(INTERFACE + ": no network interface is named '" + name + "'");
            }
        }
        catch (final SocketException ex)
        {
            throw new IllegalArgumentException(INTERFACE + ": '" + name + "' cannot be read: " + ex.getMessage(), ex);
        }
    }

    /**
     * HOST:PORT, the host a name or an address ([...] around an IPv6 one), the port 1 to 65535.
     */
    private static InetSocketAddress address(final String option, final String text)
    {
        final int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1)
        {
            throw new IllegalArgumentException(option + ": '" + text + "' is not HOST:PORT");
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]"))
        {
            host = host.substring(1, host.length() - 1);
        }
        final int port;
        try
        {
            port = Integer.parseInt(text.substring(colon + 1));
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(option + ": '" + text + "' has no port number after its ':'", ex);
        }
        if (port < 1 || port > 65_535)
        {
            throw new IllegalArgumentException(option + ": port " + port + " of '" + text + "' is not 1 to 65535");
        }
        try
        {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        }
        catch (final UnknownHostException ex)
        {
            throw new IllegalArgumentException(option + ": host '" + host + "' cannot be resolved", ex);
        }
    }
}
