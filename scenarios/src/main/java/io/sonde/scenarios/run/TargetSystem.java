package io.sonde.scenarios.run;

import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.StatusQuery;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.engine.InvokedDuty;
import io.sonde.scenarios.cli.TargetConverter.Target;


import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The system a run or sweep drives: an acceptor somewhere ({@code --target}), or the bundled exchange
 * started in this process ({@code --embedded}) and stopped on close.
 */
public final class TargetSystem implements AutoCloseable
{
    private final Target target;
    private final EmbeddedExchange exchange;

    private TargetSystem(final Target target, final EmbeddedExchange exchange)
    {
        this.target = target;
        this.exchange = exchange;
    }

    public static TargetSystem open(final FixLoadOptions load, final Credentials credentials, final PrintWriter console)
    {
        load.checkTarget();
        if (!load.embedded())
        {
            return new TargetSystem(load.target(), null);
        }
        console.println("Starting the embedded exchange (gateway + one-member cluster)...");
        console.flush();
        final EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0, FixLoadOptions.usersFor(credentials),
            null, load.symbols(), load.idle()::newStrategy, false);
        return new TargetSystem(new Target("127.0.0.1", exchange.port()), exchange);
    }

    public Target target()
    {
        return target;
    }

    /**
     * The embedded exchange's infrastructure thread (driver, archive, consensus module), for the client's
     * engine and load agent to join; null for an external target.
     */
    public InvokedDuty infraDuty()
    {
        return exchange == null ? null : exchange.infraDuty();
    }

    public String describe()
    {
        return exchange == null ? target.toString() : "embedded exchange at " + target;
    }

    /**
     * The embedded matching engine's own counts (orders accepted, trades, open orders, undelivered
     * reports), read through the cluster log; null for an external target.
     */
    public Map<String, Long> exchangeCounts()
    {
        if (exchange == null)
        {
            return null;
        }
        final StatusQuery status = StatusQuery.ask(ClusterConnection.sameDriver(exchange.node()), 30, TimeUnit.SECONDS);
        final Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("ordersAccepted", status.ordersAccepted());
        counts.put("trades", status.trades());
        counts.put("openOrders", status.openOrders());
        counts.put("undeliveredReports", exchange.gateway().undeliveredReports());
        return counts;
    }

    public void close()
    {
        if (exchange != null)
        {
            exchange.close();
        }
    }
}
