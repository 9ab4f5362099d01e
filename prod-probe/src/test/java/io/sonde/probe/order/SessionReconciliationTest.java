package io.sonde.probe.order;

import io.sonde.probe.order.SessionReconciliation.Step;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SessionReconciliationTest
{
    private static final long DEADLINE = 1_000;

    private final SessionReconciliation reconciliation = new SessionReconciliation();

    @Test
    void aSessionThatLogsOnAsksForItsOpenOrdersOnce()
    {
        assertEquals(Step.NONE, reconciliation.poll(false, 0));
        assertEquals(Step.REQUEST_STATUS, reconciliation.poll(true, 1));
        reconciliation.onRequestSent("P-MS0", DEADLINE);

        assertEquals(Step.NONE, reconciliation.poll(true, 2), "waiting for the answer");
        assertFalse(reconciliation.isSettled());
    }

    @Test
    void aBackPressuredStatusRequestIsAskedAgainOnTheNextPoll()
    {
        assertEquals(Step.REQUEST_STATUS, reconciliation.poll(true, 1));
        reconciliation.onRequestBackPressured();

        assertEquals(Step.REQUEST_STATUS, reconciliation.poll(true, 2));
        reconciliation.onRequestBackPressured();
        assertEquals(Step.REQUEST_STATUS, reconciliation.poll(true, 3), "as long as it stays back-pressured");
        assertFalse(reconciliation.isSettled(), "no order goes out before the venue has been asked");

        reconciliation.onRequestSent("P-MS0", DEADLINE);
        assertEquals(Step.NONE, reconciliation.poll(true, 4));
    }

    @Test
    void onlyTheAnswerToTheLatestRequestSettlesTheSession()
    {
        reconciliation.poll(true, 1);
        reconciliation.onRequestSent("P-MS1", DEADLINE);

        assertFalse(reconciliation.isAnsweredBy("P-MS0"), "a late answer to an older request");
        assertTrue(reconciliation.isAnsweredBy("P-MS1"));

        reconciliation.settle();
        assertTrue(reconciliation.isSettled());
        assertFalse(reconciliation.isAnsweredBy("P-MS1"), "nothing is awaited once settled");
        assertEquals(Step.SETTLED, reconciliation.poll(true, 2));
    }

    @Test
    void aRequestWithoutACompleteAnswerByItsDeadlineIsOverdue()
    {
        reconciliation.poll(true, 1);
        reconciliation.onRequestSent("P-MS0", DEADLINE);

        assertEquals(Step.NONE, reconciliation.poll(true, DEADLINE));
        assertEquals(Step.STATUS_OVERDUE, reconciliation.poll(true, DEADLINE + 1));
    }

    @Test
    void aSessionThatDropsAndLogsOnAgainAsksAgain()
    {
        reconciliation.poll(true, 1);
        reconciliation.onRequestSent("P-MS0", DEADLINE);
        reconciliation.settle();

        assertEquals(Step.NONE, reconciliation.poll(false, 2));
        assertEquals(Step.REQUEST_STATUS, reconciliation.poll(true, 3));
    }

    @Test
    void aRequestStillDueWhenTheSessionDropsIsAskedAtTheNextLogon()
    {
        reconciliation.poll(true, 1);
        reconciliation.onRequestBackPressured();

        assertEquals(Step.NONE, reconciliation.poll(false, 2), "nothing can be sent while down");
        assertEquals(Step.REQUEST_STATUS, reconciliation.poll(true, 3));
    }

    @Test
    void leftOversAreCountedPerRequest()
    {
        reconciliation.poll(true, 1);
        reconciliation.onRequestSent("P-MS0", DEADLINE);
        reconciliation.onLeftOverFound();
        reconciliation.onLeftOverFound();
        assertEquals(2, reconciliation.leftOversFound());

        reconciliation.settle();
        reconciliation.onRequestSent("P-MS1", DEADLINE);
        assertEquals(0, reconciliation.leftOversFound());
    }
}
