package io.sonde.exchange.host;

import io.sonde.api.ExchangeSpec;
import io.sonde.api.InvalidOptionException;
import io.sonde.exchange.feed.FeedSettings;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * The market-data options of an {@link ExchangeSpec}, read into {@link FeedSettings}: the spec has checked which go
 * together; this reads the addresses and finds the interface, and every problem is an
 * {@link InvalidOptionException} whose message starts with the option it concerns.
 */
final class FeedOptions
{
    private static final String UDP = ExchangeSpec.MD_UDP.toString();
    private static final String MULTICAST = ExchangeSpec.MD_MULTICAST.toString();
    private static final String INTERFACE = ExchangeSpec.MD_INTERFACE.toString();

    private FeedOptions()
    {
    }

    /**
     * @return {@link FeedSettings#OFF} when no feed is asked for.
     */
    static FeedSettings parse(final ExchangeSpec spec)
    {
        final int port = spec.marketDataSnapshotPort().orElse(0);
        if (spec.marketDataUdp().isPresent())
        {
            return FeedSettings.unicast(destinations(spec.marketDataUdp().get()), port);
        }
        if (spec.marketDataMulticast().isPresent())
        {
            return multicast(spec.marketDataMulticast().get(), spec.marketDataInterface().orElseThrow(), port);
        }
        return FeedSettings.OFF;
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
            throw new InvalidOptionException(MULTICAST + ": " + group.getAddress().getHostAddress() +
                " is not a multicast group (224.0.0.0 to 239.255.255.255)");
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
                throw new InvalidOptionException(INTERFACE + ": no network interface is named '" + name + "'");
            }
        }
        catch (final SocketException ex)
        {
            throw new InvalidOptionException(INTERFACE + ": '" + name + "' cannot be read: " + ex.getMessage(), ex);
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
            throw new InvalidOptionException(option + ": '" + text + "' is not HOST:PORT");
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
            throw new InvalidOptionException(option + ": '" + text + "' has no port number after its ':'", ex);
        }
        if (port < 1 || port > 65_535)
        {
            throw new InvalidOptionException(option + ": port " + port + " of '" + text + "' is not 1 to 65535");
        }
        try
        {
            return new InetSocketAddress(InetAddress.getByName(host), port);
        }
        catch (final UnknownHostException ex)
        {
            throw new InvalidOptionException(option + ": host '" + host + "' cannot be resolved", ex);
        }
    }
}
