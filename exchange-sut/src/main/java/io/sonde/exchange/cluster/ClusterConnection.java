package io.sonde.exchange.cluster;

import io.aeron.Aeron;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.ControlledEgressListener;
import io.aeron.exceptions.AeronException;
import io.sonde.fix.engine.InvokedDuty;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How a client (the gateway, a status query) reaches the cluster: over IPC when it shares the member's
 * media driver (the embedded exchange), otherwise over UDP to every member's ingress port.
 *
 * @param drivingDuty for a client whose driver is run by the very duty whose thread uses the client (a gateway
 *                    on its engine's duty): its waits (connecting, following a new leader) run that driver, or
 *                    they would wait on themselves; null when another thread runs the driver.
 */
public record ClusterConnection(
    String aeronDirectoryName, List<ClusterMember> members, boolean ipc, InvokedDuty drivingDuty)
{
    private static final long CONNECT_ATTEMPT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);

    /**
     * A client in the same process as a single member, on its driver.
     */
    public static ClusterConnection sameDriver(final ClusterNode node)
    {
        return new ClusterConnection(node.aeronDirectoryName(), List.of(node.member()), true, null);
    }

    /**
     * A client on its own driver ({@code aeronDirectoryName}) reaching the members over UDP.
     */
    public static ClusterConnection overUdp(final String aeronDirectoryName, final List<ClusterMember> members)
    {
        return new ClusterConnection(aeronDirectoryName, List.copyOf(members), false, null);
    }

    /**
     * The same connection for a client whose driver runs on the thread that uses it.
     */
    public ClusterConnection drivenBy(final InvokedDuty duty)
    {
        return new ClusterConnection(aeronDirectoryName, members, ipc, duty);
    }

    /**
     * Connect, retrying while no leader answers (an election after start-up or a failover), until the
     * deadline.
     *
     * @throws IllegalStateException naming the members when no leader answered in time.
     */
    public AeronCluster connect(final ControlledEgressListener listener, final long timeout, final TimeUnit unit)
    {
        final long deadline = System.nanoTime() + unit.toNanos(timeout);
        AeronException lastFailure = null;
        while (System.nanoTime() < deadline)
        {
            try
            {
                return AeronCluster.connect(context(listener));
            }
            catch (final AeronException ex)
            {
                lastFailure = ex;
            }
        }
        throw new IllegalStateException("no cluster leader answered within " + unit.toSeconds(timeout) + " s at " +
            ClusterMember.ingressEndpoints(members) + (lastFailure == null ? "" : ": " + lastFailure.getMessage()));
    }

    private AeronCluster.Context context(final ControlledEgressListener listener)
    {
        final AeronCluster.Context context = new AeronCluster.Context()
            .aeronDirectoryName(aeronDirectoryName)
            .controlledEgressListener(listener)
            .messageTimeoutNs(CONNECT_ATTEMPT_TIMEOUT_NS);
        if (drivingDuty != null)
        {
            // The client's conductor is invoked too: by its waits here, then by the gateway's duty cycle.
            context.idleStrategy(drivingDuty.idleWhileWaiting())
                .agentInvoker(drivingDuty.driverWhileWaiting())
                .aeron(Aeron.connect(new Aeron.Context()
                    .aeronDirectoryName(aeronDirectoryName)
                    .useConductorAgentInvoker(true)
                    .driverAgentInvoker(drivingDuty.driverWhileWaiting())))
                .ownsAeronClient(true);
        }
        if (ipc)
        {
            return context.ingressChannel("aeron:ipc").egressChannel("aeron:ipc");
        }
        final String host = members.get(0).host();
        return context
            .ingressChannel("aeron:udp")
            .ingressEndpoints(ClusterMember.ingressEndpoints(members))
            .egressChannel("aeron:udp?endpoint=" + (isLoopback(host) ? host : reachableLocalAddress()) + ":0");
    }

    /**
     * The members send egress to the address this client names, so it must be one they can reach: this
     * host's own address (in a container, the container's address on its network).
     */
    private static String reachableLocalAddress()
    {
        try
        {
            return InetAddress.getLocalHost().getHostAddress();
        }
        catch (final UnknownHostException ex)
        {
            throw new IllegalStateException("cannot find this host's address for the cluster's egress: " +
                ex.getMessage(), ex);
        }
    }

    private static boolean isLoopback(final String host)
    {
        return host.startsWith("127.") || host.equals("localhost");
    }
}
