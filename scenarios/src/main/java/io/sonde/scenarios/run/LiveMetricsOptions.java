package io.sonde.scenarios.run;

import io.sonde.api.RunOptions;
import io.sonde.scenarios.cli.UserError;
import picocli.CommandLine.Option;

/**
 * {@code --metrics-port} and {@code --metrics-host}: a Prometheus endpoint for watching a long run while it runs.
 */
public final class LiveMetricsOptions
{
    @Option(names = "--metrics-port", description = "Serve live Prometheus metrics (latency percentiles per stage " +
        "of the last interval, target against achieved rate, outcomes, failures by kind, hiccups) at " +
        "http://HOST:PORT/metrics while the command runs; 0 picks a free port. Off unless given.")
    private Integer port;

    @Option(names = "--metrics-host", defaultValue = "127.0.0.1", description = "Address the live metrics " +
        "endpoint binds to (default: ${DEFAULT-VALUE}, loopback only; 0.0.0.0 exposes it to the network).")
    private String host;

    /**
     * @return the options with the live endpoint asked for, or as they were without {@code --metrics-port}.
     * @throws UserError for a port outside 0..65535.
     */
    public RunOptions.Builder applyTo(final RunOptions.Builder options)
    {
        if (port == null)
        {
            return options;
        }
        if (port < 0 || port > 65535)
        {
            throw new UserError("--metrics-port must be in 0..65535: " + port);
        }
        return options.liveMetrics(host, port);
    }
}
