package io.sonde.loadgen.schedule;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class GroupedScheduleTest
{
    private static final long START = 7_000_000_000L;
    private static final long MILLIS = 1_000_000L;

    @Test
    void mergesTheGroupsInIntendedTimeOrderAndNamesEachRequestsGroup()
    {
        final GroupedSchedule schedule = new GroupedSchedule(List.of(
            new ConstantRateSchedule(1_000), new BurstSchedule(3, 2 * MILLIS)));
        schedule.start(START);

        final long[] expectedOffsetsMillis = {0, 0, 0, 0, 1, 2, 2, 2, 2, 3, 4, 4, 4, 4};
        final int[] expectedGroups = {0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 1, 1};
        for (int i = 0; i < expectedOffsetsMillis.length; i++)
        {
            assertEquals(START + expectedOffsetsMillis[i] * MILLIS, schedule.nextIntendedNanos(), "request " + i);
            assertEquals(expectedGroups[i], schedule.getAsInt(), "group of request " + i);
        }
    }

    @Test
    void eachGroupKeepsItsOwnSpacingInTheMerge()
    {
        final GroupedSchedule schedule = new GroupedSchedule(List.of(
            new ConstantRateSchedule(250), new ConstantRateSchedule(400)));
        schedule.start(0);

        final long[] merged = new long[9];
        for (int i = 0; i < merged.length; i++)
        {
            merged[i] = schedule.nextIntendedNanos();
        }
        assertEquals(List.of(0L, 0L, 2_500_000L, 4_000_000L, 5_000_000L, 7_500_000L, 8_000_000L, 10_000_000L,
            12_000_000L), Arrays.stream(merged).boxed().toList());
    }

    @Test
    void aFiniteGroupStopsContributingAndTheWholeEndsWithTheLast()
    {
        final GroupedSchedule schedule = new GroupedSchedule(List.of(
            new StepSchedule(List.of(Stages.flat(1_000, 2 * MILLIS))),
            new StepSchedule(List.of(Stages.flat(500, 4 * MILLIS)))));
        schedule.start(START);

        assertEquals(START, schedule.nextIntendedNanos());
        assertEquals(0, schedule.getAsInt());
        assertEquals(START, schedule.nextIntendedNanos());
        assertEquals(1, schedule.getAsInt());
        assertEquals(START + MILLIS, schedule.nextIntendedNanos());
        assertEquals(START + 2 * MILLIS, schedule.nextIntendedNanos());
        assertEquals(1, schedule.getAsInt());
        assertEquals(Schedule.END, schedule.nextIntendedNanos());
        assertEquals(1, schedule.getAsInt(), "the group of the last real request stays");
    }

    @Test
    void restartingReplaysTheSameMerge()
    {
        final GroupedSchedule schedule = new GroupedSchedule(List.of(
            new PoissonSchedule(1_000, 3), new PoissonSchedule(2_000, 4)));
        schedule.start(START);
        final long[] first = {schedule.nextIntendedNanos(), schedule.nextIntendedNanos(), schedule.nextIntendedNanos()};
        schedule.start(START);
        for (final long intended : first)
        {
            assertEquals(intended, schedule.nextIntendedNanos());
        }
    }

    @Test
    void theMeanRateIsTheGroupsSumAndNoGroupsIsRefused()
    {
        assertEquals(1_500, new GroupedSchedule(List.of(
            new ConstantRateSchedule(1_000), new BurstSchedule(50, 100 * MILLIS))).meanRatePerSecond(), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> new GroupedSchedule(List.of()));
    }
}
