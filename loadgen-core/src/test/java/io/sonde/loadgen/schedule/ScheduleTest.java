package io.sonde.loadgen.schedule;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScheduleTest
{
    private static final long START = 5_000_000_000L;
    private static final long MILLIS = 1_000_000L;
    private static final long SECOND = 1_000_000_000L;

    @Test
    void constantRateSpacesRequestsEvenlyFromTheStart()
    {
        final Schedule schedule = new ConstantRateSchedule(4_000);
        schedule.start(START);

        for (int i = 0; i < 10_000; i++)
        {
            assertEquals(START + i * 250_000L, schedule.nextIntendedNanos());
        }
    }

    @Test
    void constantRateWithAFractionalPeriodDoesNotDrift()
    {
        final Schedule schedule = new ConstantRateSchedule(3);
        schedule.start(0);

        long last = 0;
        for (int i = 0; i <= 300_000; i++)
        {
            last = schedule.nextIntendedNanos();
        }
        assertEquals(100_000 * SECOND, last, 1_000);
    }

    @Test
    void poissonHasTheRequestedMeanRateAndExponentialGaps()
    {
        final int samples = 200_000;
        final double rate = 10_000;
        final double[] gaps = gaps(new PoissonSchedule(rate, 42), samples);

        final double meanGap = Arrays.stream(gaps).average().orElseThrow();
        assertEquals(1e9 / rate, meanGap, 1e9 / rate * 0.01, "mean gap");

        Arrays.sort(gaps);
        double maxDistance = 0;
        for (int i = 0; i < samples; i++)
        {
            final double expectedCdf = 1 - Math.exp(-gaps[i] * rate / 1e9);
            maxDistance = Math.max(maxDistance, Math.abs((i + 1.0) / samples - expectedCdf));
        }
        final double kolmogorovSmirnovCritical = 1.36 / Math.sqrt(samples);
        assertTrue(maxDistance < kolmogorovSmirnovCritical,
            "gaps are exponential: KS distance " + maxDistance + " < " + kolmogorovSmirnovCritical);
    }

    @Test
    void poissonIsReproducibleFromItsSeedAndRestartsIdentically()
    {
        final Schedule first = new PoissonSchedule(1_000, 7);
        final Schedule second = new PoissonSchedule(1_000, 7);
        first.start(START);
        second.start(START);
        final long[] firstRun = new long[1_000];
        for (int i = 0; i < firstRun.length; i++)
        {
            firstRun[i] = first.nextIntendedNanos();
            assertEquals(firstRun[i], second.nextIntendedNanos());
        }

        first.start(START);
        for (final long intended : firstRun)
        {
            assertEquals(intended, first.nextIntendedNanos());
        }
    }

    @Test
    void stepStagesSwitchAtTheirIntendedTimesAndTheScheduleEnds()
    {
        final Schedule schedule = new StepSchedule(List.of(
            Stages.flat(1_000, SECOND),
            Stages.flat(2_000, SECOND / 2),
            Stages.flat(0, SECOND / 2),
            Stages.flat(100, SECOND)));
        schedule.start(START);

        for (int i = 0; i < 1_000; i++)
        {
            assertEquals(START + i * MILLIS, schedule.nextIntendedNanos(), "first stage request " + i);
        }
        for (int i = 0; i < 1_000; i++)
        {
            assertEquals(START + SECOND + i * MILLIS / 2, schedule.nextIntendedNanos(), "second stage request " + i);
        }
        for (int i = 0; i < 100; i++)
        {
            assertEquals(START + 2 * SECOND + i * 10 * MILLIS, schedule.nextIntendedNanos(), "after the pause " + i);
        }
        assertEquals(Schedule.END, schedule.nextIntendedNanos());
        assertEquals(2_100 / 3.0, schedule.meanRatePerSecond(), 1e-9);
    }

    @Test
    void rampRaisesTheRateLinearly()
    {
        final Schedule schedule = new StepSchedule(List.of(Stages.ramp(1_000, 3_000, SECOND)));
        schedule.start(0);

        int inFirstHalf = 0;
        int total = 0;
        long intended;
        while ((intended = schedule.nextIntendedNanos()) != Schedule.END)
        {
            total++;
            if (intended < SECOND / 2)
            {
                inFirstHalf++;
            }
        }
        // Offered count: the integral of the rate, 2,000 in total and 750 in the first half second.
        assertEquals(2_000, total);
        assertEquals(750, inFirstHalf, 1);
    }

    @Test
    void burstsSendTheirRequestsTogetherEveryPeriod()
    {
        final Schedule schedule = new BurstSchedule(5, 10 * MILLIS);
        schedule.start(START);

        for (int burst = 0; burst < 100; burst++)
        {
            for (int i = 0; i < 5; i++)
            {
                assertEquals(START + burst * 10 * MILLIS, schedule.nextIntendedNanos());
            }
        }
        assertEquals(500, schedule.meanRatePerSecond(), 1e-9);
    }

    @Test
    void nonsenseParametersAreRefusedWithTheValueNamed()
    {
        final IllegalArgumentException rate = assertThrows(IllegalArgumentException.class,
            () -> new ConstantRateSchedule(-5));
        assertTrue(rate.getMessage().contains("-5"), rate.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new PoissonSchedule(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new BurstSchedule(0, MILLIS));
        assertThrows(IllegalArgumentException.class, () -> new StepSchedule(List.of()));
    }

    private static double[] gaps(final Schedule schedule, final int count)
    {
        schedule.start(0);
        final double[] gaps = new double[count];
        long previous = schedule.nextIntendedNanos();
        for (int i = 0; i < count; i++)
        {
            final long next = schedule.nextIntendedNanos();
            gaps[i] = next - previous;
            previous = next;
        }
        return gaps;
    }
}
