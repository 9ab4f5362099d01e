package io.sonde.fix.client.session;

import io.sonde.fix.codecs.builder.LogonEncoder;
import uk.co.real_logic.artio.builder.AbstractLogonEncoder;
import uk.co.real_logic.artio.builder.AbstractLogoutEncoder;
import uk.co.real_logic.artio.builder.SessionHeaderEncoder;
import uk.co.real_logic.artio.session.SessionCustomisationStrategy;

/**
 * Asks the bundled exchange, in every Logon, to stamp the hops of each answer: SondeHopStamps (20100) = Y. The
 * exchange then adds when it read the order, offered it to the cluster, saw it committed, matched it and wrote the
 * answer, so a run can say which hop its latency went to. Only the FIX 4.4 Logon carries the tag: the bundled
 * exchange speaks FIX 4.4 alone.
 */
public final class HopStampsLogon implements SessionCustomisationStrategy
{
    private final SessionCustomisationStrategy others;

    public HopStampsLogon(final SessionCustomisationStrategy others)
    {
        this.others = others;
    }

    public void configureLogon(final AbstractLogonEncoder logon, final long sessionId)
    {
        others.configureLogon(logon, sessionId);
        if (logon instanceof LogonEncoder fix44Logon)
        {
            fix44Logon.sondeHopStamps(true);
        }
    }

    public void configureLogout(final AbstractLogoutEncoder logout, final long sessionId)
    {
        others.configureLogout(logout, sessionId);
    }

    public void configureHeader(final SessionHeaderEncoder header, final long sessionId)
    {
        others.configureHeader(header, sessionId);
    }
}
