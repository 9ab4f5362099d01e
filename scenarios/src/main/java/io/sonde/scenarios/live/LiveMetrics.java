package io.sonde.scenarios.live;

import io.sonde.fix.client.order.RejectReasons;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.probe.metrics.MetricsServer;

import java.io.PrintWriter;

/**
 * A command's live metrics endpoint: {@link LiveRunMeters} served over HTTP for Prometheus while the command runs,
 * or nothing at all when {@code --metrics-port} was not given.
 */
public final class LiveMetrics implements AutoCloseable
{
    private static final MetricsServer.Health UP = new MetricsServer.Health(true, "{\"status\": \"UP\"}");

    private final LiveRunMeters meters;
    private final MetricsServer server;

    private LiveMetrics(final LiveRunMeters meters, final MetricsServer server)
    {
        this.meters = meters;
        this.server = server;
    }

    /**
     * @return no endpoint: every step's listener is {@link IntervalListener#NONE}.
     */
    public static LiveMetrics off()
    {
        return new LiveMetrics(null, null);
    }

    /**
     * Serve the meters on {@code host:port} (port 0 for a free one) until closed, and say where on the console.
     */
    public static LiveMetrics serve(final String host, final int port, final PrintWriter console)
    {
        final LiveRunMeters meters = new LiveRunMeters(RejectReasons::name);
        final MetricsServer server = new MetricsServer(host, port, meters::scrape, () -> UP);
        console.printf("live metrics on http://%s:%d/metrics%n", host, server.port());
        return new LiveMetrics(meters, server);
    }

    /**
     * @param targetRate the rate the step offers, per second.
     * @return the listener that feeds the meters from the step's run.
     */
    public IntervalListener nextStep(final double targetRate)
    {
        return meters == null ? IntervalListener.NONE : meters.nextStep(targetRate);
    }

    /**
     * @return the port the endpoint listens on, or -1 when off.
     */
    public int port()
    {
        return server == null ? -1 : server.port();
    }

    public void close()
    {
        if (server != null)
        {
            server.close();
        }
    }
}
