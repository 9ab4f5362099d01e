package io.sonde.probe.order;

import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.OrderTable;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import org.junit.jupiter.api.Test;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every branch of the probe's clean-up, against a scripted client: what is asked, what is cancelled, what is
 * closed, and when the probe may send.
 */
class ProbeReconcilerTest
{
    private static final long TIMEOUT = 1_000;
    private static final int SESSION = 0;

    private final ClOrdIdCodec clOrdIds = new ClOrdIdCodec("PRB", 7);
    private final List<Integer> openOrdersAfterClose = new ArrayList<>();
    private final ProbeOrders orders = new ProbeOrders(16, 64, openOrdersAfterClose::add);
    private final OrderTable table = orders.table;
    private final ScriptedClient client = new ScriptedClient();
    private final List<String> log = new ArrayList<>();
    private final ProbeReconciler reconciler = new ProbeReconciler(1, orders, clOrdIds, client, TIMEOUT, log::add);

    @Test
    void afterALogonNothingIsSentUntilTheVenueHasListedItsOpenOrders()
    {
        assertFalse(reconciler.isSettled(), "before the first logon");
        assertEquals(1, reconciler.poll(SESSION, true, 0));
        assertEquals(List.of("PRB-MS0"), client.requests);
        assertFalse(reconciler.isSettled(SESSION));

        reconciler.onStatusReport(SESSION, noOpenOrders("PRB-MS0"), 10);

        assertTrue(reconciler.isSettled(SESSION));
        assertTrue(reconciler.isSettled());
    }

    @Test
    void aBackPressuredRequestIsAskedAgainOnTheNextPoll()
    {
        client.backPressured = 2;

        reconciler.poll(SESSION, true, 0);
        reconciler.poll(SESSION, true, 1);
        assertEquals(List.of(), client.requests, "two polls back-pressured");
        assertFalse(reconciler.isSettled(SESSION));

        reconciler.poll(SESSION, true, 2);
        assertEquals(1, client.requests.size());
        reconciler.onStatusReport(SESSION, noOpenOrders(client.requests.get(0)), 3);
        assertTrue(reconciler.isSettled());
    }

    @Test
    void ownOrdersTheVenueListsAreCancelledAndThoseItDoesNotAreClosed()
    {
        final int listed = ownUncertainOrder(1);
        final int gone = ownUncertainOrder(2);
        reconciler.poll(SESSION, true, 0);

        reconciler.onStatusReport(SESSION, openOrder("PRB-MS0", idOf(listed), 1, true), 50);

        assertEquals(OrderTable.CANCEL_QUEUED, table.state[listed], "listed: its cancel is due");
        assertEquals(50, table.stageIntendedNanos[listed]);
        assertFalse(orders.isUsed(gone), "not listed: closed at the venue already");
        assertEquals(List.of(1), openOrdersAfterClose);
    }

    @Test
    void anAnswerInSeveralReportsSettlesOnlyWithTheLast()
    {
        final int first = ownUncertainOrder(1);
        final int second = ownUncertainOrder(2);
        reconciler.poll(SESSION, true, 0);

        reconciler.onStatusReport(SESSION, openOrder("PRB-MS0", idOf(first), 2, false), 10);
        assertFalse(reconciler.isSettled(SESSION), "one of two reports");
        assertEquals(OrderTable.UNCERTAIN, table.state[first]);

        reconciler.onStatusReport(SESSION, openOrder("PRB-MS0", idOf(second), 2, true), 20);
        assertTrue(reconciler.isSettled(SESSION));
        assertEquals(OrderTable.CANCEL_QUEUED, table.state[first]);
        assertEquals(OrderTable.CANCEL_QUEUED, table.state[second]);
        assertEquals(List.of(), openOrdersAfterClose, "nothing closed");
    }

    @Test
    void anOrderACrashedPredecessorLeftIsTrackedAndCancelledButAForeignOneIsNot()
    {
        final char[] leftOver = new char[clOrdIds.length()];
        clOrdIds.encode(leftOver, 777, ClOrdIdCodec.NEW_STAGE, 5);
        reconciler.poll(SESSION, true, 0);

        reconciler.onStatusReport(SESSION, openOrder("PRB-MS0", "OTHER-1", 2, false), 10);
        reconciler.onStatusReport(SESSION, openOrder("PRB-MS0", new String(leftOver), 2, true), 10);

        final int slot = table.findByClOrdId(leftOver, leftOver.length);
        assertTrue(slot >= 0, "tracked");
        assertTrue(orders.leftOver[slot]);
        assertFalse(orders.measured[slot], "never measured");
        assertEquals(OrderTable.CANCEL_QUEUED, table.state[slot]);
        assertEquals("SONDE.A", new String(table.symbol[slot], 0, table.symbolLength[slot]));
        assertEquals(1, client.leftOversFound, "counted against the open-order cap");
        assertEquals(1, table.size(), "the foreign order is none of the probe's business");
        assertTrue(log.get(0).startsWith("clean-up: 1 open order(s) with prefix 'PRB'"), log.toString());
    }

    @Test
    void anAnswerToAnEarlierRequestIsIgnored()
    {
        reconciler.poll(SESSION, true, 0);
        reconciler.onSessionDown(SESSION);
        reconciler.poll(SESSION, false, 1);
        reconciler.poll(SESSION, true, 2);
        assertEquals(List.of("PRB-MS0", "PRB-MS1"), client.requests);

        reconciler.onStatusReport(SESSION, noOpenOrders("PRB-MS0"), 3);
        assertFalse(reconciler.isSettled(SESSION), "answers the request before the reconnect");
        reconciler.onStatusReport(SESSION, noOpenOrders("PRB-MS1"), 4);
        assertTrue(reconciler.isSettled(SESSION));
    }

    @Test
    void aVenueThatRejectsMassStatusGetsCancelsForTheOrdersTheProbeKnows()
    {
        final int uncertain = ownUncertainOrder(1);
        reconciler.poll(SESSION, true, 0);

        reconciler.onUnsupported(SESSION, "a BusinessMessageReject", 10);

        assertTrue(reconciler.isSettled());
        assertEquals(OrderTable.CANCEL_QUEUED, table.state[uncertain]);
        assertTrue(log.get(0).contains("did not answer OrderMassStatusRequest (a BusinessMessageReject)"), log.get(0));

        reconciler.onSessionDown(SESSION);
        reconciler.poll(SESSION, false, 20);
        reconciler.poll(SESSION, true, 30);
        assertEquals(1, client.requests.size(), "never asked again");
        assertTrue(reconciler.isSettled(SESSION));
    }

    @Test
    void silencePastTheTimeoutCountsAsUnsupported()
    {
        final int uncertain = ownUncertainOrder(1);
        reconciler.poll(SESSION, true, 0);

        assertEquals(0, reconciler.poll(SESSION, true, TIMEOUT));
        assertEquals(1, reconciler.poll(SESSION, true, TIMEOUT + 1));

        assertTrue(reconciler.isSettled());
        assertEquals(OrderTable.CANCEL_QUEUED, table.state[uncertain]);
        assertTrue(log.get(0).contains("no answer within"), log.get(0));
    }

    @Test
    void anOrderThatBecomesUncertainLaterIsSettledByAnotherRequestOnceItsDeadlinePasses()
    {
        reconciler.poll(SESSION, true, 0);
        reconciler.onStatusReport(SESSION, noOpenOrders("PRB-MS0"), 1);
        final int timedOut = ownUncertainOrder(1);
        orders.deadlineNanos[timedOut] = 100;

        assertEquals(0, reconciler.poll(SESSION, true, 99), "not before its deadline");
        assertEquals(1, reconciler.poll(SESSION, true, 100));
        assertEquals(List.of("PRB-MS0", "PRB-MS1"), client.requests);
    }

    private int ownUncertainOrder(final long intendedNanos)
    {
        final int slot = orders.claimNext();
        table.clOrdIdLength[slot] = clOrdIds.encode(
            table.clOrdId[slot], table.orderNumber[slot], ClOrdIdCodec.NEW_STAGE, intendedNanos);
        table.session[slot] = SESSION;
        orders.measured[slot] = true;
        table.state[slot] = OrderTable.UNCERTAIN;
        return slot;
    }

    private String idOf(final int slot)
    {
        return new String(table.clOrdId[slot], 0, table.clOrdIdLength[slot]);
    }

    private static ExecutionReportDecoder noOpenOrders(final String requestId)
    {
        return report("37=NONE|17=0|150=I|39=0|55=NA|54=1|151=0|14=0|6=0|584=" + requestId + "|911=0|912=Y|");
    }

    private static ExecutionReportDecoder openOrder(
        final String requestId, final String clOrdId, final int total, final boolean last)
    {
        return report("37=9|11=" + clOrdId + "|17=0|150=I|39=0|55=SONDE.A|54=1|38=1|151=1|14=0|6=0|584=" +
            requestId + "|911=" + total + "|912=" + (last ? "Y" : "N") + "|");
    }

    private static ExecutionReportDecoder report(final String body)
    {
        final String fields = ("35=8|49=EXCH|56=PROBE|34=2|52=20261123-12:00:00.000|" + body).replace('|', '\u0001');
        final byte[] bytes = ("8=FIX.4.4\u00019=" + fields.length() + "\u0001" + fields + "10=000\u0001")
            .getBytes(StandardCharsets.US_ASCII);
        final ExecutionReportDecoder decoder = new ExecutionReportDecoder();
        decoder.decode(new MutableAsciiBuffer(bytes), 0, bytes.length);
        return decoder;
    }

    private static final class ScriptedClient implements ProbeReconciler.Client
    {
        final List<String> requests = new ArrayList<>();
        int backPressured;
        int leftOversFound;

        public boolean requestOpenOrders(final int sessionIndex, final String massStatusRequestId)
        {
            if (backPressured > 0)
            {
                backPressured--;
                return false;
            }
            requests.add(massStatusRequestId);
            return true;
        }

        public void onLeftOverFound()
        {
            leftOversFound++;
        }
    }
}
