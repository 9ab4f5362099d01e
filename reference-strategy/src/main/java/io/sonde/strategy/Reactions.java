package io.sonde.strategy;

import io.sonde.fix.codecs.OrdType;
import io.sonde.fix.codecs.Side;
import io.sonde.fix.codecs.TimeInForce;
import io.sonde.fix.codecs.builder.NewOrderSingleEncoder;
import io.sonde.fix.engine.WallClock;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.fields.EpochFractionFormat;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.session.Session;

import java.nio.charset.StandardCharsets;

/**
 * The strategy's one reaction to a trigger: a NewOrderSingle that takes the trigger's order. ClOrdID {@code S<n>},
 * the side opposite the trigger's (a bid is sold to, an offer bought from), a limit at the trigger's price for its
 * quantity, immediate or cancel, and the trigger's identity in the echo tag: in Text (58) through the encoder, in any
 * other tag through {@link EchoField}, or nowhere for a market that matches by price. Encoders are reused: nothing is
 * allocated per reaction. The session's BeginString is copied into the header once, and only the body is reset
 * between orders: a whole reset writes FIX 4.4's back, into whatever array the header last wrapped.
 */
final class Reactions
{
    /** Prices travel as fixed point with 4 decimals, as on the feed. */
    static final int PRICE_SCALE = 4;

    private final int echoTag;
    private final StrategyCounts counts;
    private final NewOrderSingleEncoder order = new NewOrderSingleEncoder();
    private final EchoField echo;
    private final Encoder toSend;
    private final char[] clOrdId = new char[21];
    private final char[] identityText = new char[20];
    private final UtcTimestampEncoder transactTime = new UtcTimestampEncoder(EpochFractionFormat.NANOSECONDS);
    private Session session;
    private long reactions;

    /**
     * @param beginString the session's BeginString, which the FIX 4.4 encoder is sent under.
     * @param echoTag     where the trigger's identity goes, {@link StrategySettings#NO_ECHO} for nowhere.
     */
    Reactions(final String beginString, final int echoTag, final StrategyCounts counts)
    {
        this.echoTag = echoTag;
        this.counts = counts;
        final byte[] version = beginString.getBytes(StandardCharsets.US_ASCII);
        order.header().beginStringAsCopy(version, 0, version.length);
        final boolean extraTag = echoTag != StrategySettings.NO_ECHO && echoTag != StrategySettings.TEXT_TAG;
        echo = extraTag ? new EchoField(order, echoTag) : null;
        toSend = extraTag ? echo : order;
        clOrdId[0] = 'S';
    }

    /**
     * @param session the logged-on session reactions go to; null while there is none.
     */
    void session(final Session session)
    {
        this.session = session;
    }

    /**
     * Send the reaction to one trigger, or count it as not sent when no session can take it.
     *
     * @param identity   the trigger's identity: its feed sequence number, or its MDEntryID (278).
     * @param bid        whether the trigger is a bid (it is then sold to).
     * @param price      the trigger's price, fixed point with {@link #PRICE_SCALE} decimals.
     * @param symbol     the trigger's symbol, ASCII.
     */
    void react(
        final long identity, final boolean bid, final long price, final long quantity, final byte[] symbol,
        final int symbolLength)
    {
        counts.onTrigger();
        if (session == null || !session.isActive())
        {
            counts.onReactionNotSent();
            return;
        }
        order.resetMessage();
        order.clOrdID(clOrdId, 1 + LongText.write(++reactions, clOrdId, 1))
            .symbol(symbol, symbolLength)
            .side(bid ? Side.SELL : Side.BUY)
            .transactTime(transactTime.buffer(), transactTime.encode(WallClock.INSTANCE.nanoTime()))
            .orderQty(quantity, 0)
            .ordType(OrdType.LIMIT)
            .price(price, PRICE_SCALE)
            .timeInForce(TimeInForce.IMMEDIATE_OR_CANCEL);
        if (echoTag == StrategySettings.TEXT_TAG)
        {
            order.text(identityText, LongText.write(identity, identityText, 0));
        }
        else if (echo != null)
        {
            echo.identity(identity);
        }
        if (session.trySend(toSend) < 0)
        {
            counts.onReactionNotSent();
            return;
        }
        counts.onReactionSent();
    }
}
