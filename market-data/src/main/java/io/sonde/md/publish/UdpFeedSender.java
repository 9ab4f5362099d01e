package io.sonde.md.publish;

import org.agrona.CloseHelper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ProtocolFamily;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.List;

/**
 * Sends each packet of the feed to every destination through one non-blocking, unconnected datagram channel
 * (so no destination's ICMP "port unreachable" fails a send to another). A datagram the socket had no room for
 * is counted, never waited for: a consumer recovers what it missed from a snapshot.
 */
public final class UdpFeedSender implements AutoCloseable
{
    private final DatagramChannel channel;
    private final InetSocketAddress[] destinations;
    private long datagramsNotSent;
    private boolean sendFailureReported;

    private UdpFeedSender(final DatagramChannel channel, final List<InetSocketAddress> destinations)
    {
        this.channel = channel;
        this.destinations = destinations.toArray(new InetSocketAddress[0]);
    }

    /**
     * @throws IllegalArgumentException when the multicast interface does not exist, naming it.
     * @throws UncheckedIOException     when the socket cannot be opened.
     */
    public static UdpFeedSender open(final FeedSettings settings)
    {
        final List<InetSocketAddress> destinations = settings.multicastGroup() == null ?
            settings.unicast() : List.of(settings.multicastGroup());
        final NetworkInterface networkInterface = settings.multicastGroup() == null ?
            null : networkInterface(settings.multicastInterface());
        DatagramChannel channel = null;
        try
        {
            channel = DatagramChannel.open(familyOf(destinations));
            channel.configureBlocking(false);
            if (networkInterface != null)
            {
                channel.setOption(StandardSocketOptions.IP_MULTICAST_IF, networkInterface);
                channel.setOption(StandardSocketOptions.IP_MULTICAST_LOOP, true);
            }
            return new UdpFeedSender(channel, destinations);
        }
        catch (final IOException ex)
        {
            CloseHelper.quietClose(channel);
            throw new UncheckedIOException("cannot open the feed's datagram socket: " + ex.getMessage(), ex);
        }
    }

    /**
     * Send one packet to every destination.
     *
     * @param datagram the packet, positioned at its start; its position is restored for each destination.
     */
    public void send(final ByteBuffer datagram)
    {
        final int start = datagram.position();
        for (final InetSocketAddress destination : destinations)
        {
            datagram.position(start);
            try
            {
                if (channel.send(datagram, destination) == 0)
                {
                    datagramsNotSent++;
                }
            }
            catch (final IOException ex)
            {
                datagramsNotSent++;
                reportOnce(destination, ex);
            }
        }
    }

    public long datagramsNotSent()
    {
        return datagramsNotSent;
    }

    public void close()
    {
        CloseHelper.quietClose(channel);
    }

    private void reportOnce(final InetSocketAddress destination, final IOException ex)
    {
        if (!sendFailureReported)
        {
            sendFailureReported = true;
            System.err.println("[gateway] feed packet to " + destination + " not sent: " + ex +
                " (further failures are only counted)");
        }
    }

    private static NetworkInterface networkInterface(final String name)
    {
        try
        {
            final NetworkInterface found = NetworkInterface.getByName(name);
            if (found == null)
            {
                throw new IllegalArgumentException("no network interface is named '" + name + "'");
            }
            return found;
        }
        catch (final SocketException ex)
        {
            throw new IllegalArgumentException("network interface '" + name + "' cannot be read: " +
                ex.getMessage(), ex);
        }
    }

    /**
     * An IPv4 socket for IPv4 destinations: an IPv6 socket would convert each address on every send.
     */
    private static ProtocolFamily familyOf(final List<InetSocketAddress> destinations)
    {
        for (final InetSocketAddress destination : destinations)
        {
            if (destination.getAddress() instanceof Inet6Address)
            {
                return StandardProtocolFamily.INET6;
            }
        }
        return StandardProtocolFamily.INET;
    }
}
