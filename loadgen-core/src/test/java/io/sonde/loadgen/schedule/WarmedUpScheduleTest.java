package io.sonde.loadgen.schedule;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class WarmedUpScheduleTest
{
    private static final long START = 3_000_000_000L;
    private static final long MILLIS = 1_000_000L;

    @Test
    void theMeasuredStagesStartWhereTheWarmupEnds()
    {
        final Schedule schedule = new WarmedUpSchedule(new ConstantRateSchedule(1_000), 3 * MILLIS,
            new StepSchedule(List.of(Stages.flat(500, 4 * MILLIS), Stages.flat(2_000, 2 * MILLIS))));
        schedule.start(START);

        final long[] expectedOffsetsMicros = {0, 1_000, 2_000, 3_000, 5_000, 7_000, 7_500, 8_000, 8_500};
        for (final long offset : expectedOffsetsMicros)
        {
            assertEquals(START + offset * 1_000, schedule.nextIntendedNanos());
        }
        assertEquals(Schedule.END, schedule.nextIntendedNanos());
    }

    @Test
    void withoutWarmupItIsTheMeasuredScheduleAndReportsItsRate()
    {
        final Schedule schedule = new WarmedUpSchedule(new ConstantRateSchedule(10), 0,
            new BurstSchedule(2, 5 * MILLIS));
        schedule.start(START);

        assertEquals(START, schedule.nextIntendedNanos());
        assertEquals(START, schedule.nextIntendedNanos());
        assertEquals(START + 5 * MILLIS, schedule.nextIntendedNanos());
        assertEquals(400, schedule.meanRatePerSecond(), 1e-9);
    }

    @Test
    void aNegativeWarmupIsRefused()
    {
        assertThrows(IllegalArgumentException.class,
            () -> new WarmedUpSchedule(new ConstantRateSchedule(1), -1, new ConstantRateSchedule(1)));
    }
}
