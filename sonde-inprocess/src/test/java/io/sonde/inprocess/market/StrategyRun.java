package io.sonde.inprocess.market;

import io.sonde.api.FixVersion;
import io.sonde.api.MarketEndpoints;
import io.sonde.api.MarketSpec;
import io.sonde.api.RunOptions;
import io.sonde.api.RunReport;
import io.sonde.api.Stall;
import io.sonde.api.TickToTrade;
import io.sonde.inprocess.Sonde;
import io.sonde.strategy.ReferenceStrategy;
import io.sonde.strategy.StrategyCounts;
import io.sonde.strategy.StrategySettings;
import org.agrona.concurrent.BackoffIdleStrategy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One {@code Sonde.market} run in this JVM with the reference strategy as its application, on loopback: the strategy
 * is started where the market says it listens ({@code onMarketReady}), reading the UDP feed at a free port or FIX
 * market data, and closed once the run has ended. Both back off when idle: the tests share the host's cores.
 */
final class StrategyRun
{
    /** The market's symbols. */
    /** The strategy echoes the trigger in Text (58), the market's default echo tag. */
    static final int ECHO_IN_TEXT = StrategySettings.TEXT_TAG;
    /** The strategy echoes nothing: the market matches by price. */
    static final int NO_ECHO = StrategySettings.NO_ECHO;

    /**
     * Where the strategy takes its triggers from.
     */
    enum Feed
    {
        /** The SBE/UDP feed, to a free loopback port. */
        UDP,
        /** FIX market data on its order session. */
        FIX
    }

    final RunReport report;
    final StrategyCounts counts;
    final String console;

    private StrategyRun(final RunReport report, final StrategyCounts counts, final String console)
    {
        this.report = report;
        this.counts = counts;
        this.console = console;
    }

    /**
     * @return the run's tick-to-trade section.
     */
    TickToTrade tickToTrade()
    {
        return report.tickToTrade().orElseThrow(() -> new AssertionError("a market run has tickToTrade: " + report));
    }

    /**
     * @param spec    the market, to be built here once a UDP feed's destination is set.
     * @param feed    where the strategy reads its triggers.
     * @param echoTag {@link #ECHO_IN_TEXT} or {@link #NO_ECHO}.
     * @param stall   the strategy's scripted stall, or null for none.
     * @return the run's result and the strategy's counts, once it is closed.
     */
    static StrategyRun of(final MarketSpec.Builder spec, final Feed feed, final int echoTag, final Stall stall)
    {
        return of(spec, feed, echoTag, stall, FixVersion.FIX_4_4);
    }

    /**
     * @param version the FIX version of the strategy's order session, the market's ({@code fixVersion}).
     * @return as {@link #of(MarketSpec.Builder, Feed, int, Stall)}.
     */
    static StrategyRun of(
        final MarketSpec.Builder spec, final Feed feed, final int echoTag, final Stall stall, final FixVersion version)
    {
        final InetSocketAddress udp = feed == Feed.UDP ? new InetSocketAddress("127.0.0.1", freeUdpPort()) : null;
        if (udp != null)
        {
            spec.mdUdp(udp.getHostString() + ":" + udp.getPort());
        }
        final MarketSpec market = spec.build();
        final AtomicReference<ReferenceStrategy> strategy = new AtomicReference<>();
        final StringWriter console = new StringWriter();
        final RunReport report;
        try
        {
            report = Sonde.market(market, RunOptions.builder()
                .console(new PrintWriter(console, true))
                .onMarketReady(endpoints -> strategy.set(new ReferenceStrategy(
                    settings(endpoints, udp, echoTag, stall, version), new BackoffIdleStrategy())))
                .build());
        }
        finally
        {
            if (strategy.get() != null)
            {
                strategy.get().close();
            }
        }
        return new StrategyRun(report, strategy.get().counts(), console.toString());
    }

    private static StrategySettings settings(
        final MarketEndpoints endpoints,
        final InetSocketAddress udp,
        final int echoTag,
        final Stall stall,
        final FixVersion version)
    {
        final StrategySettings base = udp != null ?
            StrategySettings.udp(udp, endpoints.fixHost(), endpoints.fixPort()) :
            StrategySettings.fix(TestMarkets.SYMBOLS, endpoints.fixHost(), endpoints.fixPort());
        final StrategySettings echoing = base.withEchoTag(echoTag)
            .withCompIds(StrategySettings.DEFAULT_SENDER_COMP_ID, endpoints.compId())
            .withBeginString(beginString(version));
        return stall == null ? echoing : echoing.withStall(stall.length(), stall.period());
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

    private static int freeUdpPort()
    {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress()))
        {
            return socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("no free UDP port on loopback", ex);
        }
    }
}
