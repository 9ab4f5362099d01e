package io.sonde.exchange.gateway;

import org.agrona.collections.MutableInteger;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A session that asked for cancel on disconnect or logout (35002 = 3) times out once for its Logout and once for
 * the disconnect that follows.
 */
class MassCancelRequestsTest
{
    private final MassCancelRequests requests = new MassCancelRequests(16);
    private final List<Long> canceled = new ArrayList<>();

    @Test
    void aLogoutFollowedByItsDisconnectCancelsTheOwnersOrdersOnce()
    {
        requests.onLogon(OwnerIds.of("TRADER1"));
        requests.request("TRADER1");
        requests.request("TRADER1");

        assertEquals(1, requests.send(this::cancel));
        assertEquals(List.of(OwnerIds.of("TRADER1")), canceled);
    }

    @Test
    void anOwnerLoggedOnAgainHasItsNewOrdersCanceledAtItsNextDisconnect()
    {
        requests.onLogon(OwnerIds.of("TRADER1"));
        requests.request("TRADER1");
        requests.send(this::cancel);

        requests.onLogon(OwnerIds.of("TRADER1"));
        requests.request("TRADER1");

        assertEquals(1, requests.send(this::cancel));
        assertEquals(2, canceled.size());
    }

    @Test
    void aCancelTheClusterCannotTakeYetIsSentLaterAndNotLost()
    {
        requests.request("TRADER1");
        requests.request("TRADER2");
        final MutableInteger refusals = new MutableInteger(1);

        assertEquals(0, requests.send(owner -> refusals.getAndDecrement() <= 0 && cancel(owner)));
        assertEquals(2, requests.send(this::cancel));
        assertEquals(List.of(OwnerIds.of("TRADER1"), OwnerIds.of("TRADER2")), canceled);
    }

    private boolean cancel(final long ownerId)
    {
        return canceled.add(ownerId);
    }
}
