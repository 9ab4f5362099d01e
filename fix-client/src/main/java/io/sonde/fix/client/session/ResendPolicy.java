package io.sonde.fix.client.session;

import io.sonde.fix.codecs.MsgType;
import uk.co.real_logic.artio.engine.EngineConfiguration;

import java.util.HashSet;
import java.util.Set;

/**
 * How Sonde answers a venue's ResendRequest: orders are gap-filled, never sent again.
 * <p>
 * A resent order carries PossDupFlag but is still an order: a venue that never processed the original may act on
 * it seconds or minutes after it was meant, long after Sonde timed it out and counted it. Artio gap-fills only
 * session-level messages by default; this adds every message type that places, changes or asks about orders, so
 * the venue's view of the sequence is repaired while nothing Sonde sent arrives late. A gap fill must then cover no
 * order the venue has not processed yet: {@link SequenceHold} sees to it.
 */
public final class ResendPolicy
{
    private static final Set<MsgType> NEVER_RESENT = Set.of(MsgType.NEW_ORDER_SINGLE, MsgType.ORDER_CANCEL_REQUEST,
        MsgType.ORDER_CANCEL_REPLACE_REQUEST, MsgType.ORDER_MASS_STATUS_REQUEST);

    private ResendPolicy()
    {
    }

    /**
     * Make {@code configuration}'s engine gap-fill orders, as well as what Artio gap-fills already.
     */
    public static void gapFillOrders(final EngineConfiguration configuration)
    {
        final Set<String> gapFilled = new HashSet<>(EngineConfiguration.DEFAULT_GAPFILL_ON_REPLAY_MESSAGE_TYPES);
        for (final MsgType type : NEVER_RESENT)
        {
            gapFilled.add(type.representation());
        }
        configuration.gapfillOnReplayMessageTypes(gapFilled);
    }
}
