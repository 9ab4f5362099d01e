package io.sonde.inprocess.engine;

import io.sonde.api.FixLoad;
import io.sonde.api.RateStages;
import io.sonde.api.SessionGroupPlan;
import io.sonde.fix.client.order.SessionGroups;
import io.sonde.loadgen.schedule.BurstSchedule;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.schedule.GroupedSchedule;
import io.sonde.loadgen.schedule.PoissonSchedule;
import io.sonde.loadgen.schedule.RateStage;
import io.sonde.loadgen.schedule.Schedule;
import io.sonde.loadgen.schedule.StepSchedule;
import io.sonde.loadgen.schedule.WarmedUpSchedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a load's schedule options into the schedule of intended times. Every shape keeps origin-based intended
 * times, so a late send never shifts a later request's intended time.
 */
public final class Arrivals
{
    private Arrivals()
    {
    }

    /**
     * @param rate   the mean rate (ignored by a staged schedule, whose stages set it).
     * @param warmup a staged schedule plays its first stage's starting rate for this long before the stages.
     */
    public static Schedule of(final FixLoad load, final double rate, final Duration warmup)
    {
        if (load.sessionGroups() != null)
        {
            return new GroupedSchedule(groupSchedules(SessionGroupPlan.parse(load.sessionGroups()), rate, load.seed()));
        }
        return switch (load.scheduleShape())
        {
            case CONSTANT -> new ConstantRateSchedule(rate);
            case POISSON -> new PoissonSchedule(rate, load.seed());
            case BURST -> new BurstSchedule(burstSize(load), burstPeriodNanos(burstSize(load), rate));
            case STEPS -> staged(RateStages.parse(load.stages()), warmup);
        };
    }

    /**
     * @param arrivals what {@link #of} returned.
     * @return which session each request goes out on, or null to spread them over all sessions.
     */
    public static SessionGroups sessionGroups(final FixLoad load, final Schedule arrivals)
    {
        return arrivals instanceof GroupedSchedule grouped ?
            new SessionGroups(grouped, SessionGroupPlan.parse(load.sessionGroups()).sessionCounts()) : null;
    }

    /**
     * @return the spacing of bursts of {@code size} orders that averages {@code rate} per second.
     */
    private static long burstPeriodNanos(final int size, final double rate)
    {
        return Math.max(1, Math.round(size * 1e9 / rate));
    }

    /**
     * @param rate the run's rate, shared out by sessions.
     * @param seed each Poisson group draws from its own seed, derived from this one.
     */
    private static List<Schedule> groupSchedules(final SessionGroupPlan plan, final double rate, final long seed)
    {
        final List<Schedule> schedules = new ArrayList<>();
        final int total = plan.totalSessions();
        final int[] sessionCounts = plan.sessionCounts();
        for (int i = 0; i < plan.groups(); i++)
        {
            final double groupRate = rate * sessionCounts[i] / total;
            switch (plan.shape(i))
            {
                case CONSTANT -> schedules.add(new ConstantRateSchedule(groupRate));
                case POISSON -> schedules.add(new PoissonSchedule(groupRate, seed + i));
                default -> schedules.add(new BurstSchedule(plan.burstSize(i),
                    burstPeriodNanos(plan.burstSize(i), groupRate)));
            }
        }
        return schedules;
    }

    private static int burstSize(final FixLoad load)
    {
        return load.burstSize() == null ? FixLoad.DEFAULT_BURST_SIZE : load.burstSize();
    }

    private static Schedule staged(final List<RateStage> measured, final Duration warmup)
    {
        final StepSchedule steps = new StepSchedule(measured);
        if (warmup.isZero())
        {
            return steps;
        }
        final StepSchedule warmupStage = new StepSchedule(
            List.of(RateStage.flat(measured.get(0).fromRatePerSecond(), warmup.toNanos())));
        return new WarmedUpSchedule(warmupStage, warmup.toNanos(), steps);
    }
}
