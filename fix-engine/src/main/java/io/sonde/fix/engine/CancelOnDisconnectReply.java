package io.sonde.fix.engine;

import io.sonde.fix.codecs.builder.LogonEncoder;
import uk.co.real_logic.artio.builder.AbstractLogonEncoder;
import uk.co.real_logic.artio.builder.AbstractLogoutEncoder;
import uk.co.real_logic.artio.messages.CancelOnDisconnectOption;
import uk.co.real_logic.artio.session.SessionCustomisationStrategy;

/**
 * Keeps CancelOnDisconnectType (35002) and CODTimeoutWindow (35003) out of an acceptor's Logon answer (the exchange's
 * gateway, the reference acceptor) unless the client's Logon asked for a cancel on disconnect. Artio's engine gives a
 * Logon without 35002 its default option, "do not cancel" with a 0 ms window, and Artio's session proxy writes a
 * session's option into every Logon it sends whenever the dictionary has the fields. A client with the standard FIX
 * 4.4 dictionary would then be answered with two user-defined tags it never sent, which QuickFIX/J, by default,
 * refuses to log on with.
 * <p>
 * A customisation strategy is Artio's hook for what a Logon carries, called once the proxy has filled it in: only
 * the answer changes, the session keeps its option, so Artio's timer and the gateway's cancel work as before. The
 * dictionary cannot drop the fields instead, since the gateway must read them from clients that send them. Set it on
 * the library that answers accepted Logons, and on the engine should it ever answer one.
 */
public final class CancelOnDisconnectReply implements SessionCustomisationStrategy
{
    private static final int DO_NOT_CANCEL = CancelOnDisconnectOption.DO_NOT_CANCEL_ON_DISCONNECT_OR_LOGOUT.value();

    public void configureLogon(final AbstractLogonEncoder logon, final long sessionId)
    {
        // Artio's abstract encoder can set these fields but neither read nor clear them; Sonde's acceptors accept
        // with its own dictionary only (EngineHost.dictionary()), whose encoder can.
        final LogonEncoder answer = (LogonEncoder)logon;
        if (!answer.hasCancelOnDisconnectType() || answer.cancelOnDisconnectType() == DO_NOT_CANCEL)
        {
            answer.resetCancelOnDisconnectType();
            answer.resetCODTimeoutWindow();
        }
    }

    public void configureLogout(final AbstractLogoutEncoder logout, final long sessionId)
    {
    }
}
