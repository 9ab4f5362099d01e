package io.sonde.market;

import io.sonde.fix.codecs.decoder.MarketDataRequestDecoder;
import uk.co.real_logic.artio.session.Session;

/**
 * Serves the FIX market data subscriptions (MarketDataRequest, V) of the application's sessions from the feed.
 */
interface MarketDataDesk
{
    /**
     * @return false when the answer met back-pressure: the request is offered again, nothing changed.
     */
    boolean onRequest(Session session, MarketDataRequestDecoder request);

    /**
     * The session is gone: its subscriptions end.
     */
    void onDisconnect(Session session);
}
