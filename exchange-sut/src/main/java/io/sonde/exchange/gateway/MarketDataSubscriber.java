package io.sonde.exchange.gateway;

import uk.co.real_logic.artio.builder.Encoder;

/**
 * Where one FIX session's market data goes: its Artio session in the gateway, a recorder in a test. One per
 * session, made once: subscriptions are told apart by it.
 */
@FunctionalInterface
interface MarketDataSubscriber
{
    /**
     * @return negative when the session is back-pressured (or gone) and the message was not sent, as
     * {@code Session.trySend} does.
     */
    long trySend(Encoder message);
}
