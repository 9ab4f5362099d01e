package io.sonde.exchange.gateway;

import org.agrona.concurrent.IdleStrategy;

import java.nio.file.Path;
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
 */
public record GatewaySettings(
    String bindHost,
    int port,
    UserDirectory users,
    Path workDir,
    Supplier<IdleStrategy> idle,
    int connectTimeoutSeconds,
    boolean logMessages)
{
}
