package io.sonde.fix.client.session;

import uk.co.real_logic.artio.builder.AbstractLogonEncoder;
import uk.co.real_logic.artio.builder.AbstractLogoutEncoder;
import uk.co.real_logic.artio.builder.SessionHeaderEncoder;
import uk.co.real_logic.artio.session.SessionCustomisationStrategy;

import java.nio.charset.StandardCharsets;

/**
 * Puts the venue's SenderSubID (50) and TargetSubID (57) in the header of every message, session-level ones
 * included: Artio applies a library's header customisation to each header it prepares. Whatever else the library
 * customises is applied first, by the strategy this one wraps: a library has only one.
 */
public final class SubIdHeaders implements SessionCustomisationStrategy
{
    private final byte[] senderSubId;
    private final byte[] targetSubId;
    private final SessionCustomisationStrategy others;

    public SubIdHeaders(final SubIds subIds, final SessionCustomisationStrategy others)
    {
        this.senderSubId = subIds.sender() == null ? null : subIds.sender().getBytes(StandardCharsets.US_ASCII);
        this.targetSubId = subIds.target() == null ? null : subIds.target().getBytes(StandardCharsets.US_ASCII);
        this.others = others;
    }

    public void configureLogon(final AbstractLogonEncoder logon, final long sessionId)
    {
        others.configureLogon(logon, sessionId);
    }

    public void configureLogout(final AbstractLogoutEncoder logout, final long sessionId)
    {
        others.configureLogout(logout, sessionId);
    }

    public void configureHeader(final SessionHeaderEncoder header, final long sessionId)
    {
        others.configureHeader(header, sessionId);
        if (senderSubId != null)
        {
            header.senderSubID(senderSubId);
        }
        if (targetSubId != null)
        {
            header.targetSubID(targetSubId);
        }
    }
}
