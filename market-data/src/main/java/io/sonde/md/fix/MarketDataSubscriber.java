package io.sonde.md.fix;

import uk.co.real_logic.artio.builder.Encoder;

/**
 * Where one FIX session's market data goes: its Artio session at the venue, a recorder in a test. One per
 * session, made once: subscriptions are told apart by it.
 */
@FunctionalInterface
public interface MarketDataSubscriber
{
    /**
     * @return negative when the session is back-pressured (or gone) and the message was not sent, as
     * {@code Session.trySend} does.
     */
    long trySend(Encoder message);
}
