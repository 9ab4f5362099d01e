package io.sonde.scenarios.strategy;

import io.sonde.api.DurationText;
import io.sonde.api.FixVersion;
import io.sonde.api.Option;
import io.sonde.api.StrategySpec;
import io.sonde.loadgen.host.ReadyFile;
import io.sonde.loadgen.host.ShutdownLatch;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.scenarios.cli.SpecOptions;
import io.sonde.strategy.ReferenceStrategy;
import io.sonde.strategy.StrategySettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code sonde strategy}: the reference trading application, for {@code sonde market} to measure tick-to-trade
 * against. It runs under the host's busy-thread claim like {@code sonde acceptor}, says READY once its feed socket is
 * bound, and on Ctrl-C prints what it saw and sent.
 */
@Command(
    name = StrategySpec.COMMAND,
    description = {
        "Run Sonde's reference trading application: it reads triggers from a market's feed (the SBE/UDP feed, or " +
            "FIX market data with --feed fix) and answers each with one IOC NewOrderSingle at the trigger's price, " +
            "echoing the trigger's identity in --echo-tag (or nothing with --no-echo), so 'sonde market' measures " +
            "tick-to-trade against it. It logs on again whenever the market's session ends, so it serves one " +
            "market run after another. See docs/tick-to-trade.md.",
        "Prints a READY line once its feed is bound; stops on Ctrl-C or SIGTERM, printing its counts. A market " +
            "that asks for a password gets the one in SONDE_STRATEGY_PASSWORD."
    },
    mixinStandardHelpOptions = true,
    modelTransformer = SpecOptions.class)
public final class StrategyCommand implements Callable<Integer>, SpecOptions.Taker
{
    /** The password the Logon carries, for a market whose venue profile names one; never on the command line. */
    static final String PASSWORD_VARIABLE = "SONDE_STRATEGY_PASSWORD";

    @Spec
    private CommandSpec spec;

    public Integer call() throws InterruptedException
    {
        final StrategySpec options = SpecOptions.applyTo(StrategySpec.builder(), spec).build();
        final StrategySettings settings = settings(options);
        final PrintWriter out = spec.commandLine().getOut();
        final ReferenceStrategy running;
        try (ShutdownLatch shutdown = new ShutdownLatch("sonde-strategy");
            HostIdle mode = HostIdle.claim(options.idle(), 1, out);
            ReferenceStrategy strategy = new ReferenceStrategy(settings, mode.newStrategy()))
        {
            running = strategy;
            final String line = String.format("sonde strategy: READY: triggers from %s, orders to %s:%d as %s " +
                "(%s, %s; 1 busy thread, %s%s)", feed(strategy), options.marketHost(), options.marketPort(),
                options.senderCompId(), options.fixVersion(), options.echoTag()
                    .map(tag -> "echo in tag " + tag.tag()).orElse("no echo"), mode.describe(),
                options.stall().map(stall -> "; stalls " + DurationText.format(stall.length()) + " every " +
                    DurationText.format(stall.period())).orElse(""));
            out.println(line);
            out.flush();
            ReadyFile.announce(line);
            shutdown.awaitStop();
        }
        out.println("sonde strategy: " + running.counts().describe());
        out.flush();
        return 0;
    }

    public List<Option<?>> specOptions()
    {
        return StrategySpec.OPTIONS;
    }

    private static String feed(final ReferenceStrategy strategy)
    {
        final InetSocketAddress feed = strategy.feedAddress();
        return feed == null ? "FIX market data" : "udp " + feed.getHostString() + ":" + feed.getPort();
    }

    /**
     * The API's spec read into the strategy's own settings: the strategy module knows nothing of the API.
     */
    static StrategySettings settings(final StrategySpec options)
    {
        final InetSocketAddress feed = options.fixFeed() ? null :
            new InetSocketAddress(options.feedHost().orElseThrow(), options.feedPort().orElseThrow());
        return new StrategySettings(feed, options.marketHost(), options.marketPort(), options.senderCompId(),
            options.targetCompId(), beginString(options.fixVersion()),
            options.echoTag().map(tag -> tag.tag()).orElse(StrategySettings.NO_ECHO), options.symbols(),
            options.stall().map(stall -> stall.length()).orElse(Duration.ZERO),
            options.stall().map(stall -> stall.period()).orElse(Duration.ofSeconds(1)),
            System.getenv(PASSWORD_VARIABLE));
    }

    private static String beginString(final FixVersion version)
    {
        return switch (version)
        {
            case FIX_4_2 -> StrategySettings.FIX_4_2;
            case FIX_4_4 -> StrategySettings.FIX_4_4;
            case FIX_5_0_SP2 -> StrategySettings.FIXT_1_1;
        };
    }
}
