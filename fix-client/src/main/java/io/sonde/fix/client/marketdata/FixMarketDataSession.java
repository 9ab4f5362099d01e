package io.sonde.fix.client.marketdata;

import io.sonde.fix.client.session.SessionEvents;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.fix.codecs.builder.MarketDataRequestEncoder;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.IdleStrategy;
import uk.co.real_logic.artio.session.Session;

import java.util.List;

/**
 * The run's market data session on the target's FIX gateway: it asks for the run's symbols once logged on
 * (MarketDataRequest V, snapshot and updates, bids, offers and trades) and hands every refresh to
 * {@link FixMarketDataMessages}. Its library is polled as a duty of the load thread.
 */
public final class FixMarketDataSession implements SessionEvents
{
    /** The MDReqID of the run's one subscription. */
    public static final String REQUEST_ID = "SONDE-TICK";
    private static final int SEND_ATTEMPTS = 1_000;

    private final FixMarketDataMessages messages;
    private SessionPool pool;
    private long disconnects;

    public FixMarketDataSession(final FixMarketDataMessages messages)
    {
        this.messages = messages;
    }

    /**
     * Subscribe on the logged-on {@code pool}'s session to every symbol of the run.
     *
     * @throws IllegalStateException when the request cannot be sent.
     */
    public void subscribe(final SessionPool pool, final List<String> symbols, final IdleStrategy idle)
    {
        this.pool = pool;
        final MarketDataRequestEncoder request = new MarketDataRequestEncoder()
            .mDReqID(REQUEST_ID).subscriptionRequestType('1').marketDepth(0);
        request.mDEntryTypesGroup(3).mDEntryType('0').next().mDEntryType('1').next().mDEntryType('2');
        MarketDataRequestEncoder.RelatedSymGroupEncoder symbol = request.relatedSymGroup(symbols.size());
        for (int i = 0; i < symbols.size(); i++)
        {
            symbol.symbol(symbols.get(i));
            symbol = symbol.next();
        }
        final Session session = pool.session(0);
        for (int attempt = 0; session.trySend(request) < 0; attempt++)
        {
            if (attempt == SEND_ATTEMPTS)
            {
                throw new IllegalStateException("the market data request could not be sent on " +
                    session.compositeKey());
            }
            idle.idle(pool.poll(System.nanoTime()));
        }
    }

    /**
     * @return work done polling the session's library.
     */
    public int poll(final long nowNanos)
    {
        return pool == null ? 0 : pool.poll(nowNanos);
    }

    public FixMarketDataMessages messages()
    {
        return messages;
    }

    /**
     * @return times the session dropped; refreshes missed meanwhile are not recovered.
     */
    public long disconnects()
    {
        return disconnects;
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
        messages.onMessage(messageType, buffer, offset, length, receivedNanos);
    }

    public void onSessionDown(final int sessionIndex, final long nowNanos)
    {
        disconnects++;
    }
}
