package io.sonde.inprocess.run;

import io.sonde.api.FixLoad;
import io.sonde.api.RateStage;
import io.sonde.api.RateStages;
import io.sonde.api.ScheduleShape;
import io.sonde.api.SessionGroup;
import io.sonde.api.SessionGroups;
import io.sonde.fix.client.order.SessionGroupRouter;
import io.sonde.loadgen.schedule.BurstSchedule;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.schedule.GroupedSchedule;
import io.sonde.loadgen.schedule.PoissonSchedule;
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
        if (load.sessionGroups().isPresent())
        {
            return new GroupedSchedule(groupSchedules(load.sessionGroups().get(), rate, load.seed()));
        }
        return of(load.schedule(), load.seed(), load.burstSize(), load.stages().orElse(null), rate, warmup);
    }

    /**
     * @param shape     the schedule's shape.
     * @param seed      a Poisson schedule's seed.
     * @param burstSize the requests (or a market's events) of each burst of a burst schedule.
     * @param stages    a staged schedule's stages; null for another shape.
     * @param rate      the mean rate (ignored by a staged schedule, whose stages set it).
     * @param warmup    a staged schedule plays its first stage's starting rate for this long before the stages.
     */
    public static Schedule of(
        final ScheduleShape shape, final long seed, final int burstSize, final RateStages stages, final double rate,
        final Duration warmup)
    {
        return switch (shape)
        {
            case CONSTANT -> new ConstantRateSchedule(rate);
            case POISSON -> new PoissonSchedule(rate, seed);
            case BURST -> new BurstSchedule(burstSize, burstPeriodNanos(burstSize, rate));
            case STEPS -> staged(stages, warmup);
        };
    }

    /**
     * @param arrivals what {@link #of} returned.
     * @return which session each request goes out on, or null to spread them over all sessions.
     */
    public static SessionGroupRouter sessionGroups(final FixLoad load, final Schedule arrivals)
    {
        return arrivals instanceof GroupedSchedule grouped ?
            new SessionGroupRouter(grouped, load.sessionGroups().orElseThrow()) : null;
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
    private static List<Schedule> groupSchedules(
        final SessionGroups plan, final double rate, final long seed)
    {
        final List<Schedule> schedules = new ArrayList<>();
        final int total = plan.totalSessions();
        for (int i = 0; i < plan.groups().size(); i++)
        {
            final SessionGroup group = plan.groups().get(i);
            final double groupRate = rate * group.sessions() / total;
            switch (group.shape())
            {
                case CONSTANT -> schedules.add(new ConstantRateSchedule(groupRate));
                case POISSON -> schedules.add(new PoissonSchedule(groupRate, seed + i));
                default -> schedules.add(new BurstSchedule(group.burstSize(),
                    burstPeriodNanos(group.burstSize(), groupRate)));
            }
        }
        return schedules;
    }

    private static Schedule staged(final RateStages stages, final Duration warmup)
    {
        final StepSchedule steps = new StepSchedule(stages.stages());
        if (warmup.isZero())
        {
            return steps;
        }
        final double firstRate = stages.stages().get(0).fromRate();
        final StepSchedule warmupStage = new StepSchedule(List.of(new RateStage(firstRate, firstRate, warmup)));
        return new WarmedUpSchedule(warmupStage, warmup.toNanos(), steps);
    }
}
