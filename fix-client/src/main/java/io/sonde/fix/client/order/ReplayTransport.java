package io.sonde.fix.client.order;

import io.sonde.fix.client.profile.ExtraFields;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.HopsByLatency;
import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.loadgen.transport.CompletionHandler;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.EpochClock;
import org.agrona.concurrent.NanoClock;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.session.Session;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.sonde.fix.client.order.ClOrdIdCodec.CANCEL_STAGE;
import static io.sonde.fix.client.order.ClOrdIdCodec.NEW_STAGE;

/**
 * Recorded order flow, re-sent as a loadgen-core {@link io.sonde.loadgen.transport.Transport}: request {@code i}
 * is recorded message {@code i} of a {@link RecordedFlow} (a {@link io.sonde.loadgen.schedule.RecordedSchedule}
 * offers them in that order), sent on the session its recorded sender maps to (the n-th distinct sender to session n
 * modulo the sessions) under a ClOrdID Sonde stamps with the request's number, stage and intended time.
 * <p>
 * Each message is its own request, timed from its own intended time to its own answer ({@link ReplayReports}),
 * so a cancel's latency is the cancel's, not its order's lifecycle. A cancel's or replace's OrigClOrdID is the
 * ClOrdID Sonde sent for the message the recorded OrigClOrdID named, rebuilt from that message's number, stage
 * and intended time: the references were resolved when the log was read, so sending looks nothing up and, like
 * the rest of this class, allocates nothing. Everything runs on the thread that polls the library.
 */
public final class ReplayTransport implements MeasuredTransport, CarriesExtraFields<ReplayTransport>
{
    private static final HopsByLatency NO_HOPS = new HopsByLatency(0);

    private final NanoClock clock;
    private final SessionPool pool;
    private final ClOrdIdCodec clOrdIds;
    private final OrderTable orders;
    private final FixFailures failures = new FixFailures();
    private final LifecycleStages stages;
    private final OrderEncoders encoders;
    private final SentSequences sentSequences;
    private final ReportMatching matching;
    private final ReplayReports reports;
    private final InboundOrderMessages inbound;
    private final LifecycleEnds ends;
    private final byte[] messageStages;
    private final int[] refersTo;
    private final char[][] symbols;
    private final char[] sides;
    private final long[] quantities;
    private final long[] pricesCents;
    private final boolean[] ioc;
    private final int[] sessionOf;
    private final long[] sentIntendedNanos;

    /**
     * @param clock       nanoTime, for latency.
     * @param epochClock  the wall clock, for TransactTime (60).
     * @param account     Account (1) on every message, or null for none.
     * @param messageSize the size to pad every NewOrderSingle to, or 0 for no padding.
     * @param capacity    messages in flight at most; must equal the runner's in-flight capacity.
     */
    public ReplayTransport(
        final NanoClock clock,
        final EpochClock epochClock,
        final SessionPool pool,
        final ClOrdIdCodec clOrdIds,
        final RecordedFlow flow,
        final String account,
        final int messageSize,
        final int capacity)
    {
        this.clock = clock;
        this.pool = pool;
        this.clOrdIds = clOrdIds;
        this.orders = new OrderTable(capacity, clOrdIds.length(), flow.longestSymbol());
        this.stages = new LifecycleStages(orders, null);
        this.encoders = new OrderEncoders(pool.version(), pool.size(), account, messageSize, epochClock);
        this.sentSequences = new SentSequences(pool.size());
        this.ends = new LifecycleEnds(orders);
        this.matching = new ReportMatching(orders, clOrdIds, stages, sentSequences, ends, failures);
        this.reports = new ReplayReports(orders, stages, matching, ends);
        this.inbound = new InboundOrderMessages(reports);
        this.messageStages = flow.stages();
        this.refersTo = flow.refersTo();
        this.symbols = flow.symbols();
        this.sides = flow.sides();
        this.quantities = flow.quantities();
        this.pricesCents = flow.pricesCents();
        this.ioc = flow.ioc();
        this.sessionOf = new int[flow.size()];
        for (int i = 0; i < sessionOf.length; i++)
        {
            sessionOf[i] = RecordedFlow.sessionOf(flow.senders()[i], pool.size());
        }
        this.sentIntendedNanos = new long[flow.size()];
    }

    /**
     * @return the series of each message type: new-ack (D), replace (G) and cancel (F).
     */
    public List<PhasedSeries> stages()
    {
        return stages.perMessage();
    }

    /**
     * @return nothing: a replay's messages are each a request of its own, not split into hops.
     */
    public List<HopSeries> hops()
    {
        return List.of();
    }

    /**
     * @return nothing either.
     */
    public HopsByLatency hopsByLatency()
    {
        return NO_HOPS;
    }

    /**
     * @return fill reports received, and reports that came after their request's answer.
     */
    public Map<String, Long> reportCounts()
    {
        final Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("fillReports", fillReports());
        counts.put("reportsAfterAnswer", reportsAfterAnswer());
        return counts;
    }

    public FixFailures failures()
    {
        return failures;
    }

    /**
     * @return every ExecutionReport of a trade received, for any order of this replay.
     */
    public long fillReports()
    {
        return reports.fillReports();
    }

    /**
     * @return reports about an order whose message had already been answered: its fills, an IOC's expiry.
     */
    public long reportsAfterAnswer()
    {
        return reports.reportsAfterAnswer();
    }

    public ReplayTransport withExtraFields(
        final ExtraFields newOrderSingle, final ExtraFields cancel, final ExtraFields replace)
    {
        encoders.withExtraFields(newOrderSingle, cancel, replace);
        return this;
    }

    public boolean trySend(final long requestId, final long intendedNanos)
    {
        final int message = (int)requestId;
        final int sessionIndex = sessionOf[message];
        final long nowNanos = clock.nanoTime();
        final Session session = pool.sendableSession(sessionIndex, nowNanos);
        if (session == null)
        {
            return false;
        }

        final int slot = fill(message, requestId, intendedNanos);
        final int stage = messageStages[message];
        final Encoder encoder;
        if (stage == NEW_STAGE)
        {
            orders.clOrdIdLength[slot] = clOrdIds.encode(orders.clOrdId[slot], requestId, NEW_STAGE, intendedNanos);
            encoder = encoders.newOrder(sessionIndex, session, orders, slot);
        }
        else
        {
            final int original = refersTo[message];
            orders.clOrdIdLength[slot] = clOrdIds.encode(
                orders.clOrdId[slot], original, messageStages[original], sentIntendedNanos[original]);
            orders.pendingClOrdIdLength[slot] =
                clOrdIds.encode(orders.pendingClOrdId[slot], requestId, stage, intendedNanos);
            encoder = stage == CANCEL_STAGE ? encoders.cancel(sessionIndex, orders, slot) :
                encoders.replace(sessionIndex, orders, slot, quantities[message]);
        }
        if (session.trySend(encoder) < 0)
        {
            failures.sendBackPressure++;
            return false;
        }

        pool.onSent(sessionIndex);
        sentSequences.remember(sessionIndex, session.lastSentMsgSeqNum(), slot);
        sentIntendedNanos[message] = intendedNanos;
        orders.sent(slot, sessionIndex, stateOf(stage), intendedNanos, nowNanos);
        stages.recordSend(slot, intendedNanos, nowNanos);
        return true;
    }

    public int poll(final CompletionHandler handler)
    {
        ends.reportTo(handler);
        return pool.poll(clock.nanoTime());
    }

    public void onMessage(
        final int sessionIndex,
        final long messageType,
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final long receivedNanos,
        final long readEpochNanos)
    {
        inbound.onMessage(sessionIndex, messageType, buffer, offset, length, receivedNanos);
    }

    public void onSessionDown(final int sessionIndex, final long nowNanos)
    {
        matching.onSessionDown(sessionIndex, nowNanos);
    }

    /**
     * Claim the request's slot and fill it with the recorded message's order.
     */
    private int fill(final int message, final long requestId, final long intendedNanos)
    {
        final int slot = orders.reuse(requestId);
        orders.symbol(slot, symbols[message], symbols[message].length);
        orders.side[slot] = sides[message];
        orders.quantity[slot] = quantities[message];
        orders.priceCents[slot] = pricesCents[message];
        orders.ioc[slot] = ioc[message];
        orders.newIntendedNanos[slot] = intendedNanos;
        return slot;
    }

    private static byte stateOf(final int stage)
    {
        if (stage == NEW_STAGE)
        {
            return OrderTable.NEW_SENT;
        }
        return stage == CANCEL_STAGE ? OrderTable.CANCEL_SENT : OrderTable.REPLACE_SENT;
    }
}
