package io.sonde.exchange.cluster;

import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.Publication;
import io.aeron.cluster.codecs.CloseReason;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.logbuffer.Header;
import io.sonde.exchange.engine.BookEventListener;
import io.sonde.exchange.engine.EngineSnapshot;
import io.sonde.exchange.engine.ExecutionListener;
import io.sonde.exchange.engine.MatchingEngine;
import io.sonde.exchange.protocol.Refusal;
import io.sonde.exchange.protocol.RefusalLog;
import io.sonde.exchange.sbe.EngineStatusQueryDecoder;
import io.sonde.exchange.sbe.FeedEventEncoder;
import io.sonde.exchange.sbe.FeedSnapshotEncoder;
import io.sonde.exchange.sbe.MessageHeaderDecoder;
import io.sonde.exchange.sbe.MessageHeaderEncoder;
import io.sonde.md.FeedPackets;
import org.agrona.DirectBuffer;
import org.agrona.LangUtil;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The matching engine as an Aeron Cluster service. Commands arrive in log order from the gateways (cluster
 * clients); reports go back on the egress of the gateway connection that submitted each order. The service
 * uses nothing but the log and its snapshot, so every member and every replay computes the same books.
 * <p>
 * The engine's market-data events go to every client session, each led by a {@code FeedEvent} with its
 * sequence number: the gateways publish them. Only the leader's egress is sent, so a new leader continues the
 * same numbers. A feed event is offered a few times at most, never waited for: a gateway that misses one sees
 * the gap in the numbers and asks for a snapshot (a {@code FeedSnapshotRequest}), so the order path is never
 * held up by a slow reader.
 */
public final class MatchingService implements ClusteredService
{
    /**
     * How often a back-pressured egress offer is retried before the report is counted as undelivered. The
     * gateway polls egress on every duty cycle, so this only runs out when a gateway has stopped reading;
     * the service must then move on rather than stall every other gateway.
     */
    private static final int EGRESS_ATTEMPTS = 10_000;
    private static final int FEED_ATTEMPTS = 3;
    /**
     * The answers kept for commands sent again after a leader change: about three seconds of a gateway's answers at
     * 5,000 orders a second, the same reach as the gateway's own record of what it sent.
     */
    private static final int ANSWERS_KEPT_BYTES = 8 * 1024 * 1024;
    private static final int ANSWERS_KEPT_COMMANDS = 16 * 1024;

    private final List<String> symbols;
    private final AtomicLong undeliveredReports = new AtomicLong();
    private final AtomicLong undeliveredFeedEvents = new AtomicLong();
    private final FeedEgress feed = new FeedEgress();
    private final RefusalLog refusedCommands = new RefusalLog("matching service");
    private final HopStamping hopStamps = new HopStamping();
    private final CommandAnswers answers = new CommandAnswers(ANSWERS_KEPT_BYTES, ANSWERS_KEPT_COMMANDS);
    private final Reports reports = new Reports();
    private volatile Cluster.Role role = Cluster.Role.FOLLOWER;
    private final Object backgroundChange = new Object();
    private volatile Agent requestedBackground;
    private volatile Agent runningBackground;
    private final MessageHeaderDecoder commandHeader = new MessageHeaderDecoder();
    private volatile Consumer<StatusQuery> engineStatusListener;
    private MatchingEngine engine;
    private Cluster cluster;
    private IdleStrategy idle;

    public MatchingService(final List<String> symbols)
    {
        this.symbols = List.copyOf(symbols);
    }

    public void onStart(final Cluster cluster, final Image snapshotImage)
    {
        this.cluster = cluster;
        this.idle = cluster.idleStrategy();
        engine = new MatchingEngine(symbols, reports, feed);
        if (snapshotImage != null)
        {
            loadSnapshot(snapshotImage);
        }
    }

    public void onSessionOpen(final ClientSession session, final long timestamp)
    {
    }

    public void onSessionClose(final ClientSession session, final long timestamp, final CloseReason closeReason)
    {
    }

    public void onSessionMessage(
        final ClientSession session,
        final long timestamp,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final Header header)
    {
        hopStamps.onCommand(buffer, offset, length, session.id());
        answers.onCommand(buffer, offset, length, session.id());
        final Refusal refusal = engine.onCommand(buffer, offset, length, session.id(), clusterNanos(timestamp));
        hopStamps.onCommandDone();
        answers.onCommandDone();
        if (refusal != null)
        {
            refusedCommands.onRefused(refusal, buffer, offset, length);
        }
        else if (engineStatusListener != null &&
            commandHeader.wrap(buffer, offset).templateId() == EngineStatusQueryDecoder.TEMPLATE_ID)
        {
            engineStatusListener.accept(new StatusQuery(
                engine.ordersAccepted(), engine.openOrderCount(), engine.trades(), engine.digest()));
        }
    }

    /**
     * Tell {@code listener}, on the service's thread, what this member's engine answered each status query with,
     * whatever its role: only the leader's answer leaves by egress, and a member process prints its own so that
     * whoever started the three can see that they agree.
     */
    public void onEngineStatus(final Consumer<StatusQuery> listener)
    {
        engineStatusListener = listener;
    }

    /**
     * The cluster's timestamps are in its own unit (milliseconds unless configured otherwise); market-data
     * events carry nanoseconds since the epoch. The unit is known once the log is joined, not at start.
     */
    private long clusterNanos(final long timestamp)
    {
        return cluster.timeUnit().toNanos(timestamp);
    }

    /**
     * Run {@code agent} on the service's thread, after the service's own work on every duty cycle, until
     * {@link #stopBackground}: so a gateway in the same process shares the service's thread instead of having
     * one of its own. The agent starts and closes on the service's thread.
     *
     * @return false when the service's thread did not start it within the timeout (it may not be running).
     */
    public boolean runInBackground(final Agent agent, final long timeout, final TimeUnit unit)
        throws InterruptedException
    {
        requestedBackground = agent;
        return awaitBackground(agent, timeout, unit);
    }

    /**
     * Stop running the background agent and wait until the service's thread has closed it.
     *
     * @return false when the service's thread did not close it within the timeout (it may have stopped).
     */
    public boolean stopBackground(final long timeout, final TimeUnit unit) throws InterruptedException
    {
        requestedBackground = null;
        return awaitBackground(null, timeout, unit);
    }

    public int doBackgroundWork(final long nowNs)
    {
        final Agent requested = requestedBackground;
        if (requested != runningBackground)
        {
            switchBackground(requested);
        }
        final Agent background = runningBackground;
        if (background == null)
        {
            return 0;
        }
        try
        {
            return background.doWork();
        }
        catch (final Exception ex)
        {
            LangUtil.rethrowUnchecked(ex);
            return 0;
        }
    }

    private void switchBackground(final Agent requested)
    {
        final Agent previous = runningBackground;
        try
        {
            if (previous != null)
            {
                previous.onClose();
            }
            if (requested != null)
            {
                requested.onStart();
            }
        }
        finally
        {
            synchronized (backgroundChange)
            {
                runningBackground = requested;
                backgroundChange.notifyAll();
            }
        }
    }

    private boolean awaitBackground(final Agent expected, final long timeout, final TimeUnit unit)
        throws InterruptedException
    {
        final long deadline = System.nanoTime() + unit.toNanos(timeout);
        synchronized (backgroundChange)
        {
            while (runningBackground != expected)
            {
                final long remainingMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (remainingMs <= 0)
                {
                    return false;
                }
                backgroundChange.wait(remainingMs);
            }
        }
        return true;
    }

    public void onTimerEvent(final long correlationId, final long timestamp)
    {
    }

    public void onTakeSnapshot(final ExclusivePublication snapshotPublication)
    {
        EngineSnapshot.write(engine, (buffer, offset, length) ->
        {
            idle.reset();
            long result;
            while ((result = snapshotPublication.offer(buffer, offset, length)) < 0)
            {
                if (result == Publication.CLOSED || result == Publication.NOT_CONNECTED ||
                    result == Publication.MAX_POSITION_EXCEEDED)
                {
                    throw new IllegalStateException("snapshot publication failed: " + Publication.errorString(result));
                }
                idle.idle();
            }
        });
    }

    public void onRoleChange(final Cluster.Role newRole)
    {
        role = newRole;
    }

    public void onTerminate(final Cluster cluster)
    {
    }

    public Cluster.Role role()
    {
        return role;
    }

    /**
     * Reports that could not be delivered because the gateway connection was gone or stopped reading.
     */
    public long undeliveredReports()
    {
        return undeliveredReports.get();
    }

    /**
     * Market-data events a client session did not take at once (gone, or behind in reading): it recovers them
     * from a snapshot.
     */
    public long undeliveredFeedEvents()
    {
        return undeliveredFeedEvents.get();
    }

    /**
     * Messages in the log that are no command of the exchange's protocol: only a foreign cluster client sends
     * them, and ignoring them is the same decision on every replica.
     */
    public long refusedCommands()
    {
        return refusedCommands.count();
    }

    private void loadSnapshot(final Image snapshotImage)
    {
        final EngineSnapshot loader = EngineSnapshot.loaderInto(engine);
        idle.reset();
        while (!loader.isComplete())
        {
            final int fragments = snapshotImage.poll(
                (buffer, offset, length, header) -> loader.onMessage(buffer, offset, length), 1);
            if (fragments == 0 && snapshotImage.isEndOfStream())
            {
                throw new IllegalStateException("snapshot ended before its end marker");
            }
            idle.idle(fragments);
        }
    }

    /**
     * The engine's reports, each to its gateway connection: led by the hop stamps and the command's number where
     * they apply, and kept to answer the command again should its gateway send it again.
     */
    private final class Reports implements ExecutionListener
    {
        private ClientSession to;
        private final CommandAnswers.Offer answerAgain = (buffer, offset, length) -> offer(to, buffer, offset, length);

        public void onEvent(final long clusterSessionId, final DirectBuffer buffer, final int offset, final int length)
        {
            final ClientSession session = cluster.getClientSession(clusterSessionId);
            if (session == null)
            {
                undeliveredReports.incrementAndGet();
                return;
            }
            DirectBuffer event = buffer;
            int eventOffset = offset;
            int eventLength = length;
            if (hopStamps.answers(clusterSessionId))
            {
                event = hopStamps.lead(buffer, offset, length);
                eventOffset = 0;
                eventLength = hopStamps.stampedLength();
            }
            if (answers.answers(clusterSessionId))
            {
                event = answers.keep(event, eventOffset, eventLength);
                eventOffset = 0;
                eventLength = answers.keptLength();
            }
            offer(session, event, eventOffset, eventLength);
        }

        public boolean answerAgain(final long clusterSessionId, final long gatewayId, final long commandSequence)
        {
            to = cluster.getClientSession(clusterSessionId);
            return to != null && answers.answerAgain(gatewayId, commandSequence, answerAgain);
        }
    }

    /**
     * The engine's market-data events, each framed behind an exchange-schema message that says what it is.
     */
    private final class FeedEgress implements BookEventListener
    {
        private static final int FEED_EVENT_LENGTH =
            MessageHeaderEncoder.ENCODED_LENGTH + FeedEventEncoder.BLOCK_LENGTH;
        private static final int FEED_SNAPSHOT_LENGTH =
            MessageHeaderEncoder.ENCODED_LENGTH + FeedSnapshotEncoder.BLOCK_LENGTH;

        private final UnsafeBuffer framed =
            new UnsafeBuffer(new byte[FEED_EVENT_LENGTH + FeedPackets.MAX_MESSAGE_LENGTH]);
        private final MessageHeaderEncoder header = new MessageHeaderEncoder();
        private final FeedEventEncoder feedEvent = new FeedEventEncoder();
        private final FeedSnapshotEncoder feedSnapshot = new FeedSnapshotEncoder();
        private final Consumer<ClientSession> sendToSession = this::sendFramed;
        private int framedLength;

        public void onBookEvent(final long sequence, final DirectBuffer buffer, final int offset, final int length)
        {
            feedEvent.wrapAndApplyHeader(framed, 0, header).sequence(sequence);
            framed.putBytes(FEED_EVENT_LENGTH, buffer, offset, length);
            framedLength = FEED_EVENT_LENGTH + length;
            cluster.forEachClientSession(sendToSession);
        }

        public void onBookSnapshot(
            final long clusterSessionId, final DirectBuffer buffer, final int offset, final int length)
        {
            feedSnapshot.wrapAndApplyHeader(framed, 0, header);
            framed.putBytes(FEED_SNAPSHOT_LENGTH, buffer, offset, length);
            final ClientSession session = cluster.getClientSession(clusterSessionId);
            if (session == null)
            {
                undeliveredReports.incrementAndGet();
                return;
            }
            offer(session, framed, 0, FEED_SNAPSHOT_LENGTH + length);
        }

        private void sendFramed(final ClientSession session)
        {
            for (int attempt = 0; attempt < FEED_ATTEMPTS; attempt++)
            {
                final long result = session.offer(framed, 0, framedLength);
                if (result > 0)
                {
                    return;
                }
                if (result != Publication.BACK_PRESSURED && result != Publication.ADMIN_ACTION)
                {
                    break;
                }
            }
            undeliveredFeedEvents.incrementAndGet();
        }
    }

    private void offer(final ClientSession session, final DirectBuffer buffer, final int offset, final int length)
    {
        idle.reset();
        for (int attempt = 0; attempt < EGRESS_ATTEMPTS; attempt++)
        {
            final long result = session.offer(buffer, offset, length);
            if (result > 0)
            {
                return;
            }
            if (result != Publication.BACK_PRESSURED && result != Publication.ADMIN_ACTION)
            {
                break;
            }
            idle.idle();
        }
        undeliveredReports.incrementAndGet();
    }
}
