package io.sonde.exchange.gateway;

import io.sonde.fix.codecs.decoder.LogonDecoder;
import uk.co.real_logic.artio.decoder.AbstractLogonDecoder;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The SenderCompIDs whose latest Logon asked for hop stamps (SondeHopStamps, 20100 = Y): their sessions get the
 * exchange's own stamps on each answer to a NewOrderSingle. Other clients get plain reports, since a client that
 * validates user-defined tags would reject the stamps. Written at Logon on the engine's framer thread, read when
 * the gateway's library acquires the session.
 */
final class HopStampAsks
{
    private final Set<String> asking = ConcurrentHashMap.newKeySet();

    void onLogon(final AbstractLogonDecoder logon)
    {
        final String senderCompId = logon.header().senderCompIDAsString();
        if (logon instanceof LogonDecoder fix44Logon && fix44Logon.hasSondeHopStamps() &&
            fix44Logon.sondeHopStamps())
        {
            asking.add(senderCompId);
        }
        else
        {
            asking.remove(senderCompId);
        }
    }

    boolean asks(final String senderCompId)
    {
        return asking.contains(senderCompId);
    }
}
