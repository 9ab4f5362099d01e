package io.sonde.probe.marketdata;

import io.sonde.fix.client.marketdata.FixMarketDataMessages;
import io.sonde.fix.client.marketdata.FixMarketDataSession;
import io.sonde.fix.client.marketdata.MarketDataWatch;
import io.sonde.fix.client.marketdata.OrderToTick;
import io.sonde.fix.client.order.PublicEffects;
import io.sonde.fix.client.session.SessionEvents;
import io.sonde.fix.client.session.SessionLogonException;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.fix.client.session.SessionSettings;
import io.sonde.fix.codecs.decoder_flyweight.BusinessMessageRejectDecoder;
import io.sonde.fix.codecs.decoder_flyweight.RejectDecoder;
import io.sonde.fix.engine.EngineHost;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.probe.config.MarketDataSettings;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.session.Session;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The probe's watch on the venue's public FIX market data: a session of its own beside the order sessions, a
 * MarketDataRequest (V) for the probe's symbol, and fix-client's {@link OrderToTick} matcher fed by the refreshes
 * and told of every probe order. Each order the book should show (a DAY order that rested, any order that traded)
 * is timed from its intended send to the receipt of its first public event ({@code order-to-tick}); one whose
 * event has not come within the wait (the probe's timeout) is counted missing; events of no probe order are only
 * counted.
 * <p>
 * A venue that refuses the session or the request, or does not answer the request within the wait, is said so once
 * in the log and {@link #unavailable()}; the orders are still probed, and nothing about the public feed is counted
 * from then on, so no zero stands in for a measurement. Every method but the getters runs on the probe's thread;
 * the getters are read by the metrics and collector threads.
 */
public final class ProbeMarketData implements PublicEffects, SessionEvents, AutoCloseable
{
    /** How often overdue orders are looked for: a scan of the matcher's table. */
    private static final long SETTLE_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final MarketDataSettings settings;
    private final List<String> symbols;
    private final long waitNanos;
    private final Consumer<String> log;
    private final OrderToTick matcher;
    private final FixMarketDataMessages messages;
    private final FixMarketDataSession session;
    private SessionPool pool;
    private boolean subscribed;
    private boolean answered;
    private long requestedNanos;
    private long refreshesBeforeRequest;
    private long nextSettleNanos;
    private long seenBefore;
    private long missingBefore;
    private volatile String unavailable;
    private volatile long missing;
    private volatile long seen;
    private volatile long others;
    private volatile long consecutiveMissing;
    private volatile boolean up;

    /**
     * @param orders    probe orders followed at once: those open and those whose public event is still due.
     * @param waitNanos how long after its intended send an order's public event may come before it is missing.
     */
    public ProbeMarketData(
        final MarketDataSettings settings,
        final List<String> symbols,
        final int orders,
        final long waitNanos,
        final Consumer<String> log)
    {
        this.settings = settings;
        this.symbols = List.copyOf(symbols);
        this.waitNanos = waitNanos;
        this.log = log;
        this.matcher = new OrderToTick(orders, MarketDataWatch.HELD_EVENTS, MarketDataWatch.HOLD_NANOS);
        this.messages = new FixMarketDataMessages(matcher);
        this.session = new FixMarketDataSession(messages);
    }

    /**
     * @return the order-to-tick series (corrected, uncorrected), for the probe's interval log under the tags
     *         {@code order-to-tick.*}.
     */
    public RequestSeries orderToTick()
    {
        return matcher.series().get(0).measured();
    }

    /**
     * Log the market data session on beside the order sessions ({@code orderSessions}' gateway, logon and version)
     * and ask for the probe's symbols. A venue that will not log it on is said so; the probe goes on without it.
     *
     * @return false when stopped while logging on.
     */
    public boolean open(
        final EngineHost host,
        final SessionSettings orderSessions,
        final Consumer<LibraryConfiguration> library,
        final long logonTimeoutNanos,
        final BooleanSupplier stopRequested)
    {
        final SessionSettings own = sessionSettings(orderSessions);
        final String name = own.senderCompId(0) + " -> " + own.targetCompId();
        try
        {
            pool = new SessionPool(host, own, this, new BackoffIdleStrategy(), library);
            if (!pool.logonAll(logonTimeoutNanos, new BackoffIdleStrategy(), stopRequested))
            {
                return false;
            }
        }
        catch (final SessionLogonException ex)
        {
            CloseHelper.quietClose(pool);
            pool = null;
            unavailable("the venue did not log the market data session on (" + ex.getMessage() + ")");
            return true;
        }
        log.accept("market data session " + name + " logged on; asking for " + String.join(", ", symbols));
        subscribe(System.nanoTime());
        return true;
    }

    /**
     * Receive what the market data session brought, subscribe again after it reconnected, and count the orders
     * whose public event is overdue: a duty of the probe's thread.
     */
    public int poll(final long nowNanos)
    {
        if (pool == null)
        {
            return 0;
        }
        int work = pool.poll(nowNanos);
        if (unavailable != null)
        {
            return work;
        }
        work += matcher.poll(nowNanos);
        final Session fix = pool.session(0);
        if (!subscribed && fix != null && fix.isActive())
        {
            log.accept("market data session back up; asking for " + String.join(", ", symbols) + " again");
            subscribe(nowNanos);
            work++;
        }
        if (!answered && messages.refreshes() > refreshesBeforeRequest)
        {
            answered = true;
            up = true;
            log.accept("market data: the venue answered the request; timing order-to-tick");
        }
        if (messages.unavailable() != null)
        {
            unavailable(messages.unavailable());
        }
        else if (subscribed && !answered && nowNanos - requestedNanos > waitNanos)
        {
            unavailable("the venue did not answer the market data request (MarketDataRequest V for " +
                String.join(", ", symbols) + ") within " + TimeUnit.NANOSECONDS.toMillis(waitNanos) + " ms");
        }
        else if (answered && nowNanos - nextSettleNanos >= 0)
        {
            nextSettleNanos = nowNanos + SETTLE_INTERVAL_NANOS;
            work += matcher.settleOverdue(nowNanos, waitNanos);
            publish();
        }
        return work;
    }

    /**
     * @return whether a probe order's public event is still awaited (the probe then polls closely, so the event
     *         is timed when it arrives).
     */
    public boolean awaiting()
    {
        return unavailable == null && matcher.awaiting() > 0;
    }

    /**
     * @return why order-to-tick is not measured (said once in the log), or null while it is.
     */
    public String unavailable()
    {
        return unavailable;
    }

    /**
     * @return 1 while the venue's market data answers the probe's request and its session is up, else 0.
     */
    public boolean up()
    {
        return up;
    }

    /**
     * @return probe orders the book should have shown whose public event did not come within the wait.
     */
    public long missing()
    {
        return missing;
    }

    /**
     * @return probe orders whose first public event came.
     */
    public long seen()
    {
        return seen;
    }

    /**
     * @return public events of no probe order: others' orders, counted only.
     */
    public long others()
    {
        return others;
    }

    /**
     * @return probe orders in a row whose public event did not come, up to the latest one judged.
     */
    public long consecutiveMissing()
    {
        return consecutiveMissing;
    }

    /**
     * @return the first missing orders, for the summary.
     */
    public List<String> namedMissing()
    {
        return matcher.namedMissing();
    }

    public void onNewAcknowledged(
        final long orderKey, final long requestId, final long intendedNanos, final long sentNanos,
        final boolean expectEvent)
    {
        if (unavailable == null && pool != null)
        {
            matcher.onNewAcknowledged(orderKey, requestId, intendedNanos, sentNanos, expectEvent);
        }
    }

    public void onNoPublicEffect(final long orderKey)
    {
        matcher.onNoPublicEffect(orderKey);
    }

    public void onFollowUpSent(
        final long orderKey, final boolean cancel, final long newIntendedNanos, final long intendedNanos,
        final long sentNanos)
    {
        // The probe times its orders' first public event only: a cancel's is not awaited.
    }

    public void onFollowUpRefused(final long orderKey, final boolean cancel)
    {
    }

    public void onLifecycleEnded(final long orderKey)
    {
        matcher.onLifecycleEnded(orderKey);
    }

    public int poll()
    {
        return poll(System.nanoTime());
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
        if (!answered && (messageType == RejectDecoder.MESSAGE_TYPE ||
            messageType == BusinessMessageRejectDecoder.MESSAGE_TYPE))
        {
            // The session sends nothing but its logon and the request: a reject before any refresh refuses it.
            unavailable("the venue rejected the market data request (MsgType " +
                (messageType == RejectDecoder.MESSAGE_TYPE ? "3, a session Reject" : "j, a BusinessMessageReject") +
                ")");
            return;
        }
        session.onMessage(sessionIndex, messageType, buffer, offset, length, receivedNanos, readEpochNanos);
    }

    public void onSessionDown(final int sessionIndex, final long nowNanos)
    {
        session.onSessionDown(sessionIndex, nowNanos);
        if (unavailable == null)
        {
            log.accept("market data session down: public events are not seen until it is back; orders whose " +
                "event falls in the gap count as missing");
        }
        subscribed = false;
        up = false;
    }

    /**
     * Log the session out (bounded) and close it.
     */
    public void close(final long logoutTimeoutNanos)
    {
        if (answered && unavailable == null)
        {
            publish();
        }
        if (pool != null)
        {
            pool.logoutAll(logoutTimeoutNanos, new BackoffIdleStrategy());
        }
        close();
    }

    public void close()
    {
        CloseHelper.quietClose(pool);
        pool = null;
    }

    private SessionSettings sessionSettings(final SessionSettings orderSessions)
    {
        return orderSessions.marketDataSession(settings.senderCompId(), settings.targetCompId());
    }

    private void subscribe(final long nowNanos)
    {
        session.subscribe(pool, symbols, new BackoffIdleStrategy());
        subscribed = true;
        answered = false;
        requestedNanos = nowNanos;
        refreshesBeforeRequest = messages.refreshes();
    }

    private void publish()
    {
        final long seenNow = matcher.seen();
        final long missingNow = matcher.missing();
        if (missingNow > missingBefore)
        {
            consecutiveMissing = (seenNow > seenBefore ? 0 : consecutiveMissing) + missingNow - missingBefore;
        }
        else if (seenNow > seenBefore)
        {
            consecutiveMissing = 0;
        }
        seenBefore = seenNow;
        missingBefore = missingNow;
        seen = seenNow;
        missing = missingNow;
        others = matcher.unmatched();
    }

    private void unavailable(final String reason)
    {
        if (unavailable == null)
        {
            unavailable = reason;
            up = false;
            log.accept("market data: " + reason + "; order-to-tick is not measured and no public event is " +
                "counted missing; the orders are still probed");
        }
    }
}
