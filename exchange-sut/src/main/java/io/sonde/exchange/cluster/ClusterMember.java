package io.sonde.exchange.cluster;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Where one cluster member listens: five consecutive ports from a base port, for client ingress, consensus,
 * log replication, catch-up and archive control.
 */
public record ClusterMember(int id, String host, int basePort)
{
    public static final int PORTS_PER_MEMBER = 5;

    public ClusterMember
    {
        if (basePort < 1 || basePort + PORTS_PER_MEMBER - 1 > 65_535)
        {
            throw new IllegalArgumentException("member " + id + ": base port " + basePort + " leaves no room for " +
                PORTS_PER_MEMBER + " ports");
        }
    }

    public int ingressPort()
    {
        return basePort;
    }

    public int consensusPort()
    {
        return basePort + 1;
    }

    public int logPort()
    {
        return basePort + 2;
    }

    public int catchupPort()
    {
        return basePort + 3;
    }

    public int archivePort()
    {
        return basePort + 4;
    }

    /**
     * Parse {@code host:port,host:port,...}, member ids in list order.
     *
     * @throws IllegalArgumentException naming the entry that is not {@code host:port}.
     */
    public static List<ClusterMember> parse(final String members)
    {
        final List<ClusterMember> parsed = new ArrayList<>();
        for (final String entry : members.split(","))
        {
            final int colon = entry.lastIndexOf(':');
            if (colon <= 0 || colon == entry.length() - 1)
            {
                throw new IllegalArgumentException("member '" + entry + "' is not host:port");
            }
            try
            {
                parsed.add(new ClusterMember(parsed.size(), entry.substring(0, colon).trim(),
                    Integer.parseInt(entry.substring(colon + 1).trim())));
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException("member '" + entry + "' has no numeric port");
            }
        }
        return List.copyOf(parsed);
    }

    /**
     * Members on 127.0.0.1 whose port ranges were free a moment ago (for tests and the embedded exchange).
     */
    public static List<ClusterMember> onFreeLoopbackPorts(final int count)
    {
        final List<ClusterMember> members = new ArrayList<>();
        int candidate = 20_000 + (int)(ProcessHandle.current().pid() % 20_000);
        while (members.size() < count)
        {
            if (rangeIsFree(candidate))
            {
                members.add(new ClusterMember(members.size(), "127.0.0.1", candidate));
            }
            candidate += PORTS_PER_MEMBER;
            if (candidate > 60_000)
            {
                candidate = 20_000;
            }
        }
        return List.copyOf(members);
    }

    /**
     * The {@code clusterMembers} string the consensus module reads.
     */
    public static String consensusMembers(final List<ClusterMember> members)
    {
        return members.stream()
            .map(m -> m.id + "," + m.host + ":" + m.ingressPort() + "," + m.host + ":" + m.consensusPort() + "," +
                m.host + ":" + m.logPort() + "," + m.host + ":" + m.catchupPort() + "," + m.host + ":" +
                m.archivePort())
            .collect(Collectors.joining("|"));
    }

    /**
     * The {@code ingressEndpoints} string a cluster client reads.
     */
    public static String ingressEndpoints(final List<ClusterMember> members)
    {
        return members.stream().map(m -> m.id + "=" + m.host + ":" + m.ingressPort())
            .collect(Collectors.joining(","));
    }

    private static boolean rangeIsFree(final int basePort)
    {
        for (int port = basePort; port < basePort + PORTS_PER_MEMBER; port++)
        {
            try (ServerSocket ignored = new ServerSocket(port, 1, InetAddress.getLoopbackAddress()))
            {
                ignored.setReuseAddress(true);
            }
            catch (final IOException ex)
            {
                return false;
            }
            try (DatagramSocket ignored = new DatagramSocket(port,
                InetAddress.getLoopbackAddress()))
            {
                ignored.setReuseAddress(true);
            }
            catch (final IOException ex)
            {
                return false;
            }
        }
        return true;
    }
}
