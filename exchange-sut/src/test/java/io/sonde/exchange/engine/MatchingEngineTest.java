package io.sonde.exchange.engine;

import io.sonde.exchange.engine.EngineHarness.Report;
import io.sonde.exchange.sbe.CancelReason;
import io.sonde.exchange.sbe.CancelRejectedDecoder;
import io.sonde.exchange.sbe.MassStatusEmptyDecoder;
import io.sonde.exchange.sbe.MassStatusEntryDecoder;
import io.sonde.exchange.sbe.OpenOrderStatusDecoder;
import io.sonde.exchange.sbe.OrderNotOpenDecoder;
import io.sonde.exchange.sbe.RejectReason;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.sonde.exchange.engine.EngineHarness.px;
import static io.sonde.exchange.sbe.OrdType.LIMIT;
import static io.sonde.exchange.sbe.Side.BUY;
import static io.sonde.exchange.sbe.Side.SELL;
import static io.sonde.exchange.sbe.TimeInForce.DAY;
import static io.sonde.exchange.sbe.TimeInForce.IMMEDIATE_OR_CANCEL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MatchingEngineTest
{
    private static final long ALICE = 11;
    private static final long BOB = 22;

    private final EngineHarness exchange = new EngineHarness();

    @Test
    void aLimitOrderThatCrossesNothingIsAcknowledgedAndRests()
    {
        final List<Report> reports = exchange.buy(ALICE, "b1", 100, 10.00);

        assertEquals(1, reports.size());
        assertReport(reports.get(0), "b1", '0', '0', 0, 0, 100, 0);
        assertEquals(1, exchange.engine.openOrderCount());
    }

    @Test
    void crossingOrdersTradeAtTheRestingPriceAndBothSidesAreTold()
    {
        exchange.sell(ALICE, "s1", 100, 10.00);

        final List<Report> reports = exchange.buy(BOB, "b1", 100, 10.05);

        assertEquals(3, reports.size());
        assertReport(reports.get(0), "b1", '0', '0', 0, 0, 100, 0);
        assertReport(reports.get(1), "b1", 'F', '2', 100, px(10.00), 0, 100);
        assertReport(reports.get(2), "s1", 'F', '2', 100, px(10.00), 0, 100);
        assertEquals(ALICE, reports.get(2).ownerId());
        assertEquals(0, exchange.engine.openOrderCount());
        assertEquals(1, exchange.engine.trades());
    }

    @Test
    void aLargerAggressorFillsPartiallyAndItsRemainderRests()
    {
        exchange.sell(ALICE, "s1", 30, 10.00);

        final List<Report> reports = exchange.buy(BOB, "b1", 100, 10.00);

        assertReport(reports.get(1), "b1", 'F', '1', 30, px(10.00), 70, 30);
        assertReport(reports.get(2), "s1", 'F', '2', 30, px(10.00), 0, 30);

        final List<Report> later = exchange.sell(ALICE, "s2", 70, 9.00);
        assertReport(later.get(1), "s2", 'F', '2', 70, px(10.00), 0, 70);
        assertReport(later.get(2), "b1", 'F', '2', 70, px(10.00), 0, 100);
        assertEquals(0, exchange.engine.openOrderCount());
    }

    @Test
    void aBetterPriceTradesFirstThenTheOldestOrderAtAPrice()
    {
        exchange.sell(ALICE, "s-late-good", 10, 10.01);
        exchange.sell(ALICE, "s-early", 10, 10.02);
        exchange.sell(BOB, "s-best", 10, 10.00);
        exchange.sell(BOB, "s-late", 10, 10.02);

        final List<Report> reports = exchange.buy(ALICE, "b1", 40, 10.02);

        final List<String> passiveFills = reports.stream()
            .filter(r -> r.isTrade() && !r.clOrdId().equals("b1"))
            .map(Report::clOrdId)
            .toList();
        assertEquals(List.of("s-best", "s-late-good", "s-early", "s-late"), passiveFills);
        assertEquals(px(10.0125), reports.get(reports.size() - 2).avgPx(), "average price over four fills");
    }

    @Test
    void anImmediateOrCancelRemainderIsCanceledAndNeverRests()
    {
        exchange.sell(ALICE, "s1", 40, 10.00);

        final List<Report> reports =
            exchange.limit(BOB, "b1", BUY, 100, 10.00, IMMEDIATE_OR_CANCEL);

        assertEquals(4, reports.size());
        assertReport(reports.get(1), "b1", 'F', '1', 40, px(10.00), 60, 40);
        assertReport(reports.get(3), "b1", '4', '4', 0, 0, 0, 40);
        assertEquals(0, exchange.engine.openOrderCount());

        final List<Report> unfilled = exchange.limit(BOB, "b2", BUY, 5, 10.00, IMMEDIATE_OR_CANCEL);
        assertEquals(2, unfilled.size());
        assertReport(unfilled.get(1), "b2", '4', '4', 0, 0, 0, 0);
    }

    @Test
    void aMarketOrderSweepsLevelsAndCancelsWhatFindsNoLiquidity()
    {
        exchange.sell(ALICE, "s1", 10, 10.00);
        exchange.sell(ALICE, "s2", 10, 11.00);

        final List<Report> reports = exchange.market(BOB, "m1", BUY, 25);

        assertReport(reports.get(1), "m1", 'F', '1', 10, px(10.00), 15, 10);
        assertReport(reports.get(3), "m1", 'F', '1', 10, px(11.00), 5, 20);
        final Report remainder = reports.get(5);
        assertReport(remainder, "m1", '4', '4', 0, 0, 0, 20);
        assertEquals(CancelReason.NO_LIQUIDITY, remainder.cancelReason());
    }

    @Test
    void aCanceledOrderLeavesTheBookAndCannotTrade()
    {
        exchange.sell(ALICE, "s1", 10, 10.00);

        final List<Report> canceled = exchange.cancel(ALICE, "c1", "s1");
        assertEquals(1, canceled.size());
        assertReport(canceled.get(0), "c1", '4', '4', 0, 0, 0, 0);
        assertEquals("s1", canceled.get(0).origClOrdId());

        final List<Report> reports = exchange.buy(BOB, "b1", 10, 10.00);
        assertEquals(1, reports.size(), "only the acknowledgement: nothing left to trade with");
    }

    @Test
    void cancellingAnUnknownOrderIsRejectedWithAReason()
    {
        final List<Report> reports = exchange.cancel(ALICE, "c1", "nope");

        assertEquals(CancelRejectedDecoder.TEMPLATE_ID, reports.get(0).templateId());
        assertEquals(RejectReason.UNKNOWN_ORDER, reports.get(0).rejectReason());
        assertEquals("nope", reports.get(0).origClOrdId());
    }

    @Test
    void anotherSessionCannotCancelAnOrderByItsClOrdId()
    {
        exchange.sell(ALICE, "s1", 10, 10.00);

        final List<Report> reports = exchange.cancel(BOB, "c1", "s1");

        assertEquals(RejectReason.UNKNOWN_ORDER, reports.get(0).rejectReason());
        assertEquals(1, exchange.engine.openOrderCount());
    }

    @Test
    void reducingQuantityKeepsTimePriority()
    {
        exchange.sell(ALICE, "first", 10, 10.00);
        exchange.sell(BOB, "second", 10, 10.00);

        final List<Report> replaced = exchange.replace(ALICE, "first-r", "first", SELL, 5, 10.00);
        assertReport(replaced.get(0), "first-r", '5', '0', 0, 0, 5, 0);

        assertEquals("first-r", firstPassiveFill(exchange.buy(BOB, "b1", 1, 10.00)));
    }

    @Test
    void increasingQuantityLosesTimePriority()
    {
        exchange.sell(ALICE, "first", 10, 10.00);
        exchange.sell(BOB, "second", 10, 10.00);

        exchange.replace(ALICE, "first-r", "first", SELL, 20, 10.00);

        assertEquals("second", firstPassiveFill(exchange.buy(BOB, "b1", 1, 10.00)));
    }

    @Test
    void changingPriceLosesTimePriorityEvenWhenMovedBack()
    {
        exchange.sell(ALICE, "first", 10, 10.00);
        exchange.sell(BOB, "second", 10, 10.00);

        exchange.replace(ALICE, "away", "first", SELL, 10, 10.50);
        exchange.replace(ALICE, "back", "away", SELL, 10, 10.00);

        assertEquals("second", firstPassiveFill(exchange.buy(BOB, "b1", 1, 10.00)));
    }

    @Test
    void aReplaceThatCrossesTradesImmediately()
    {
        exchange.sell(ALICE, "s1", 10, 10.00);
        exchange.buy(BOB, "b1", 10, 9.00);

        final List<Report> reports = exchange.replace(BOB, "b1-r", "b1", BUY, 10, 10.00);

        assertReport(reports.get(0), "b1-r", '5', '0', 0, 0, 10, 0);
        assertReport(reports.get(1), "b1-r", 'F', '2', 10, px(10.00), 0, 10);
        assertReport(reports.get(2), "s1", 'F', '2', 10, px(10.00), 0, 10);
        assertEquals(0, exchange.engine.openOrderCount());
    }

    @Test
    void aReplaceBelowTheFilledQuantityOrOnTheOtherSideIsRejected()
    {
        exchange.sell(ALICE, "s1", 10, 10.00);
        exchange.buy(BOB, "b1", 6, 10.00);

        final Report tooSmall = exchange.replace(ALICE, "s1-r", "s1", SELL, 6, 10.00).get(0);
        assertEquals(CancelRejectedDecoder.TEMPLATE_ID, tooSmall.templateId());
        assertEquals(RejectReason.QUANTITY_BELOW_FILLED, tooSmall.rejectReason());
        assertEquals('1', tooSmall.ordStatus(), "the order's own status: partially filled");

        final Report wrongSide = exchange.replace(ALICE, "s1-r", "s1", BUY, 20, 10.00).get(0);
        assertEquals(RejectReason.SIDE_MISMATCH, wrongSide.rejectReason());
    }

    @Test
    void invalidOrdersAreRejectedWithTheReasonAndNeverTrade()
    {
        exchange.sell(ALICE, "s1", 10, 10.00);

        assertRejected(RejectReason.UNKNOWN_SYMBOL,
            exchange.newOrder(BOB, "x1", "ZZZ", BUY, LIMIT, 10, px(10), DAY));
        assertRejected(RejectReason.BAD_SIDE,
            exchange.newOrder(BOB, "x2", "AAA", (byte)'7', LIMIT.value(), 10, px(10), DAY.value()));
        assertRejected(RejectReason.BAD_QUANTITY,
            exchange.newOrder(BOB, "x3", "AAA", BUY, LIMIT, 0, px(10), DAY));
        assertRejected(RejectReason.BAD_QUANTITY,
            exchange.newOrder(BOB, "x4", "AAA", BUY, LIMIT, 100_000_001, px(10), DAY));
        assertRejected(RejectReason.BAD_PRICE,
            exchange.newOrder(BOB, "x5", "AAA", BUY, LIMIT, 10, -1, DAY));
        assertRejected(RejectReason.BAD_ORDER_TYPE,
            exchange.newOrder(BOB, "x6", "AAA", BUY.value(), (byte)'9', 10, px(10), DAY.value()));
        assertRejected(RejectReason.BAD_TIME_IN_FORCE,
            exchange.newOrder(BOB, "x7", "AAA", BUY.value(), LIMIT.value(), 10, px(10), (byte)'6'));

        assertEquals(0, exchange.engine.trades());
        assertEquals(1, exchange.engine.ordersAccepted());
    }

    @Test
    void aClOrdIdIsUniqueAmongASessionsOpenOrders()
    {
        exchange.buy(ALICE, "b1", 10, 9.00);

        assertRejected(RejectReason.DUPLICATE_CL_ORD_ID, exchange.buy(ALICE, "b1", 10, 9.00));
        assertEquals('0', exchange.buy(BOB, "b1", 10, 9.00).get(0).execType(), "another session may use it");

        exchange.cancel(ALICE, "c1", "b1");
        assertEquals('0', exchange.buy(ALICE, "b1", 10, 9.00).get(0).execType(), "free again once closed");
    }

    @Test
    void reportsGoToTheGatewayConnectionThatSubmittedEachOrder()
    {
        exchange.fromGatewayConnection(100).sell(ALICE, "s1", 10, 10.00);

        final List<Report> reports = exchange.fromGatewayConnection(200).buy(BOB, "b1", 10, 10.00);

        assertEquals(200, reports.get(1).clusterSessionId());
        assertEquals(100, reports.get(2).clusterSessionId());
    }

    @Test
    void symbolsHaveSeparateBooks()
    {
        exchange.newOrder(ALICE, "s1", "BBB", SELL, LIMIT, 10, px(10), DAY);

        final List<Report> reports = exchange.buy(BOB, "b1", 10, 10.00);

        assertEquals(1, reports.size());
        assertEquals(2, exchange.engine.openOrderCount());
    }

    @Test
    void aMassStatusListsOnlyTheOwnersOpenOrdersInBookOrderAndChangesNothing()
    {
        exchange.buy(ALICE, "a1", 10, 9.00);
        exchange.buy(BOB, "b1", 10, 9.50);
        exchange.sell(ALICE, "a2", 10, 11.00);
        exchange.buy(ALICE, "a3", 10, 9.50);
        exchange.newOrder(ALICE, "a4", "BBB", BUY, LIMIT, 5, px(1.00), DAY);
        exchange.cancel(ALICE, "c1", "a1");
        final long digest = exchange.engine.digest();

        final List<Report> all = exchange.massStatus(ALICE, "MS1", "");

        assertEquals(List.of("a3", "a2", "a4"), all.stream().map(Report::clOrdId).toList(),
            "symbol as configured, bids before asks, best price first");
        for (final Report report : all)
        {
            assertEquals(MassStatusEntryDecoder.TEMPLATE_ID, report.templateId());
            assertEquals('I', report.execType());
            assertEquals('0', report.ordStatus());
            assertEquals("MS1", report.massStatusReqId(), "the request id is echoed");
            assertEquals(3, report.totalReports(), "every report carries the total");
        }
        assertEquals(digest, exchange.engine.digest(), "a status answer changes no state");
        assertEquals(List.of("a4"), exchange.massStatus(ALICE, "MS2", "BBB").stream().map(Report::clOrdId).toList());
    }

    @Test
    void anOrderStatusReportsTheOwnersOpenOrderAndChangesNothing()
    {
        exchange.buy(ALICE, "a1", 10, 9.00);
        exchange.sell(BOB, "b1", 4, 9.00);
        final long digest = exchange.engine.digest();

        final List<Report> status = exchange.orderStatus(ALICE, "a1", "AAA", BUY);

        assertEquals(1, status.size());
        final Report report = status.get(0);
        assertEquals(OpenOrderStatusDecoder.TEMPLATE_ID, report.templateId());
        assertEquals('I', report.execType());
        assertEquals("a1", report.clOrdId());
        assertEquals('1', report.ordStatus(), "partially filled");
        assertEquals(6, report.leaves());
        assertEquals(4, report.cum());
        assertEquals(digest, exchange.engine.digest(), "a status answer changes no state");
    }

    @Test
    void anOrderStatusForAnOrderTheEngineDoesNotHoldOpenSaysSo()
    {
        exchange.buy(ALICE, "a1", 10, 9.00);
        exchange.cancel(ALICE, "c1", "a1");

        for (final String id : List.of("a1", "never-sent"))
        {
            final List<Report> status = exchange.orderStatus(ALICE, id, "AAA", BUY);
            assertEquals(1, status.size());
            assertEquals(OrderNotOpenDecoder.TEMPLATE_ID, status.get(0).templateId(), "no open order: " + id);
            assertEquals(id, status.get(0).clOrdId(), "the ClOrdID asked about is echoed");
        }
        exchange.buy(BOB, "b1", 10, 9.00);
        assertEquals(OrderNotOpenDecoder.TEMPLATE_ID,
            exchange.orderStatus(ALICE, "b1", "AAA", BUY).get(0).templateId(), "another owner's order is not found");
    }

    @Test
    void aMassStatusWithNothingOpenIsOneReportSayingSo()
    {
        exchange.buy(BOB, "b1", 10, 9.50);

        final List<Report> none = exchange.massStatus(ALICE, "MS1", "");

        assertEquals(1, none.size());
        assertEquals(MassStatusEmptyDecoder.TEMPLATE_ID, none.get(0).templateId());
        assertEquals("MS1", none.get(0).massStatusReqId());
        assertEquals(1, exchange.massStatus(ALICE, "MS2", "ZZZ").size(), "an unknown symbol lists nothing");
    }

    @Test
    void aMassCancelEndsEveryOpenOrderOfTheOwnerAndNoOneElses()
    {
        exchange.buy(ALICE, "a1", 10, 9.00);
        exchange.buy(BOB, "b1", 10, 9.50);
        exchange.sell(ALICE, "a2", 10, 11.00);
        exchange.newOrder(ALICE, "a3", "BBB", BUY, LIMIT, 5, px(1.00), DAY);

        final List<Report> canceled = exchange.massCancel(ALICE);

        assertEquals(List.of("a1", "a2", "a3"), canceled.stream().map(Report::clOrdId).toList(), "in book order");
        for (final Report report : canceled)
        {
            assertEquals('4', report.execType());
            assertEquals('4', report.ordStatus());
            assertEquals(0, report.leaves());
            assertEquals(CancelReason.CANCELED_ON_DISCONNECT, report.cancelReason(), "the report says why");
        }
        assertEquals(1, exchange.engine.openOrderCount(), "the other owner's order stays");
        assertEquals(List.of(), exchange.massCancel(ALICE), "nothing is left to cancel");
        assertEquals(List.of("b1"), exchange.massStatus(BOB, "MS1", "").stream().map(Report::clOrdId).toList());
    }

    @Test
    void aRequestedMassCancelOfOneSymbolEndsOnlyItsOrdersThenCountsThem()
    {
        exchange.buy(ALICE, "a1", 10, 9.00);
        exchange.newOrder(ALICE, "a2", "BBB", BUY, LIMIT, 5, px(1.00), DAY);
        exchange.newOrder(ALICE, "a3", "BBB", SELL, LIMIT, 5, px(20.00), DAY);
        exchange.newOrder(BOB, "b1", "BBB", BUY, LIMIT, 5, px(1.00), DAY);

        final List<Report> answers = exchange.massCancel(ALICE, "mc1", "BBB");

        assertEquals(List.of("a2", "a3", "mc1"), answers.stream()
            .map(report -> report.clOrdId().isEmpty() ? report.massStatusReqId() : report.clOrdId()).toList(),
            "each order's report, then the answer");
        assertEquals(CancelReason.MASS_CANCEL_REQUESTED, answers.get(0).cancelReason(), "the report says why");
        final Report answer = answers.get(2);
        assertEquals(2, answer.totalReports(), "the orders it canceled");
        assertNull(answer.rejectReason());
        assertTrue(answer.orderId() > 0, "the mass cancel's own id");
        assertEquals(List.of("a1"), exchange.massStatus(ALICE, "MS1", "").stream().map(Report::clOrdId).toList());
        assertEquals(List.of("b1"), exchange.massStatus(BOB, "MS2", "").stream().map(Report::clOrdId).toList());
    }

    @Test
    void aRequestedMassCancelOfAnUnknownSymbolCancelsNothingAndSaysSo()
    {
        exchange.buy(ALICE, "a1", 10, 9.00);

        final List<Report> answers = exchange.massCancel(ALICE, "mc1", "ZZZ");

        assertEquals(1, answers.size(), answers.toString());
        assertEquals(0, answers.get(0).totalReports());
        assertEquals(RejectReason.UNKNOWN_SYMBOL, answers.get(0).rejectReason());
        assertEquals(1, exchange.engine.openOrderCount());
    }

    private static String firstPassiveFill(final List<Report> reports)
    {
        return reports.stream().filter(Report::isTrade).skip(1).findFirst().orElseThrow().clOrdId();
    }

    private static void assertRejected(final RejectReason reason, final List<Report> reports)
    {
        assertEquals(1, reports.size());
        final Report report = reports.get(0);
        assertEquals('8', report.execType());
        assertEquals('8', report.ordStatus());
        assertEquals(reason, report.rejectReason());
        assertTrue(report.orderId() == 0);
    }

    private static void assertReport(
        final Report report, final String clOrdId, final char execType, final char ordStatus, final long lastQty,
        final long lastPx, final long leaves, final long cum)
    {
        assertEquals(clOrdId, report.clOrdId(), "ClOrdID of " + report);
        assertEquals(execType, report.execType(), "ExecType of " + report);
        assertEquals(ordStatus, report.ordStatus(), "OrdStatus of " + report);
        assertEquals(lastQty, report.lastQty(), "LastQty of " + report);
        assertEquals(lastPx, report.lastPx(), "LastPx of " + report);
        assertEquals(leaves, report.leaves(), "LeavesQty of " + report);
        assertEquals(cum, report.cum(), "CumQty of " + report);
    }
}
