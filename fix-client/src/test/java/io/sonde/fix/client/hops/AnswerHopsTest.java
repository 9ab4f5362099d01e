package io.sonde.fix.client.hops;

import io.sonde.fix.engine.WallClock;
import io.sonde.loadgen.record.HopSeries;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AnswerHopsTest
{
    private static final long MICRO = 1_000;
    private static final WallClock CLOCK = WallClock.INSTANCE;

    private final AnswerHops hops = new AnswerHops();

    @Test
    void anExchangeAnswerIsSplitAtEachOfItsStampsAndTheHopsAddUpToTheAnswer()
    {
        final long intended = 1_000_000 * MICRO;
        exchangeAnswer(hops, intended, 0);

        final Map<String, Long> recorded = only(hops);
        assertHops(Map.of(
            "send", 5 * MICRO, "fix-in", 20 * MICRO, "gateway-in", 3 * MICRO, "consensus", 40 * MICRO,
            "matching", 2 * MICRO, "gateway-out", 6 * MICRO, "fix-out", 15 * MICRO, "receive", 9 * MICRO), recorded);
        assertEquals(100 * MICRO, recorded.values().stream().mapToLong(Long::longValue).sum(), MICRO / 5.0);
    }

    @Test
    void anExchangeWhoseClockIsAheadIsPlacedOnSondesTimeLineOnceTheAnswersBoundItsOffset()
    {
        final long ahead = 5_000 * MICRO;
        for (int i = 0; i < 10; i++)
        {
            exchangeAnswer(hops, (1_000_000 + i * 1_000) * MICRO, ahead);
        }

        final VenueClock clock = hops.venueClock();
        assertTrue(clock.isConsistent());
        assertTrue(clock.lowestOffsetNanos() <= ahead && ahead <= clock.highestOffsetNanos(),
            clock.lowestOffsetNanos() + " .. " + clock.highestOffsetNanos());
        final Map<String, Histogram> totals = totals(hops);
        assertEquals(10, totals.get("consensus").getTotalCount());
        assertEquals(40 * MICRO, totals.get("consensus").getMaxValue(), MICRO / 10.0);
        assertEquals(100 * MICRO * 10, sumOfAll(totals), 10 * MICRO / 10.0);
    }

    @Test
    void aVenueWithTransactTimeAndSendingTimeIsSplitIntoTheWireInTheVenueAndTheWireBack()
    {
        final long intended = 2_000_000 * MICRO;
        final long sent = intended + 4 * MICRO;
        final long venueIn = sent + 30 * MICRO;
        final long venueOut = venueIn + 10 * MICRO;
        final long read = venueOut + 25 * MICRO;
        final long answered = read + 6 * MICRO;
        hops.onVenueAnswer(intended, sent, sent, CLOCK.epochNanosOf(venueIn), CLOCK.epochNanosOf(venueOut), 1,
            CLOCK.epochNanosOf(read), answered);

        assertHops(Map.of("send", 4 * MICRO, "to-venue", 30 * MICRO, "in-venue", 10 * MICRO,
            "from-venue", 25 * MICRO, "receive", 6 * MICRO), only(hops));
    }

    @Test
    void aVenueThatStampsWholeMillisecondsIsNotSplitAcrossTheWireAndSaysSo()
    {
        final long intended = 3_000_000 * MICRO;
        final long read = intended + 70 * MICRO;
        hops.onVenueAnswer(intended, intended + 2 * MICRO, intended + 2 * MICRO, AnswerHops.NO_STAMP,
            CLOCK.epochNanosOf(intended + 40 * MICRO), 1_000_000, CLOCK.epochNanosOf(read), read + 3 * MICRO);

        assertHops(Map.of("send", 2 * MICRO, "wire-and-venue", 68 * MICRO, "receive", 3 * MICRO), only(hops));
        assertEquals(1, hops.coarseAnswers());
        assertEquals(0, hops.venueClock().answers());
    }

    @Test
    void aVenueClockThatStepsIsCalledInconsistentAndItsAnswersStillAddUp()
    {
        final long intended = 4_000_000 * MICRO;
        venueAnswer(intended, 0);
        venueAnswer(intended + 1_000 * MICRO, 2_000 * MICRO);

        assertFalse(hops.venueClock().isConsistent());
        assertTrue(hops.reorderedAnswers() > 0);
        assertEquals(2 * 65 * MICRO, sumOfAll(totals(hops)), MICRO / 5.0);
    }

    /**
     * The same hops in the same order, each within a microsecond: the offset between two clocks is known only to
     * within the answers' own asymmetry, and a histogram keeps three significant digits.
     */
    private static void assertHops(final Map<String, Long> expected, final Map<String, Long> recorded)
    {
        assertEquals(expected.keySet(), recorded.keySet());
        expected.forEach((name, nanos) -> assertEquals(nanos, recorded.get(name), MICRO, name));
    }

    private void venueAnswer(final long intended, final long venueAhead)
    {
        final long sent = intended + 5 * MICRO;
        final long venueIn = sent + 20 * MICRO;
        final long venueOut = venueIn + 10 * MICRO;
        final long read = venueOut + 20 * MICRO;
        hops.onVenueAnswer(intended, sent, sent, CLOCK.epochNanosOf(venueIn) + venueAhead,
            CLOCK.epochNanosOf(venueOut) + venueAhead, 1, CLOCK.epochNanosOf(read), read + 10 * MICRO);
    }

    /**
     * Sonde sends 5 µs late; the exchange reads 20 µs later, offers 3 µs later, commits 40 µs later, matches in 2,
     * writes 6 µs later; Sonde reads 15 µs later and handles it 9 µs after that: 100 µs in all.
     */
    private static void exchangeAnswer(final AnswerHops hops, final long intended, final long exchangeAhead)
    {
        final long sent = intended + 5 * MICRO;
        final long gatewayRead = sent + 20 * MICRO;
        final long offer = gatewayRead + 3 * MICRO;
        final long commit = offer + 40 * MICRO;
        final long event = commit + 2 * MICRO;
        final long write = event + 6 * MICRO;
        final long read = write + 15 * MICRO;
        final long answered = read + 9 * MICRO;
        hops.onExchangeAnswer(intended, sent, sent,
            exchange(gatewayRead, exchangeAhead), exchange(offer, exchangeAhead), exchange(commit, exchangeAhead),
            exchange(event, exchangeAhead), exchange(write, exchangeAhead), CLOCK.epochNanosOf(read), answered);
    }

    private static long exchange(final long nanoTime, final long ahead)
    {
        return CLOCK.epochNanosOf(nanoTime) + ahead;
    }

    /**
     * @return each hop that holds exactly one value, with it.
     */
    private static Map<String, Long> only(final AnswerHops hops)
    {
        final Map<String, Long> values = new LinkedHashMap<>();
        totals(hops).forEach((name, histogram) ->
        {
            assertEquals(1, histogram.getTotalCount(), name);
            values.put(name, histogram.getMaxValue());
        });
        return values;
    }

    private static Map<String, Histogram> totals(final AnswerHops hops)
    {
        final Map<String, Histogram> totals = new LinkedHashMap<>();
        for (final HopSeries hop : hops.inPathOrder())
        {
            final Histogram interval = hop.measured().takeInterval(null);
            if (interval.getTotalCount() > 0)
            {
                totals.put(hop.name(), interval);
            }
        }
        return totals;
    }

    private static long sumOfAll(final Map<String, Histogram> totals)
    {
        long sum = 0;
        for (final Histogram histogram : totals.values())
        {
            for (final var value : histogram.recordedValues())
            {
                sum += histogram.medianEquivalentValue(value.getValueIteratedTo()) * value.getCountAtValueIteratedTo();
            }
        }
        return sum;
    }
}
