package io.sonde.market;

import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.runner.LoadAgent;
import io.sonde.loadgen.runner.OutcomeCounts;
import io.sonde.loadgen.runner.RunCounters;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.md.sbe.MessageHeaderDecoder;
import io.sonde.md.sbe.OrderAddedDecoder;
import org.HdrHistogram.Histogram;
import org.agrona.DirectBuffer;
import org.agrona.collections.LongArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tick-to-trade obeys the coordinated-omission rule: the market's thread is held for 200 ms while an
 * application answers every trigger 10 µs after it was actually sent. The triggers intended during the hold go out
 * together when it ends; each is timed from its intended time (corrected, falling linearly with it), none is
 * skipped or re-based, and the uncorrected figure, timed from the send, sees nothing but the 10 µs.
 */
class MarketCoordinatedOmissionTest
{
    private static final long MICROS = 1_000;
    private static final long MILLIS = 1_000_000;
    private static final long START_NANOS = 1_000_000;
    private static final int EVENTS_PER_SECOND = 2_000;
    private static final int TRIGGER_EVERY = 2;
    private static final int TRIGGERS = EVENTS_PER_SECOND / TRIGGER_EVERY;
    private static final long REACTION_NANOS = 10 * MICROS;
    private static final long HOLD_START_NANOS = START_NANOS + 300 * MILLIS + 600 * MICROS;
    private static final long HOLD_NANOS = 200 * MILLIS;
    private static final long HOLD_END_NANOS = HOLD_START_NANOS + HOLD_NANOS;
    private static final int FIRST_HELD = 301;
    private static final int LAST_HELD = 500;

    private final TestClock clock = new TestClock(START_NANOS);
    private final ScriptedFeed feed = new ScriptedFeed();
    private final RequestSeries measured = new RequestSeries("");
    private final RunCounters counters = new RunCounters();
    private final HopSeries feedLateness = HopSeries.ofFeed("lateness");
    private Histogram corrected;
    private Histogram uncorrected;
    private int measuredWindowsAnnounced;
    private long eventsWhenAnnounced = -1;

    @BeforeEach
    void runThroughOneHold()
    {
        final List<MarketSymbol> symbols = List.of(new MarketSymbol("SONDE.A", 1_000_000, 100, 1));
        final TriggerTable table = new TriggerTable(Market.TRIGGER_CAPACITY);
        final PriceKeys keys = new PriceKeys(Market.TRIGGER_CAPACITY);
        final ReactionMatcher matcher = new ReactionMatcher(MatchMode.ECHO, 58, table, keys, new SymbolIndex(symbols));
        final FillerTimes fillers = new FillerTimes(TRIGGER_EVERY);
        final TriggerSchedule schedule =
            new TriggerSchedule(new ConstantRateSchedule(EVENTS_PER_SECOND), TRIGGER_EVERY, fillers);
        final ReactingApplication application = new ReactingApplication(matcher);
        final MarketTransport transport = new MarketTransport(clock, clock, fillers,
            new MarketBook(symbols, MarketShape.DEFAULT, 1, keys), table, keys, matcher, feed, application,
            feedLateness, 1_000 * MILLIS, () -> { }, this::onMeasuredStart);
        final RunTiming timing = new RunTiming(0, 1_000 * MILLIS, 1_000 * MILLIS, 1_000 * MILLIS);
        final LoadAgent agent = new LoadAgent(clock, schedule, transport, timing, Market.TRIGGER_CAPACITY,
            1_000, new RequestSeries("warmup-"), measured, counters);
        agent.begin(clock.nanoTime());
        feedLateness.begin(clock.nanoTime());
        while (!agent.isFinished())
        {
            agent.doWork();
            clock.advance(MICROS);
            if (clock.nanoTime() == HOLD_START_NANOS)
            {
                clock.advance(HOLD_NANOS);
            }
        }
        corrected = measured.corrected().takeInterval(null);
        uncorrected = measured.uncorrected().takeInterval(null);
    }

    @Test
    void everyTriggerIsSentAndAnsweredAndEveryEventPublishedInOrder()
    {
        assertEquals(new OutcomeCounts(TRIGGERS, TRIGGERS, 0, 0, 0), OutcomeCounts.of(counters.measurement()));
        assertEquals(EVENTS_PER_SECOND, feed.events);
        assertEquals(TRIGGERS, feed.triggerSequences.size());
        for (int k = 0; k < TRIGGERS; k++)
        {
            assertEquals((long)TRIGGER_EVERY * (k + 1), feed.triggerSequences.getLong(k));
        }
    }

    @Test
    void theHeldTriggersAreTimedFromTheirIntendedTimes()
    {
        for (int k = FIRST_HELD; k <= LAST_HELD; k++)
        {
            final long intended = START_NANOS + k * MILLIS + 500 * MICROS;
            final long expected = HOLD_END_NANOS + REACTION_NANOS - intended;
            assertEquals(1, corrected.getCountAtValue(expected), "held trigger " + k + " at " + expected + " ns");
        }
        assertEquals(TRIGGERS - (LAST_HELD - FIRST_HELD + 1), corrected.getCountAtValue(REACTION_NANOS));
        assertTrue(corrected.valuesAreEquivalent(HOLD_NANOS - 900 * MICROS + REACTION_NANOS,
            corrected.getMaxValue()));
    }

    @Test
    void theMeasuredWindowIsAnnouncedOnceAtItsFirstEventSoTheFeedsCountsStartThere()
    {
        assertEquals(1, measuredWindowsAnnounced);
        assertEquals(1, eventsWhenAnnounced, "as its first event is added, before a packet holding it is sent");
    }

    @Test
    void fromTheSendEveryTriggerTookOnlyTheApplicationsTenMicroseconds()
    {
        assertEquals(TRIGGERS, uncorrected.getCountAtValue(REACTION_NANOS));
    }

    @Test
    void theFeedsOwnLatenessShowsTheHoldForEveryEventIntendedDuringIt()
    {
        final Histogram lateness = feedLateness.measured().takeInterval(null);

        assertEquals(EVENTS_PER_SECOND, lateness.getTotalCount());
        assertEquals(EVENTS_PER_SECOND - 2 * (LAST_HELD - FIRST_HELD + 1), lateness.getCountAtValue(0));
        assertTrue(lateness.valuesAreEquivalent(HOLD_NANOS - 400 * MICROS, lateness.getMaxValue()));
    }

    /**
     * The feed as a list: which events were triggers, and when each trigger was sent.
     */
    private final class ScriptedFeed implements FeedSink
    {
        final MessageHeaderDecoder header = new MessageHeaderDecoder();
        final OrderAddedDecoder added = new OrderAddedDecoder();
        final LongArrayList triggerSequences = new LongArrayList();
        final LongArrayList triggerSends = new LongArrayList();
        long events;

        public long nextSequence()
        {
            return events + 1;
        }

        public void add(final DirectBuffer event, final int length)
        {
            events++;
            header.wrap(event, 0);
            if (header.templateId() == OrderAddedDecoder.TEMPLATE_ID)
            {
                added.wrapAndApplyHeader(event, 0, header);
                if (added.flags().trigger())
                {
                    triggerSequences.addLong(events);
                    triggerSends.addLong(clock.nanoTime());
                }
            }
        }

        public void flush(final long nowNanos)
        {
        }
    }

    /**
     * An application that answers each trigger, echoing its number, 10 µs after the trigger was sent.
     */
    private final class ReactingApplication implements OrderInbox
    {
        private final ReactionMatcher matcher;
        private int answered;

        ReactingApplication(final ReactionMatcher matcher)
        {
            this.matcher = matcher;
        }

        public int poll()
        {
            int work = 0;
            while (answered < feed.triggerSends.size() &&
                feed.triggerSends.getLong(answered) + REACTION_NANOS <= clock.nanoTime())
            {
                final long arrival = feed.triggerSends.getLong(answered) + REACTION_NANOS;
                matcher.onTriggerNumber(feed.triggerSequences.getLong(answered), arrival, null);
                answered++;
                work++;
            }
            return work;
        }
    }

    private void onMeasuredStart()
    {
        measuredWindowsAnnounced++;
        eventsWhenAnnounced = feed.events;
    }
}
