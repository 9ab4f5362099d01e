package io.sonde.exchange.gateway;

import io.sonde.md.publish.FeedSettings;
import org.agrona.concurrent.IdleStrategy;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * How a gateway is started.
 *
 * @param bindHost     address the FIX acceptor listens on.
 * @param port         FIX port, 0 for a free one.
 * @param users        who may log on.
 * @param workDir      the gateway's own folder (its media driver, archive and FIX logs); deleted on close.
 * @param idle         idle strategy of the gateway's threads.
 * @param connectTimeoutSeconds how long to wait for a cluster leader at start.
 * @param logMessages  record every FIX message in the gateway's archive, so resend requests can be
 *                     answered with the original messages; off, a resend gets a gap fill and the archive
 *                     does no work on the order path (sequence numbers restart at every logon anyway).
 * @param limits       what one connection and one remote address may cost the gateway.
 * @param feed         where the gateway publishes the market-data feed, {@link FeedSettings#OFF} for nowhere.
 * @param symbols      the exchange's symbols, the same the cluster trades: the only ones a MarketDataRequest may
 *                     name.
 */
public record GatewaySettings(
    String bindHost,
    int port,
    UserDirectory users,
    Path workDir,
    Supplier<IdleStrategy> idle,
    int connectTimeoutSeconds,
    boolean logMessages,
    ConnectionLimits limits,
    FeedSettings feed,
    List<String> symbols)
{
    public GatewaySettings
    {
        symbols = List.copyOf(symbols);
    }

    /**
     * Settings that publish no market-data feed.
     */
    public GatewaySettings(
        final String bindHost,
        final int port,
        final UserDirectory users,
        final Path workDir,
        final Supplier<IdleStrategy> idle,
        final int connectTimeoutSeconds,
        final boolean logMessages,
        final ConnectionLimits limits,
        final List<String> symbols)
    {
        this(bindHost, port, users, workDir, idle, connectTimeoutSeconds, logMessages, limits, FeedSettings.OFF,
            symbols);
    }

    /**
     * Settings with the default {@link ConnectionLimits}, publishing no market-data feed.
     */
    public GatewaySettings(
        final String bindHost,
        final int port,
        final UserDirectory users,
        final Path workDir,
        final Supplier<IdleStrategy> idle,
        final int connectTimeoutSeconds,
        final boolean logMessages,
        final List<String> symbols)
    {
        this(bindHost, port, users, workDir, idle, connectTimeoutSeconds, logMessages, ConnectionLimits.DEFAULTS,
            symbols);
    }
}
