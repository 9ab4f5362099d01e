package io.sonde.fix.client.marketdata;

import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.loadgen.record.SeriesRecorder;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sonde's orders met on the public feed by OrderID: each order's first public event timed from its intended
 * start, whether it comes before or after the acknowledgement, and every order whose event never came counted.
 */
class OrderToTickTest
{
    private static final long HOLD = 1_000;
    private final OrderToTick matcher = new OrderToTick(16, 4, HOLD);

    @Test
    void anOrdersFirstPublicEventIsTimedFromItsIntendedStartCorrectedAndFromItsSendUncorrected()
    {
        matcher.onNewAcknowledged(7, 1, 100, 130, true);
        matcher.onLifecycleEnded(7);
        matcher.onOrderAdded(7, 400);
        matcher.onTrade(99, 7, 500);

        assertEquals(List.of(300L), values(series(OrderToTick.ORDER_TO_TICK).measured().corrected()));
        assertEquals(List.of(270L), values(series(OrderToTick.ORDER_TO_TICK).measured().uncorrected()));
        matcher.finish();
        assertEquals(0, matcher.missing());
    }

    @Test
    void anEventThatArrivesBeforeTheAcknowledgementWaitsForItAndIsTimedAtItsOwnArrival()
    {
        matcher.onTrade(7, 99, 250);
        matcher.poll(250 + HOLD - 1);
        matcher.onNewAcknowledged(7, 1, 100, 130, true);

        assertEquals(List.of(150L), values(series(OrderToTick.ORDER_TO_TICK).measured().corrected()));
        assertEquals(1, matcher.expected());
        matcher.finish();
        assertEquals(0, matcher.unmatched(), "the trade was this run's order's");
        assertEquals(0, matcher.missing());
    }

    @Test
    void anOrdersLaterEventsWaitWithItsFirstWhenItsAcknowledgementIsBehindTheFeed()
    {
        matcher.onOrderAdded(7, 200);
        matcher.onOrderModified(7, 250);
        matcher.onOrderDeleted(7, false, 260);
        matcher.onNewAcknowledged(7, 1, 100, 130, true);
        matcher.finish();

        assertEquals(List.of(100L), values(series(OrderToTick.ORDER_TO_TICK).measured().corrected()));
        assertEquals(0, matcher.unmatched());
    }

    @Test
    void anEventNoAcknowledgementClaimsWithinTheHoldTimeIsAnotherParticipantsOrder()
    {
        matcher.onOrderAdded(55, 100);
        matcher.onTrade(56, 57, 150);
        matcher.poll(100 + HOLD);

        assertEquals(1, matcher.unmatched(), "the add has waited long enough, the trade not yet");
        matcher.finish();
        assertEquals(2, matcher.unmatched());
    }

    @Test
    void aTradeAgainstOneOfSondesRestingOrdersIsNotAnothersEvenWhenItsAggressorIsUnknown()
    {
        matcher.onNewAcknowledged(7, 1, 100, 130, true);
        matcher.onOrderAdded(7, 200);
        matcher.onTrade(56, 7, 300);
        matcher.finish();

        assertEquals(0, matcher.unmatched());
    }

    @Test
    void theLaterEventsOfAnOrderNoLongerFollowedAreStillSondesNotAnothers()
    {
        matcher.onNewAcknowledged(7, 1, 100, 130, true);
        matcher.onLifecycleEnded(7);
        matcher.onTrade(7, 99, 200);
        matcher.onTrade(7, 98, 200);
        matcher.onOrderAdded(7, 200);
        matcher.onOrderDeleted(7, false, 300);
        matcher.finish();

        assertEquals(1, matcher.seen());
        assertEquals(0, matcher.unmatched());
    }

    @Test
    void seenAndExpectedCountTheMeasuredWindowsOrdersAsOrderToTickDoesWhileMissingKeepsTheWarmUpsToo()
    {
        matcher.begin(1_000);
        matcher.onNewAcknowledged(7, 1, 100, 130, true);
        matcher.onOrderAdded(7, 400);
        matcher.onNewAcknowledged(8, 2, 200, 230, true);
        matcher.onNewAcknowledged(9, 3, 1_100, 1_130, true);
        matcher.onOrderAdded(9, 1_400);
        matcher.onNewAcknowledged(10, 4, 1_200, 1_230, true);
        matcher.onNewAcknowledged(11, 5, 1_300, 1_330, true);
        matcher.onNoPublicEffect(11);
        matcher.finish();

        assertEquals(1, matcher.seen(), "order 9: order 7's event came in the warm-up");
        assertEquals(2, matcher.expected(), "orders 9 and 10: 11 left no trace, 7 and 8 were the warm-up's");
        assertEquals(List.of(300L), values(series(OrderToTick.ORDER_TO_TICK).measured().corrected()));
        assertEquals(2, matcher.missing(), "8 in the warm-up and 10 in the measured window: none vanishes");
    }

    @Test
    void anAcknowledgedOrderWhoseEventNeverCameIsMissingAndNamed()
    {
        matcher.onNewAcknowledged(7, 1, 100, 130, true);
        matcher.onNewAcknowledged(8, 2, 100, 130, true);
        matcher.onOrderAdded(8, 200);
        assertEquals(1, matcher.awaiting());
        matcher.finish();

        assertEquals(0, matcher.awaiting());
        assertEquals(1, matcher.missing());
        assertEquals(List.of("OrderID 7 (request 1)"), matcher.namedMissing());
    }

    @Test
    void aWatchThatNeverEndsCountsAnOrderMissingOnceItsEventIsOverdueAndItsLateEventIsNotAnothers()
    {
        matcher.onNewAcknowledged(7, 1, 100, 130, true);
        matcher.onNewAcknowledged(8, 2, 500, 530, true);

        assertEquals(0, matcher.settleOverdue(1_100, 1_000));
        assertEquals(1, matcher.settleOverdue(1_101, 1_000));
        assertEquals(1, matcher.missing());
        assertEquals(1, matcher.awaiting());
        assertEquals(List.of("OrderID 7 (request 1)"), matcher.namedMissing());

        matcher.onOrderAdded(7, 1_200);
        matcher.onOrderAdded(8, 1_300);
        matcher.poll(10_000);

        assertEquals(0, matcher.unmatched());
        assertEquals(1, matcher.seen());
        assertEquals(0, matcher.settleOverdue(10_000, 1_000));
    }

    @Test
    void anOrderTheVenueSaysLeftNoTraceIsNotExpected()
    {
        matcher.onNewAcknowledged(7, 1, 100, 130, false);
        matcher.onNewAcknowledged(8, 2, 100, 130, true);
        matcher.onNoPublicEffect(8);
        matcher.onLifecycleEnded(8);
        matcher.finish();

        assertEquals(0, matcher.missing());
        assertEquals(0, matcher.expected());
        assertEquals(0, series(OrderToTick.ORDER_TO_TICK).measured().corrected().recordedCount());
    }

    @Test
    void aCancelIsTimedToItsOrdersDeletionAndARefusedOneIsNotExpected()
    {
        matcher.onNewAcknowledged(7, 1, 100, 130, true);
        matcher.onOrderAdded(7, 200);
        matcher.onFollowUpSent(7, true, 100, 1_000, 1_010);
        matcher.onOrderDeleted(7, false, 1_200);
        matcher.onLifecycleEnded(7);
        matcher.onNewAcknowledged(8, 2, 100, 130, true);
        matcher.onOrderAdded(8, 200);
        matcher.onFollowUpSent(8, true, 100, 1_000, 1_010);
        matcher.onFollowUpRefused(8, true);
        matcher.finish();

        assertEquals(List.of(200L), values(series(OrderToTick.CANCEL_TO_TICK).measured().corrected()));
        assertEquals(List.of(190L), values(series(OrderToTick.CANCEL_TO_TICK).measured().uncorrected()));
        assertEquals(0, matcher.missing());
    }

    @Test
    void aReplaceIsTimedToItsModificationOrToItsDeletionAsReplacedAndTheOrderBackOnTheBookIsStillSondes()
    {
        matcher.onNewAcknowledged(7, 1, 100, 130, true);
        matcher.onOrderAdded(7, 200);
        matcher.onFollowUpSent(7, false, 100, 1_000, 1_010);
        matcher.onOrderModified(7, 1_300);
        matcher.onNewAcknowledged(8, 2, 100, 130, true);
        matcher.onOrderAdded(8, 200);
        matcher.onFollowUpSent(8, false, 100, 2_000, 2_010);
        matcher.onOrderDeleted(8, true, 2_400);
        matcher.onOrderAdded(8, 2_400);
        matcher.finish();

        assertEquals(List.of(300L, 400L), values(series(OrderToTick.REPLACE_TO_TICK).measured().corrected()));
        assertEquals(0, matcher.unmatched());
        assertEquals(0, matcher.missing());
    }

    @Test
    void aCancelSentBeforeTheReplacesEventCameLeavesTheReplaceAwaitedAndEachIsTimedFromItsOwnStart()
    {
        matcher.onNewAcknowledged(7, 1, 100, 130, true);
        matcher.onOrderAdded(7, 200);
        matcher.onFollowUpSent(7, false, 100, 1_000, 1_010);
        matcher.onFollowUpSent(7, true, 100, 2_000, 2_010);
        matcher.onOrderLeft(7, 2_100);
        matcher.onOrderAdded(7, 2_100);
        matcher.onOrderLeft(7, 2_300);
        matcher.finish();

        assertEquals(List.of(1_100L), values(series(OrderToTick.REPLACE_TO_TICK).measured().corrected()));
        assertEquals(List.of(300L), values(series(OrderToTick.CANCEL_TO_TICK).measured().corrected()));
        assertEquals(0, matcher.missing());
    }

    @Test
    void anOrderIntendedBeforeTheMeasurementIsTimedInTheWarmUp()
    {
        matcher.begin(1_000);
        matcher.onNewAcknowledged(7, 1, 100, 130, true);
        matcher.onOrderAdded(7, 200);

        assertEquals(List.of(100L), values(series(OrderToTick.ORDER_TO_TICK).warmup().corrected()));
        assertEquals(0, series(OrderToTick.ORDER_TO_TICK).measured().corrected().recordedCount());
    }

    @Test
    void whenTooManyEventsWaitTheOldestIsGivenUpEarlyAndCounted()
    {
        for (long key = 100; key < 105; key++)
        {
            matcher.onOrderAdded(key, 10);
        }
        matcher.poll(11);

        assertEquals(1, matcher.unmatched(), "a ring of 4 held the last four");
    }

    @Test
    void anOrderThatFindsTheTableFullIsCountedNotFollowedSilently()
    {
        for (long key = 0; key < 17; key++)
        {
            matcher.onNewAcknowledged(key, key, 100, 130, true);
        }

        assertEquals(1, matcher.overflowed());
        matcher.finish();
        assertEquals(16, matcher.missing());
        assertTrue(matcher.namedMissing().size() <= OrderToTick.NAMED_MISSING);
    }

    private PhasedSeries series(final String name)
    {
        return matcher.series().stream().filter(s -> s.measured().corrected().tag().startsWith(name)).findFirst()
            .orElseThrow();
    }

    private static List<Long> values(final SeriesRecorder recorder)
    {
        final Histogram histogram = recorder.takeInterval(null);
        final List<Long> values = new java.util.ArrayList<>();
        histogram.recordedValues().forEach(v ->
        {
            for (long i = 0; i < v.getCountAtValueIteratedTo(); i++)
            {
                values.add(histogram.lowestEquivalentValue(v.getValueIteratedTo()));
            }
        });
        return values;
    }
}
