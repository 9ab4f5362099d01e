package io.sonde.market;

import io.sonde.loadgen.schedule.BurstSchedule;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.schedule.Schedule;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TriggerScheduleTest
{
    @Test
    void everyNthEventIsATriggerAndTheOthersQueueAsFillersInOrder()
    {
        final FillerTimes fillers = new FillerTimes(4);
        final TriggerSchedule triggers = new TriggerSchedule(new ConstantRateSchedule(1_000), 4, fillers);
        triggers.start(0);

        assertEquals(3_000_000, triggers.nextIntendedNanos());
        assertEquals(List.of(0L, 1_000_000L, 2_000_000L), drain(fillers));
        assertEquals(7_000_000, triggers.nextIntendedNanos());
        assertEquals(List.of(4_000_000L, 5_000_000L, 6_000_000L), drain(fillers));
    }

    @Test
    void offersTheTriggerRateAndNamesBothSchedules()
    {
        final TriggerSchedule triggers = new TriggerSchedule(new ConstantRateSchedule(10_000), 10, new FillerTimes(10));

        assertEquals(1_000, triggers.meanRatePerSecond(), 1e-9);
        assertEquals("1 in 10 of " + new ConstantRateSchedule(10_000), triggers.toString());
    }

    @Test
    void aBurstOfEventsKeepsItsOrderAcrossTriggers()
    {
        final Schedule events = new BurstSchedule(5, 1_000);
        final Schedule reference = new BurstSchedule(5, 1_000);
        final FillerTimes fillers = new FillerTimes(3);
        final TriggerSchedule triggers = new TriggerSchedule(events, 3, fillers);
        triggers.start(100);
        reference.start(100);

        final List<Long> merged = new ArrayList<>();
        final List<Long> expected = new ArrayList<>();
        for (int trigger = 0; trigger < 7; trigger++)
        {
            final long intended = triggers.nextIntendedNanos();
            merged.addAll(drain(fillers));
            merged.add(intended);
        }
        for (int event = 0; event < 21; event++)
        {
            expected.add(reference.nextIntendedNanos());
        }
        assertEquals(expected, merged);
    }

    @Test
    void restartingDropsTheFillersOfTheRunBefore()
    {
        final FillerTimes fillers = new FillerTimes(5);
        final TriggerSchedule triggers = new TriggerSchedule(new ConstantRateSchedule(1_000), 5, fillers);
        triggers.start(0);
        triggers.nextIntendedNanos();

        triggers.start(0);

        assertEquals(0, fillers.size());
    }

    @Test
    void aFullRingDropsAndCountsRatherThanOverwriting()
    {
        final FillerTimes fillers = new FillerTimes(2);
        for (int i = 0; i < fillers.capacity() + 3; i++)
        {
            fillers.add(i);
        }

        assertEquals(fillers.capacity(), fillers.size());
        assertEquals(3, fillers.dropped());
        assertEquals(0, fillers.take());
    }

    @Test
    void aFillerIsDueOnlyOnceItsTimeHasCome()
    {
        final FillerTimes fillers = new FillerTimes(2);
        fillers.add(50);

        assertFalse(fillers.hasDue(49));
        assertTrue(fillers.hasDue(50));
    }

    private static List<Long> drain(final FillerTimes fillers)
    {
        final List<Long> times = new ArrayList<>();
        while (fillers.size() > 0)
        {
            times.add(fillers.take());
        }
        return times;
    }
}
