package io.sonde.loadgen.schedule;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RecordedScheduleTest
{
    private static final long START = 7_000_000_000L;
    private static final long[] RECORDED = {0, 5_000_000, 10_000_000, 10_000_000, 250_000_004, 1_000_000_000};

    @Test
    void atSpeedOneEveryRequestIsIntendedAtItsRecordedOffsetExactly()
    {
        final Schedule schedule = new RecordedSchedule(RECORDED, 1);
        schedule.start(START);

        for (final long offset : RECORDED)
        {
            assertEquals(START + offset, schedule.nextIntendedNanos());
        }
        assertEquals(Schedule.END, schedule.nextIntendedNanos());
        assertEquals(Schedule.END, schedule.nextIntendedNanos(), "finite: it stays ended");
    }

    @Test
    void atSpeedFourEveryOffsetIsAQuarterOfTheRecordedOne()
    {
        final Schedule schedule = new RecordedSchedule(RECORDED, 4);
        schedule.start(START);

        for (final long offset : RECORDED)
        {
            assertEquals(START + offset / 4, schedule.nextIntendedNanos());
        }
        assertEquals(Schedule.END, schedule.nextIntendedNanos());
    }

    @Test
    void restartingReplaysFromTheFirstRequestAtTheNewOrigin()
    {
        final Schedule schedule = new RecordedSchedule(RECORDED, 2);
        schedule.start(START);
        schedule.nextIntendedNanos();
        schedule.nextIntendedNanos();

        schedule.start(0);
        assertEquals(0, schedule.nextIntendedNanos());
        assertEquals(2_500_000, schedule.nextIntendedNanos());
    }

    @Test
    void theMeanRateIsTheRequestsOverTheReplayedSpan()
    {
        final RecordedSchedule atOne = new RecordedSchedule(RECORDED, 1);
        assertEquals(1_000_000_001L, atOne.durationNanos(), "just past the last request, so it is measured");
        assertEquals(6.0, atOne.meanRatePerSecond(), 1e-6);

        final RecordedSchedule atFour = new RecordedSchedule(RECORDED, 4);
        assertEquals(250_000_001L, atFour.durationNanos());
        assertEquals(24.0, atFour.meanRatePerSecond(), 1e-6);
    }

    @Test
    void offsetsThatGoBackOrASpeedThatIsNotPositiveAreRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> new RecordedSchedule(new long[]{0, 5, 4}, 1));
        assertThrows(IllegalArgumentException.class, () -> new RecordedSchedule(new long[]{-1}, 1));
        assertThrows(IllegalArgumentException.class, () -> new RecordedSchedule(new long[]{0}, 0));
        assertThrows(IllegalArgumentException.class, () -> new RecordedSchedule(new long[0], 1));
    }
}
