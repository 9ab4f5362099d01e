package io.sonde.inprocess.run;

import io.sonde.api.RunReport;
import io.sonde.api.Target;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.ClusterNode;
import io.sonde.exchange.cluster.StatusQuery;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.engine.InvokedDuty;
import io.sonde.inprocess.fault.ExchangeFaults;
import io.sonde.inprocess.fault.RefusedFaults;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.md.publish.FeedSettings;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The bundled exchange started in this process for a run: a one-member cluster and its gateway. This class and
 * {@link ThreeMemberTarget} are the runner's only classes that touch {@code exchange-sut}, an optional dependency:
 * a user who never asks for an embedded exchange never loads it.
 */
final class EmbeddedTarget implements ExchangeTarget
{
    static final String INFRA_THREAD = ClusterNode.infraThread(0);
    static final String SERVICE_THREAD = ClusterNode.SERVICE_THREAD;

    private static final ExchangeFaults NO_FAULTS = new RefusedFaults("the one-member exchange runs in Sonde's " +
        "process and has no leader to lose: needs --nodes 3");

    private final EmbeddedExchange exchange;

    private EmbeddedTarget(final EmbeddedExchange exchange)
    {
        this.exchange = exchange;
    }

    /**
     * Start the gateway and a one-member cluster on a free loopback port; its users are the run's credentials, or
     * anyone when there are none.
     *
     * @param feedDestination where the exchange publishes its market data feed, or null for nowhere.
     */
    static EmbeddedTarget start(
        final LoadPlan plan,
        final Credentials credentials,
        final HostIdle idle,
        final InetSocketAddress feedDestination)
    {
        final UserDirectory users = users(credentials);
        final FeedSettings feed = feedDestination == null ? FeedSettings.OFF :
            new FeedSettings(List.of(feedDestination), null, null, 0);
        return new EmbeddedTarget(EmbeddedExchange.start("127.0.0.1", 0, users, null, plan.symbols(),
            idle::newStrategy, false, feed));
    }

    /**
     * @return the run's credentials as the exchange's only user, or anyone when there are none.
     */
    static UserDirectory users(final Credentials credentials)
    {
        return credentials.isPresent() ?
            UserDirectory.of(Map.of(credentials.username(), String.valueOf(credentials.password()))) :
            UserDirectory.open();
    }

    public Target target()
    {
        return new Target("127.0.0.1", exchange.port());
    }

    public InetSocketAddress feedSnapshot()
    {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), exchange.feedSnapshotPort());
    }

    public InvokedDuty infraDuty()
    {
        return exchange.infraDuty();
    }

    public Map<String, Long> counts()
    {
        final StatusQuery status = StatusQuery.ask(ClusterConnection.sameDriver(exchange.node()), 30, TimeUnit.SECONDS);
        final Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("ordersAccepted", status.ordersAccepted());
        counts.put("trades", status.trades());
        counts.put(RunReport.EXCHANGE_OPEN_ORDERS, status.openOrders());
        counts.put("undeliveredReports", exchange.gateway().undeliveredReports());
        return counts;
    }

    public ExchangeFaults faults()
    {
        return NO_FAULTS;
    }

    public void close()
    {
        exchange.close();
    }
}
