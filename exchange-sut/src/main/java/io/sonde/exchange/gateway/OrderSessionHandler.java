package io.sonde.exchange.gateway;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.fix.codecs.decoder.LogonDecoder;
import io.sonde.fix.codecs.decoder.MarketDataRequestDecoder;
import io.sonde.md.fix.MarketDataSubscriber;
import io.sonde.md.fix.MarketDataSubscriptions;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.session.Session;

import java.nio.charset.StandardCharsets;

/**
 * One logged-on FIX session's messages, on the gateway's thread: admitted through its {@link InboundGate}, then
 * translated into cluster commands; a message from another SenderCompID ends the session, and its end (a logout
 * or a disconnect) ends its market data subscriptions.
 */
final class OrderSessionHandler implements SessionHandler
{
    private static final byte[] ANOTHER_SENDER =
        "SenderCompID differs from the session's".getBytes(StandardCharsets.US_ASCII);

    private final long ownerId;
    private final InboundGate gate;
    private final boolean stampsHops;
    private final OrderTranslator translator;
    private final LoggedOnSessions sessions;
    private final MarketDataSubscriptions marketData;
    private final MarketDataSubscriber subscriber;
    private boolean loggedOn;

    /**
     * @param stampsHops whether the session asked at logon for hop stamps on its answers.
     */
    OrderSessionHandler(
        final long ownerId,
        final String senderCompId,
        final boolean stampsHops,
        final OrderTranslator translator,
        final LoggedOnSessions sessions,
        final MarketDataSubscriptions marketData,
        final Session session)
    {
        this.ownerId = ownerId;
        this.stampsHops = stampsHops;
        this.translator = translator;
        this.sessions = sessions;
        this.marketData = marketData;
        subscriber = session::trySend;
        gate = new InboundGate(senderCompId);
    }

    public Action onMessage(
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final int libraryId,
        final Session session,
        final int sequenceIndex,
        final long messageType,
        final long timestampInNs,
        final long position,
        final OnMessageInfo messageInfo)
    {
        if (!gate.admit(buffer, offset, length, messageInfo))
        {
            if (gate.isFromAnotherSender(buffer, offset, length))
            {
                endSession(session);
            }
            return Action.CONTINUE;
        }
        final Action action;
        if (isRepeatedLogon(messageType))
        {
            action = translator.onRepeatedLogon(session, buffer, offset, length);
        }
        else if (messageType == MarketDataRequestDecoder.MESSAGE_TYPE)
        {
            action = translator.onMarketDataRequest(session, subscriber, buffer, offset, length);
        }
        else
        {
            action = translator.onMessage(session, ownerId, messageType, buffer, offset, length,
                stampsHops ? timestampInNs : OrderTranslator.NO_HOP_STAMPS);
        }
        if (action != Action.ABORT)
        {
            gate.actedOn();
        }
        return action;
    }

    /**
     * Never retried through {@link Action#ABORT}: the library offers an aborted message again as valid.
     */
    private void endSession(final Session session)
    {
        if (session.logoutAndDisconnect(ANOTHER_SENDER) < 0)
        {
            session.requestDisconnect();
        }
    }

    /**
     * The handler is made before the session's own Logon reaches it: that first one is the logon itself.
     */
    private boolean isRepeatedLogon(final long messageType)
    {
        if (messageType != LogonDecoder.MESSAGE_TYPE)
        {
            return false;
        }
        final boolean repeated = loggedOn;
        loggedOn = true;
        return repeated;
    }

    public void onTimeout(final int libraryId, final Session session)
    {
    }

    public void onSlowStatus(final int libraryId, final Session session, final boolean hasBecomeSlow)
    {
    }

    public Action onDisconnect(final int libraryId, final Session session, final DisconnectReason reason)
    {
        sessions.onDisconnect(ownerId, session);
        marketData.onDisconnect(subscriber);
        return Action.CONTINUE;
    }

    public void onSessionStart(final Session session)
    {
    }
}
