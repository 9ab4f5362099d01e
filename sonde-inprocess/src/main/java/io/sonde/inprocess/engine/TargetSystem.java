package io.sonde.inprocess.engine;

import io.sonde.api.InvalidOptionException;
import io.sonde.api.Target;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.engine.InvokedDuty;
import io.sonde.loadgen.idle.HostIdle;

import java.io.PrintWriter;
import java.util.Map;

/**
 * The system a run or sweep drives: an acceptor somewhere, or the bundled exchange started in this process and
 * stopped on close.
 */
public final class TargetSystem implements AutoCloseable
{
    private static final String EXCHANGE_CLASS = "io.sonde.exchange.EmbeddedExchange";

    private final Target target;
    private final EmbeddedTarget exchange;
    private final HostIdle idle;

    private TargetSystem(final Target target, final EmbeddedTarget exchange, final HostIdle idle)
    {
        this.target = target;
        this.exchange = exchange;
        this.idle = idle;
    }

    /**
     * @throws InvalidOptionException when an embedded exchange is asked for and {@code exchange-sut} is not on the
     *                                classpath.
     */
    public static TargetSystem open(final LoadPlan plan, final Credentials credentials, final PrintWriter console)
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
        final HostIdle idle = HostIdle.claim(plan.load().idle(), plan.busyThreadCount(), console);
        if (!plan.load().embedded())
        {
            return new TargetSystem(plan.load().target().orElseThrow(), null, idle);
        }
        console.println("Starting the embedded exchange (gateway + one-member cluster)...");
        console.flush();
        try
        {
            final EmbeddedTarget exchange = EmbeddedTarget.start(plan, credentials, idle);
            return new TargetSystem(exchange.target(), exchange, idle);
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

    public String describe()
    {
        return exchange == null ? target.toString() : "embedded exchange at " + target;
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
