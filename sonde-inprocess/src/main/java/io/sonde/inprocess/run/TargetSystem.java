package io.sonde.inprocess.run;

import io.sonde.api.InvalidOptionException;
import io.sonde.api.MarketDataSource;
import io.sonde.api.Target;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.engine.InvokedDuty;
import io.sonde.inprocess.fault.ExchangeFaults;
import io.sonde.inprocess.fault.RefusedFaults;
import io.sonde.loadgen.idle.HostIdle;

import java.net.InetSocketAddress;
import java.util.Map;

/**
 * The system a run or sweep drives: an acceptor somewhere, or the bundled exchange started in this process and
 * stopped on close.
 */
public final class TargetSystem implements AutoCloseable
{
    private static final String EXCHANGE_CLASS = "io.sonde.exchange.EmbeddedExchange";

    private final Target target;
    private static final ExchangeFaults NOT_STARTED_HERE = new RefusedFaults("faults on the exchange need the " +
        "bundled exchange's members started by Sonde: --embedded --nodes 3");

    private final ExchangeTarget exchange;
    private final HostIdle idle;
    private final FeedEndpoint feed;
    private final boolean marketDataFix;

    private TargetSystem(
        final Target target, final ExchangeTarget exchange, final HostIdle idle, final FeedEndpoint feed,
        final boolean marketDataFix)
    {
        this.target = target;
        this.exchange = exchange;
        this.idle = idle;
        this.feed = feed;
        this.marketDataFix = marketDataFix;
    }

    /**
     * @throws InvalidOptionException when an embedded exchange is asked for and {@code exchange-sut} is not on the
     *                                classpath.
     */
    public static TargetSystem open(
        final LoadPlan plan, final Credentials credentials, final ProgressConsole console)
    {
        if (plan.load().embedded())
        {
            try
            {
                Class.forName(EXCHANGE_CLASS, false, TargetSystem.class.getClassLoader());
            }
            catch (final ClassNotFoundException ex)
            {
                throw new InvalidOptionException("--embedded needs the bundled exchange on the classpath: add the " +
                    "dependency io.sonde:exchange-sut", ex);
            }
        }
        // What auto decided is said once, in the thread layout at logon; a later change is shown on a terminal only.
        final HostIdle idle = HostIdle.claim(plan.load().idle(), plan.hostBusyThreadCount(), decision ->
        {
        }, change -> console.progress(change, false));
        final MarketDataSource marketData = plan.load().marketData().orElse(null);
        final boolean udp = marketData != null && marketData.kind() == MarketDataSource.Kind.UDP;
        final boolean fix = marketData != null && marketData.kind() == MarketDataSource.Kind.FIX;
        if (!plan.load().embedded())
        {
            return new TargetSystem(plan.load().target().orElseThrow(), null, idle,
                udp ? FeedEndpoint.of(marketData) : null, fix);
        }
        final boolean threeMembers = plan.load().nodes() == 3;
        console.progress(threeMembers ? "Starting the embedded exchange (three member processes backing off when " +
            "idle, gateway in this process)..." : "Starting the embedded exchange (gateway + one-member cluster)...",
            false);
        try
        {
            final FeedEndpoint typed = udp && marketData.feed().isPresent() ? FeedEndpoint.of(marketData) : null;
            final InetSocketAddress destination = !udp ? null :
                typed != null ? typed.listen() : FeedEndpoint.freeLoopbackPort();
            final ExchangeTarget exchange = threeMembers ?
                ThreeMemberTarget.start(plan.symbols(), EmbeddedTarget.users(credentials), idle, destination) :
                EmbeddedTarget.start(plan, credentials, idle, destination);
            final FeedEndpoint feed = !udp ? null : typed != null && typed.snapshot() != null ? typed :
                new FeedEndpoint(destination, null, exchange.feedSnapshot());
            return new TargetSystem(exchange.target(), exchange, idle, feed, fix);
        }
        catch (final RuntimeException ex)
        {
            idle.close();
            throw ex;
        }
    }

    public Target target()
    {
        return target;
    }

    /**
     * @return how the run's busy threads wait, the client's and an embedded exchange's alike.
     */
    public HostIdle idle()
    {
        return idle;
    }

    /**
     * The embedded exchange's infrastructure thread (driver, archive, consensus module), for the client's engine
     * and load agent to join; null for an external target.
     */
    public InvokedDuty infraDuty()
    {
        return exchange == null ? null : exchange.infraDuty();
    }

    /**
     * @return where the run receives the exchange's UDP feed, or null when it reads none.
     */
    public FeedEndpoint feed()
    {
        return feed;
    }

    /**
     * @return the market data read, as a reader of the summary should see it, or null when none is.
     */
    public String marketDataSource()
    {
        if (feed == null)
        {
            return marketDataFix ? "fix (a market data session on " + target + ")" : null;
        }
        return "udp://" + feed.listen().getHostString() + ":" + feed.listen().getPort() + (feed.snapshot() == null ?
            "" : "?snapshot=" + feed.snapshot().getHostString() + ":" + feed.snapshot().getPort());
    }

    public String describe()
    {
        return exchange == null ? target.toString() : "embedded exchange at " + target;
    }

    /**
     * @return what applies faults to the exchange ({@code kill-leader}, ...), or says why it cannot: only the
     *         three-member embedded exchange takes them.
     */
    public ExchangeFaults exchangeFaults()
    {
        return exchange == null ? NOT_STARTED_HERE : exchange.faults();
    }

    /**
     * The embedded matching engine's own counts (orders accepted, trades, open orders, undelivered reports), read
     * through the cluster log; null for an external target.
     */
    public Map<String, Long> exchangeCounts()
    {
        return exchange == null ? null : exchange.counts();
    }

    public void close()
    {
        try
        {
            if (exchange != null)
            {
                exchange.close();
            }
        }
        finally
        {
            idle.close();
        }
    }
}
