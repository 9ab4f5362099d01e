package io.sonde.md.publish;

import io.sonde.api.InvalidOptionException;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A feed's options (the bundled exchange's and sonde market's {@code --md-udp}, {@code --md-multicast},
 * {@code --md-interface}, {@code --md-snapshot-port}), read into {@link FeedSettings}: the spec has checked which go
 * together; this reads the addresses and finds the interface, and every problem is an
 * {@link InvalidOptionException} whose message starts with the option it concerns.
 */
public final class FeedOptions
{
    private FeedOptions()
    {
    }

    /**
     * @param udp          HOST:PORT[,HOST:PORT...], the unicast destinations.
     * @param multicast    GROUP:PORT, when not unicast.
     * @param iface        the interface a multicast feed leaves by: given whenever {@code multicast} is.
     * @param snapshotPort the TCP port serving snapshots, 0 or none for an ephemeral one.
     * @param optionPrefix what the options' names start with, e.g. {@code --md-}: a refusal names the option as
     *                     {@code optionPrefix} + {@code udp}, {@code multicast} or {@code interface}.
     * @return {@link FeedSettings#OFF} when no feed is asked for.
     */
    public static FeedSettings parse(
        final Optional<String> udp, final Optional<String> multicast, final Optional<String> iface,
        final Optional<Integer> snapshotPort, final String optionPrefix)
    {
        final int port = snapshotPort.orElse(0);
        if (udp.isPresent())
        {
            return FeedSettings.unicast(destinations(optionPrefix + "udp", udp.get()), port);
        }
        if (multicast.isPresent())
        {
            return multicast(optionPrefix, multicast.get(), iface.orElseThrow(), port);
        }
        return FeedSettings.OFF;
    }

    private static List<InetSocketAddress> destinations(final String option, final String udp)
    {
        final List<InetSocketAddress> destinations = new ArrayList<>();
        for (final String destination : udp.split(",", -1))
        {
            destinations.add(address(option, destination.trim()));
        }
        return destinations;
    }

    private static FeedSettings multicast(
        final String optionPrefix, final String multicast, final String interfaceName, final int port)
    {
        final String option = optionPrefix + "multicast";
        final InetSocketAddress group = address(option, multicast.trim());
        if (!group.getAddress().isMulticastAddress())
        {
            throw new InvalidOptionException(option + ": " + group.getAddress().getHostAddress() +
                " is not a multicast group (224.0.0.0 to 239.255.255.255)");
        }
        checkInterface(optionPrefix + "interface", interfaceName);
        return FeedSettings.multicast(group, interfaceName, port);
    }

    private static void checkInterface(final String option, final String name)
    {
        try
        {
            if (NetworkInterface.getByName(name) == null)
            {
                throw new InvalidOptionException(option + ": no network interface is named '" + name + "'");
            }
        }
        catch (final SocketException ex)
        {
            throw new InvalidOptionException(option + ": '" + name + "' cannot be read: " + ex.getMessage(), ex);
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
