package io.sonde.exchange.gateway;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.ControlledEgressListener;
import io.aeron.cluster.codecs.SessionMessageHeaderDecoder;
import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.aeron.logbuffer.Header;
import io.sonde.exchange.feed.FeedPublisher;
import io.sonde.exchange.protocol.Refusal;
import io.sonde.exchange.protocol.RefusalLog;
import io.sonde.exchange.sbe.CancelRejectedDecoder;
import io.sonde.exchange.sbe.CommandAnsweredDecoder;
import io.sonde.exchange.sbe.FeedEventDecoder;
import io.sonde.exchange.sbe.FeedSnapshotDecoder;
import io.sonde.exchange.sbe.HopStampsDecoder;
import io.sonde.exchange.sbe.MassCanceledDecoder;
import io.sonde.exchange.sbe.MassStatusEmptyDecoder;
import io.sonde.exchange.sbe.MassStatusEntryDecoder;
import io.sonde.exchange.sbe.MessageHeaderDecoder;
import io.sonde.exchange.sbe.OpenOrderStatusDecoder;
import io.sonde.exchange.sbe.OrderAcceptedDecoder;
import io.sonde.exchange.sbe.OrderCanceledDecoder;
import io.sonde.exchange.sbe.OrderFilledDecoder;
import io.sonde.exchange.sbe.OrderNotOpenDecoder;
import io.sonde.exchange.sbe.OrderRejectedDecoder;
import io.sonde.exchange.sbe.OrderReplacedDecoder;
import org.agrona.DirectBuffer;
import org.agrona.collections.Long2ObjectHashMap;
import uk.co.real_logic.artio.session.Session;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The engine's events on the cluster's egress, each to the FIX session of the owner it concerns, as the report
 * {@link ReportWriter} makes of it (an OrderMassCancelReport, {@link MassCancelReports}), and the market-data feed's
 * events and snapshots to the {@link FeedPublisher}. The first answer to each numbered command is led by the
 * command's number, which tells {@link SentCommands} that everything up to it has been answered. Events are told
 * apart by their header's template id; a message of another schema, or a template the gateway does not know (a
 * newer engine's), is refused and logged by name.
 */
final class EngineEvents implements ControlledEgressListener
{
    private final Long2ObjectHashMap<Session> sessionsByOwner;
    private final ReportWriter reports;
    private final AtomicLong undeliveredReports = new AtomicLong();
    private final AtomicLong leaderChanges = new AtomicLong();
    private final RefusalLog refused = new RefusalLog("gateway");
    private final MessageHeaderDecoder messageHeader = new MessageHeaderDecoder();
    private final OrderAcceptedDecoder orderAccepted = new OrderAcceptedDecoder();
    private final OrderRejectedDecoder orderRejected = new OrderRejectedDecoder();
    private final OrderFilledDecoder orderFilled = new OrderFilledDecoder();
    private final OrderCanceledDecoder orderCanceled = new OrderCanceledDecoder();
    private final OrderReplacedDecoder orderReplaced = new OrderReplacedDecoder();
    private final CancelRejectedDecoder cancelRejected = new CancelRejectedDecoder();
    private final OpenOrderStatusDecoder openOrderStatus = new OpenOrderStatusDecoder();
    private final OrderNotOpenDecoder orderNotOpen = new OrderNotOpenDecoder();
    private final MassStatusEntryDecoder massStatusEntry = new MassStatusEntryDecoder();
    private final MassStatusEmptyDecoder massStatusEmpty = new MassStatusEmptyDecoder();
    private final MassCanceledDecoder massCanceled = new MassCanceledDecoder();
    private final MassCancelReports massCancelReports = new MassCancelReports();
    private final HopStampsDecoder hopStamps = new HopStampsDecoder();
    private final CommandAnsweredDecoder commandAnswered = new CommandAnsweredDecoder();
    private final SessionMessageHeaderDecoder sessionHeader = new SessionMessageHeaderDecoder();
    private long currentTermId = Long.MIN_VALUE;
    private final FeedEventDecoder feedEvent = new FeedEventDecoder();
    private final FeedPublisher feed;
    private final SentCommands sentCommands;

    /**
     * @param sessionsByOwner the FIX sessions logged on here, by owner id; read on the gateway's thread only.
     */
    EngineEvents(
        final Long2ObjectHashMap<Session> sessionsByOwner, final ReportWriter reports, final FeedPublisher feed,
        final SentCommands sentCommands)
    {
        this.sessionsByOwner = sessionsByOwner;
        this.reports = reports;
        this.feed = feed;
        this.sentCommands = sentCommands;
    }

    /**
     * A message of the cluster's egress, behind the session header the cluster put before {@code offset}: one from a
     * leader deposed since (paused, then resumed, its last events still in flight) is dropped, since the gateway
     * has sent its unanswered commands to the new leader, which answers them; the same answers twice would be two
     * reports of one execution.
     */
    public Action onMessage(
        final long clusterSessionId,
        final long timestamp,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final Header header)
    {
        if (offset >= AeronCluster.SESSION_HEADER_LENGTH)
        {
            final int sessionHeaderBlock = offset - SessionMessageHeaderDecoder.BLOCK_LENGTH;
            final long term = sessionHeader.wrap(buffer, sessionHeaderBlock, SessionMessageHeaderDecoder.BLOCK_LENGTH,
                SessionMessageHeaderDecoder.SCHEMA_VERSION).leadershipTermId();
            if (term < currentTermId)
            {
                return Action.CONTINUE;
            }
            currentTermId = term;
        }
        return dispatch(clusterSessionId, timestamp, buffer, offset, length, header);
    }

    private Action dispatch(
        final long clusterSessionId,
        final long timestamp,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final Header header)
    {
        final Refusal refusal = Refusal.checkHeader(messageHeader, buffer, offset, length);
        if (refusal != null)
        {
            refused.onRefused(refusal, buffer, offset, length);
            return Action.CONTINUE;
        }
        final int body = offset + MessageHeaderDecoder.ENCODED_LENGTH;
        final int blockLength = messageHeader.blockLength();
        final int version = messageHeader.version();
        switch (messageHeader.templateId())
        {
            case FeedEventDecoder.TEMPLATE_ID ->
            {
                final long sequence = feedEvent.wrap(buffer, body, blockLength, version).sequence();
                final int eventOffset = body + blockLength;
                feed.onFeedEvent(sequence, buffer, eventOffset, offset + length - eventOffset);
                return Action.CONTINUE;
            }
            case FeedSnapshotDecoder.TEMPLATE_ID ->
            {
                final int messageOffset = body + blockLength;
                feed.onSnapshotMessage(buffer, messageOffset, offset + length - messageOffset);
                return Action.CONTINUE;
            }
            case HopStampsDecoder.TEMPLATE_ID ->
            {
                return onStamped(clusterSessionId, timestamp, buffer, offset, length, header, body, blockLength);
            }
            case CommandAnsweredDecoder.TEMPLATE_ID ->
            {
                sentCommands.onAnswered(commandAnswered.wrap(buffer, body, blockLength, version).commandSequence());
                final int ledLength = MessageHeaderDecoder.ENCODED_LENGTH + blockLength;
                return dispatch(clusterSessionId, timestamp, buffer, offset + ledLength, length - ledLength, header);
            }
            case OrderAcceptedDecoder.TEMPLATE_ID ->
            {
                final Session session = sessionOf(orderAccepted.wrap(buffer, body, blockLength, version).ownerId());
                return session == null ? Action.CONTINUE : reports.orderAccepted(session, orderAccepted);
            }
            case OrderRejectedDecoder.TEMPLATE_ID ->
            {
                final Session session = sessionOf(orderRejected.wrap(buffer, body, blockLength, version).ownerId());
                return session == null ? Action.CONTINUE : reports.orderRejected(session, orderRejected);
            }
            case OrderFilledDecoder.TEMPLATE_ID ->
            {
                final Session session = sessionOf(orderFilled.wrap(buffer, body, blockLength, version).ownerId());
                return session == null ? Action.CONTINUE : reports.orderFilled(session, orderFilled);
            }
            case OrderCanceledDecoder.TEMPLATE_ID ->
            {
                final Session session = sessionOf(orderCanceled.wrap(buffer, body, blockLength, version).ownerId());
                return session == null ? Action.CONTINUE : reports.orderCanceled(session, orderCanceled);
            }
            case OrderReplacedDecoder.TEMPLATE_ID ->
            {
                final Session session = sessionOf(orderReplaced.wrap(buffer, body, blockLength, version).ownerId());
                return session == null ? Action.CONTINUE : reports.orderReplaced(session, orderReplaced);
            }
            case CancelRejectedDecoder.TEMPLATE_ID ->
            {
                final Session session = sessionOf(cancelRejected.wrap(buffer, body, blockLength, version).ownerId());
                return session == null ? Action.CONTINUE : reports.cancelRejected(session, cancelRejected);
            }
            case OpenOrderStatusDecoder.TEMPLATE_ID ->
            {
                final Session session = sessionOf(openOrderStatus.wrap(buffer, body, blockLength, version).ownerId());
                return session == null ? Action.CONTINUE : reports.openOrderStatus(session, openOrderStatus);
            }
            case OrderNotOpenDecoder.TEMPLATE_ID ->
            {
                final Session session = sessionOf(orderNotOpen.wrap(buffer, body, blockLength, version).ownerId());
                return session == null ? Action.CONTINUE : reports.orderNotOpen(session, orderNotOpen);
            }
            case MassStatusEntryDecoder.TEMPLATE_ID ->
            {
                final Session session = sessionOf(massStatusEntry.wrap(buffer, body, blockLength, version).ownerId());
                return session == null ? Action.CONTINUE : reports.massStatusEntry(session, massStatusEntry);
            }
            case MassStatusEmptyDecoder.TEMPLATE_ID ->
            {
                final Session session = sessionOf(massStatusEmpty.wrap(buffer, body, blockLength, version).ownerId());
                return session == null ? Action.CONTINUE : reports.massStatusEmpty(session, massStatusEmpty);
            }
            case MassCanceledDecoder.TEMPLATE_ID ->
            {
                final Session session = sessionOf(massCanceled.wrap(buffer, body, blockLength, version).ownerId());
                return session == null ? Action.CONTINUE : massCancelReports.answered(session, massCanceled);
            }
            default ->
            {
                refused.onRefused(Refusal.UNKNOWN_TEMPLATE, buffer, offset, length);
                return Action.CONTINUE;
            }
        }
    }

    /**
     * Hop stamps lead the event that answers a stamped order, in the same message: the report made of the event
     * carries them, and only that report.
     */
    private Action onStamped(
        final long clusterSessionId,
        final long timestamp,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final Header header,
        final int body,
        final int blockLength)
    {
        hopStamps.wrap(buffer, body, blockLength, messageHeader.version());
        reports.hopStamps(hopStamps.gatewayReadTime(), hopStamps.gatewayOfferTime(), hopStamps.commitTime(),
            hopStamps.eventTime());
        final int stampsLength = MessageHeaderDecoder.ENCODED_LENGTH + blockLength;
        try
        {
            return dispatch(clusterSessionId, timestamp, buffer, offset + stampsLength, length - stampsLength, header);
        }
        finally
        {
            reports.noHopStamps();
        }
    }

    public void onNewLeader(
        final long clusterSessionId, final long leadershipTermId, final int leaderMemberId,
        final String ingressEndpoints)
    {
        leaderChanges.incrementAndGet();
        currentTermId = Math.max(currentTermId, leadershipTermId);
        // Events the old leader sent may not all have come: the new one's book settles it.
        feed.onReconnect();
        // Nor may the commands sent to it have been committed.
        sentCommands.onLeaderChange();
        System.err.println("[gateway] cluster leader is now member " + leaderMemberId);
    }

    /**
     * Reports the engine produced for a FIX session that was not logged on here when they arrived.
     */
    long undeliveredReports()
    {
        return undeliveredReports.get();
    }

    long leaderChanges()
    {
        return leaderChanges.get();
    }

    /**
     * @return the owner's session if it is logged on here, otherwise null, and the report counts as undelivered.
     */
    private Session sessionOf(final long ownerId)
    {
        final Session session = sessionsByOwner.get(ownerId);
        if (session == null || !session.isActive())
        {
            undeliveredReports.incrementAndGet();
            return null;
        }
        return session;
    }
}
