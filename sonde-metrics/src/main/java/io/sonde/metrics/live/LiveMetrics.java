package io.sonde.metrics.live;

import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.metrics.MetricsServer;

import java.util.function.IntFunction;

/**
 * A command's live metrics endpoint: {@link LiveRunMeters} served over HTTP for Prometheus while the command runs,
 * or nothing at all when no port was asked for ({@code --metrics-port} on the command line).
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
     * Serve the meters on {@code host:port} (port 0 for a free one) until closed.
     *
     * @param rejectReasonNames names the runner's reject reason codes, e.g. the FIX transport's taxonomy.
     * @throws java.io.UncheckedIOException when the address cannot be bound.
     */
    public static LiveMetrics serve(final String host, final int port, final IntFunction<String> rejectReasonNames)
    {
        final LiveRunMeters meters = new LiveRunMeters(rejectReasonNames);
        return new LiveMetrics(meters, new MetricsServer(host, port, meters::scrape, () -> UP));
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
