package io.sonde.scenarios.exchange;

import io.sonde.api.ExchangeSpec;
import io.sonde.api.Option;
import io.sonde.exchange.host.ExchangeHost;
import io.sonde.scenarios.cli.SpecOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code sonde exchange}: the options of an {@link ExchangeSpec}, handed to the exchange's hosting
 * ({@link ExchangeHost}), which its member processes and its container run too.
 */
@Command(
    name = "exchange",
    description = {
        "Run the bundled exchange: an Artio FIX 4.4 gateway in front of an Aeron Cluster price-time matching " +
            "engine (limit/market, day/IOC, partial fills, cancel, replace).",
        "",
        "  sonde exchange                              gateway + one-member cluster in this process " +
            "(--threads 1 or 2)",
        "  sonde exchange --nodes 3                    three member processes on loopback + gateway here",
        "  sonde exchange --member-id K --members M    one cluster member (no gateway)",
        "  sonde exchange --members M                  a gateway in front of running members",
        "  sonde exchange --members M --status         the running cluster's counts and state digest",
        "",
        "M is host:port,host:port,host:port: member K uses 5 ports from the K-th port (ingress, consensus, " +
            "log, catch-up, archive). Prints a READY line once it serves; Ctrl-C or SIGTERM stops it cleanly.",
        "Without --users any logon is accepted (fine on loopback, never on a shared network).",
        "With --md-udp or --md-multicast the gateway publishes a market-by-order feed (docs/market-data.md)."
    },
    mixinStandardHelpOptions = true,
    modelTransformer = SpecOptions.class)
public final class ExchangeCommand implements Callable<Integer>, SpecOptions.Taker
{
    @Spec
    private CommandSpec spec;

    public Integer call() throws Exception
    {
        return ExchangeHost.run(SpecOptions.applyTo(ExchangeSpec.builder(), spec).build(),
            spec.commandLine().getOut());
    }

    public List<Option<?>> specOptions()
    {
        return ExchangeSpec.OPTIONS;
    }
}
