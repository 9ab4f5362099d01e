package io.sonde.fix.client.order;

import io.sonde.api.BookSpec;
import io.sonde.fix.client.hops.AnswerHops;
import io.sonde.fix.client.profile.ExtraFields;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.HopsByLatency;
import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.loadgen.transport.CompletionHandler;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.EpochClock;
import org.agrona.concurrent.NanoClock;
import uk.co.real_logic.artio.session.Session;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.sonde.fix.client.order.ClOrdIdCodec.NEW_STAGE;

/**
 * Sonde's order flows over Artio sessions, as a loadgen-core {@link io.sonde.loadgen.transport.Transport}: each
 * scheduled request is one order lifecycle ({@link OrderFlow}) whose NewOrderSingle carries the request's sequence and
 * intended start time in its ClOrdID ({@link ClOrdIdCodec}). Reports are matched back through the
 * ClOrdID alone, every lifecycle stage is timed ({@link LifecycleStages}), and every failure is counted by
 * kind. Orders are drawn by {@link RandomOrders} into an {@link OrderTable}; {@link LifecycleReports} moves each
 * on from the venue's reports, {@link FollowUps} sends the cancels and replaces that follow, and a stage left
 * unanswered past the timeout is settled with an OrderStatusRequest ({@link UnansweredOrders}).
 * <p>
 * The book flow draws each request as one action on an order book kept at the venue ({@link BookActions}): a new
 * order goes out as any other, a cancel or replace of a resting order through {@link FollowUps} as a request of its
 * own, intended when the schedule said; {@link BookCloseOut} cancels what still rests once the run is over.
 * <p>
 * A follow-up (cancel, replace) is intended the moment the report that triggers it arrives, so a delay
 * in sending it is measured as lateness, not hidden. Nothing here allocates in steady state; everything
 * runs on the thread that polls the library.
 */
public final class FixOrderTransport implements MeasuredTransport, CarriesExtraFields<FixOrderTransport>
{
    public static final String NEW_ACK = "new-ack";
    public static final String NEW_FILL = "new-fill";
    public static final String REPLACE = "replace";
    public static final String CANCEL = "cancel";
    public static final String PASSIVE_ACK = "passive-ack";
    public static final String AGGRESSIVE_ACK = "aggressive-ack";
    public static final String AGGRESSIVE_FILL = "aggressive-fill";

    private final NanoClock clock;
    private final SessionPool pool;
    private final ClOrdIdCodec clOrdIds;
    private final RandomOrders randomOrders;
    private final OrderTable orders;
    private final FixFailures failures = new FixFailures();
    private final LifecycleStages stages;
    private final OrderEncoders encoders;
    private final SentSequences sentSequences;
    private final FollowUps followUps;
    private final UnansweredOrders unanswered;
    private final LifecycleEnds ends;
    private final ReportMatching matching;
    private final LifecycleReports reports;
    private final InboundOrderMessages inbound;
    private final OrderHops hops;
    private final BookActions book;
    private final BookTally bookTally;
    private final BookReports bookReports;
    private SessionGroupRouter sessionGroups;
    private OrderLedger ledger;

    /**
     * @param clock      nanoTime, for latency.
     * @param epochClock the wall clock, for TransactTime (60).
     */
    public FixOrderTransport(
        final NanoClock clock,
        final EpochClock epochClock,
        final SessionPool pool,
        final ClOrdIdCodec clOrdIds,
        final FlowChooser flowChooser,
        final OrderParameters parameters,
        final int capacity)
    {
        this(clock, epochClock, pool, clOrdIds, flowChooser, parameters, capacity,
            flowChooser.isBook() ? BookSpec.defaults() : null);
    }

    /**
     * @param bookSpec the book the book flow keeps, or null for the other flows.
     */
    public FixOrderTransport(
        final NanoClock clock,
        final EpochClock epochClock,
        final SessionPool pool,
        final ClOrdIdCodec clOrdIds,
        final FlowChooser flowChooser,
        final OrderParameters parameters,
        final int capacity,
        final BookSpec bookSpec)
    {
        this.clock = clock;
        this.pool = pool;
        this.clOrdIds = clOrdIds;
        this.randomOrders = new RandomOrders(flowChooser, parameters);
        this.orders = new OrderTable(capacity, clOrdIds.length(), parameters.longestSymbol());
        this.book = bookSpec == null ? null :
            new BookActions(bookSpec, parameters, clOrdIds.length(), orders.capacity());
        this.stages = new LifecycleStages(orders, book);
        this.bookTally = book == null ? null : new BookTally(stages.phase());
        this.encoders = new OrderEncoders(
            pool.version(), pool.size(), parameters.account(), parameters.messageSize(), epochClock);
        this.sentSequences = new SentSequences(pool.size());
        this.ends = new LifecycleEnds(orders);
        this.followUps = new FollowUps(orders, pool, encoders, clOrdIds, stages, sentSequences, failures, ends);
        this.unanswered = new UnansweredOrders(orders, pool, encoders, clOrdIds, failures);
        this.matching = new ReportMatching(orders, clOrdIds, stages, sentSequences, ends, failures);
        this.hops = new OrderHops(orders);
        this.bookReports = book == null ? null : new BookReports(orders, clOrdIds, book, bookTally, ends);
        this.reports = new LifecycleReports(orders, clOrdIds, stages, followUps, unanswered, matching, ends, failures,
            hops, bookReports);
        this.inbound = new InboundOrderMessages(reports);
    }

    /**
     * @return the lifecycle stages this transport records, to log beside the run's own series.
     */
    public List<PhasedSeries> stages()
    {
        return stages.all();
    }

    /**
     * @return the hops each NewOrderSingle's answer crossed, with what the answers told of the venue's clock.
     */
    public AnswerHops answerHops()
    {
        return hops.hops();
    }

    public List<HopSeries> hops()
    {
        return hops.hops().inPathOrder();
    }

    public HopsByLatency hopsByLatency()
    {
        return hops.hops().byLatency();
    }

    /**
     * @return fill reports received and, of those, fills of day orders after their acknowledgement.
     */
    public Map<String, Long> reportCounts()
    {
        final Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("fillReports", fillReports());
        counts.put("fillsAfterAck", fillsAfterAck());
        return counts;
    }

    /**
     * @return every ExecutionReport with ExecType F received, for any order of this run.
     */
    public long fillReports()
    {
        return reports.fillReports();
    }

    /**
     * @return fills of day orders that arrived after their acknowledgement ended the lifecycle.
     */
    public long fillsAfterAck()
    {
        return reports.fillsAfterAck();
    }

    /**
     * @return what the book flow did; null for the other flows.
     */
    public BookTally bookTally()
    {
        return bookTally;
    }

    /**
     * @return the book flow's resting orders now; read it on the thread that polls, or once the run is over.
     */
    public int restingOrders()
    {
        return book == null ? 0 : book.resting().size();
    }

    /**
     * @return the book flow's target of resting orders: one per level, side and symbol.
     */
    public int restingTarget()
    {
        return book == null ? 0 : book.target();
    }

    /**
     * @return what cancels every order the book flow left resting, to run on the thread that polls once the run
     *         is over; null for the other flows.
     */
    public BookCloseOut bookCloseOut(final long timeoutNanos)
    {
        return bookCloseOut(timeoutNanos, false);
    }

    /**
     * @param massCancel whether to start with an OrderMassCancelRequest per session, where the venue takes one:
     *                   whatever it leaves resting is then cancelled one by one.
     * @return what cancels every order the book flow left resting, to run on the thread that polls once the run
     *         is over; null for the other flows.
     */
    public BookCloseOut bookCloseOut(final long timeoutNanos, final boolean massCancel)
    {
        if (book == null)
        {
            return null;
        }
        final BookMassCancel mass = massCancel ? new BookMassCancel(pool) : null;
        bookReports.massCancel(mass);
        return new BookCloseOut(this, orders, book, bookTally, followUps, clock, timeoutNanos, mass);
    }

    public FixFailures failures()
    {
        return failures;
    }

    /**
     * Ask the venue (OrderStatusRequest) about every order stage still unanswered this long after it was sent,
     * so an order whose answer was lost, in a failover say, is settled rather than left in an unknown state.
     * Off until called; turned off for good when the venue rejects the request type.
     */
    public FixOrderTransport resolveUnansweredAfter(final long nanos)
    {
        unanswered.askAfter(nanos);
        return this;
    }

    /**
     * Send each request on a session of its own group instead of round-robin over all sessions.
     */
    public FixOrderTransport withSessionGroups(final SessionGroupRouter groups)
    {
        if (groups.totalSessions() != pool.size())
        {
            throw new IllegalArgumentException("the session groups have " + groups.totalSessions() +
                " sessions in all, the pool " + pool.size());
        }
        sessionGroups = groups;
        return this;
    }

    /**
     * Tell {@code effects} each order's OrderID, intended start and follow-ups, for matching the venue's public
     * market data to the orders that caused it.
     */
    public FixOrderTransport withPublicEffects(final PublicEffects effects)
    {
        ends.watchedBy(effects);
        return this;
    }

    public FixOrderTransport withExtraFields(
        final ExtraFields newOrderSingle, final ExtraFields cancel, final ExtraFields replace)
    {
        encoders.withExtraFields(newOrderSingle, cancel, replace);
        return this;
    }

    public OrderLedger openLedger(final int capacity)
    {
        if (ledger == null)
        {
            ledger = new OrderLedger(orders, clOrdIds, capacity);
            reports.keepIn(ledger);
        }
        return ledger;
    }

    public int askLedgerStatus(final long nowNanos)
    {
        return ledger == null ? 0 : ledger.ask(pool, encoders, failures, nowNanos);
    }

    public boolean ledgerSettled()
    {
        return ledger == null || ledger.allAnswered();
    }

    public boolean trySend(final long requestId, final long intendedNanos)
    {
        final long nowNanos = clock.nanoTime();
        final int drawn = orders.liveSlot(requestId);
        if (book != null)
        {
            bookTally.sample(nowNanos, book.resting().size());
            final int slot = drawn >= 0 ? drawn : book.draw(orders, requestId, intendedNanos);
            final byte state = orders.state[slot];
            if (state == OrderTable.CANCEL_QUEUED || state == OrderTable.REPLACE_QUEUED)
            {
                if (!followUps.sendNow(slot, nowNanos))
                {
                    return false;
                }
                bookTally.onSent(book.action(slot), intendedNanos, book.resting().size(), book.built());
                return true;
            }
            return sendNew(slot, requestId, intendedNanos, nowNanos);
        }
        final int slot = drawn >= 0 ? drawn : randomOrders.draw(orders, requestId, intendedNanos);
        return sendNew(slot, requestId, intendedNanos, nowNanos);
    }

    private boolean sendNew(final int slot, final long requestId, final long intendedNanos, final long nowNanos)
    {
        final int sessionIndex = sessionGroups == null ?
            pool.nextSendable(nowNanos) : sessionGroups.nextSendable(pool, nowNanos);
        if (sessionIndex < 0)
        {
            return false;
        }
        final Session session = pool.session(sessionIndex);
        orders.clOrdIdLength[slot] = clOrdIds.encode(orders.clOrdId[slot], requestId, NEW_STAGE, intendedNanos);
        if (session.trySend(encoders.newOrder(sessionIndex, session, orders, slot)) < 0)
        {
            failures.sendBackPressure++;
            return false;
        }

        hops.onOffered(slot, clock.nanoTime());
        pool.onSent(sessionIndex);
        sentSequences.remember(sessionIndex, session.lastSentMsgSeqNum(), slot);
        orders.sent(slot, sessionIndex, OrderTable.NEW_SENT, intendedNanos, nowNanos);
        stages.recordSend(slot, intendedNanos, nowNanos);
        if (ledger != null && ledger.isRecording())
        {
            ledger.onSent(slot);
        }
        if (book != null)
        {
            bookTally.onSent(book.action(slot), intendedNanos, book.resting().size(), book.built());
        }
        return true;
    }

    public int poll(final CompletionHandler handler)
    {
        ends.reportTo(handler);
        final int received = pool.poll(clock.nanoTime());
        final long nowNanos = clock.nanoTime();
        return received + followUps.send(nowNanos) + unanswered.poll(nowNanos) + ends.effects().poll();
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
        hops.onRead(readEpochNanos);
        inbound.onMessage(sessionIndex, messageType, buffer, offset, length, receivedNanos);
    }

    public void onSessionDown(final int sessionIndex, final long nowNanos)
    {
        matching.onSessionDown(sessionIndex, nowNanos);
    }
}
