package io.sonde.exchange.gateway;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.exchange.protocol.ProtocolLimits;
import io.sonde.exchange.sbe.CancelOrderEncoder;
import io.sonde.exchange.sbe.MassCancelEncoder;
import io.sonde.exchange.sbe.MassStatusQueryEncoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.exchange.sbe.NewOrderEncoder;
import io.sonde.exchange.sbe.OrderStatusQueryEncoder;
import io.sonde.exchange.sbe.ReplaceOrderEncoder;
import org.agrona.concurrent.UnsafeBuffer;

import java.security.SecureRandom;

/**
 * The gateway's side of the cluster's ingress: one buffer the commands are encoded in, header first, their
 * numbering, and their offer. The state-changing commands (new order, cancel, replace, mass cancel) carry the
 * gateway's id and the next command sequence, which an offer that succeeds takes, so the engine applies each once
 * however often it is sent; every command offered is kept in {@link SentCommands} for a resend after a leader
 * change. Allocation-free: each encoder is a flyweight over the one buffer.
 * <p>
 * Used by the gateway's duty thread only.
 */
final class ClusterCommands
{
    /**
     * The protocol's null gateway id: a command nobody numbered.
     */
    static final long UNNUMBERED = NewOrderEncoder.gatewayIdNullValue();

    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[ProtocolLimits.MAX_MESSAGE_LENGTH]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final NewOrderEncoder newOrder = new NewOrderEncoder();
    private final CancelOrderEncoder cancel = new CancelOrderEncoder();
    private final ReplaceOrderEncoder replace = new ReplaceOrderEncoder();
    private final OrderStatusQueryEncoder status = new OrderStatusQueryEncoder();
    private final MassStatusQueryEncoder massStatus = new MassStatusQueryEncoder();
    private final MassCancelEncoder massCancel = new MassCancelEncoder();
    private final SentCommands sent;
    private final long gatewayId;
    private AeronCluster cluster;
    private long lastCommandSequence;
    private long commandsSent;
    private long clusterBackPressured;

    /**
     * @param gatewayId this run of the gateway, on each state-changing command: never the protocol's null.
     */
    ClusterCommands(final SentCommands sent, final long gatewayId)
    {
        this.sent = sent;
        this.gatewayId = gatewayId;
    }

    /**
     * @return the commands of a new run of the gateway, with an id of its own: random, so a restarted gateway never
     *         reuses one whose commands the engine has applied; never 0 nor the protocol's null, which mean
     *         unnumbered.
     */
    static ClusterCommands forNewGateway(final SentCommands sent)
    {
        final SecureRandom random = new SecureRandom();
        long id;
        do
        {
            id = random.nextLong();
        }
        while (id == 0 || id == UNNUMBERED);
        return new ClusterCommands(sent, id);
    }

    /**
     * @param cluster the client commands are offered to from now on: a new one after a reconnection.
     */
    void cluster(final AeronCluster cluster)
    {
        this.cluster = cluster;
    }

    /**
     * @return a new order command to fill in, already numbered; then {@link #offer(NewOrderEncoder)}.
     */
    NewOrderEncoder newOrder()
    {
        return newOrder.wrapAndApplyHeader(buffer, 0, header)
            .gatewayId(gatewayId)
            .commandSequence(lastCommandSequence + 1);
    }

    /**
     * @return a cancel command to fill in, already numbered; then {@link #offer(CancelOrderEncoder)}.
     */
    CancelOrderEncoder cancel()
    {
        return cancel.wrapAndApplyHeader(buffer, 0, header)
            .gatewayId(gatewayId)
            .commandSequence(lastCommandSequence + 1);
    }

    /**
     * @return a replace command to fill in, already numbered; then {@link #offer(ReplaceOrderEncoder)}.
     */
    ReplaceOrderEncoder replace()
    {
        return replace.wrapAndApplyHeader(buffer, 0, header)
            .gatewayId(gatewayId)
            .commandSequence(lastCommandSequence + 1);
    }

    /**
     * @return an order status query to fill in; then {@link #offer(OrderStatusQueryEncoder)}.
     */
    OrderStatusQueryEncoder status()
    {
        return status.wrapAndApplyHeader(buffer, 0, header);
    }

    /**
     * @return a mass status query to fill in; then {@link #offer(MassStatusQueryEncoder)}.
     */
    MassStatusQueryEncoder massStatus()
    {
        return massStatus.wrapAndApplyHeader(buffer, 0, header);
    }

    Action offer(final NewOrderEncoder command)
    {
        return offer(command.encodedLength(), true);
    }

    Action offer(final CancelOrderEncoder command)
    {
        return offer(command.encodedLength(), true);
    }

    Action offer(final ReplaceOrderEncoder command)
    {
        return offer(command.encodedLength(), true);
    }

    Action offer(final OrderStatusQueryEncoder command)
    {
        return offer(command.encodedLength(), false);
    }

    Action offer(final MassStatusQueryEncoder command)
    {
        return offer(command.encodedLength(), false);
    }

    /**
     * Cancel every open order of an owner whose session asked for cancel on disconnect and is gone.
     *
     * @return false when the cluster cannot take the command yet: try again on a later duty cycle.
     */
    boolean massCancel(final long ownerId)
    {
        return massCancel(ownerId, "", "") == Action.CONTINUE;
    }

    /**
     * Cancel every open order of an owner, or of one symbol's: an OrderMassCancelRequest, answered by the engine.
     *
     * @param massCancelReqId the request's ClOrdID; empty for a cancel on disconnect, which is not answered.
     * @param symbol          only this symbol's orders; empty for all.
     */
    Action massCancel(final long ownerId, final CharSequence massCancelReqId, final CharSequence symbol)
    {
        massCancel.wrapAndApplyHeader(buffer, 0, header)
            .ownerId(ownerId)
            .gatewayId(gatewayId)
            .commandSequence(lastCommandSequence + 1)
            .massCancelReqId(massCancelReqId)
            .symbol(symbol);
        return offer(massCancel.encodedLength(), true);
    }

    long commandsSent()
    {
        return commandsSent;
    }

    long clusterBackPressured()
    {
        return clusterBackPressured;
    }

    /**
     * Offer the command just encoded, header first, and keep it for a resend. Nothing new goes while a resend is
     * under way, which would put it before older commands in the log; the message is then left with Artio
     * ({@link Action#ABORT}) and offered again.
     *
     * @param numbered whether the command carries the next command sequence, which it has now taken.
     */
    private Action offer(final int messageLength, final boolean numbered)
    {
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + messageLength;
        if (cluster != null && !sent.isResending() && cluster.offer(buffer, 0, length) > 0)
        {
            commandsSent++;
            if (numbered)
            {
                lastCommandSequence++;
            }
            sent.onSent(buffer, 0, length, lastCommandSequence, numbered);
            return Action.CONTINUE;
        }
        clusterBackPressured++;
        return Action.ABORT;
    }
}
