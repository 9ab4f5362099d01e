package io.sonde.scenarios.schedule;

import io.sonde.fix.client.order.SessionGroups;
import io.sonde.loadgen.schedule.BurstSchedule;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.schedule.GroupedSchedule;
import io.sonde.loadgen.schedule.PoissonSchedule;
import io.sonde.loadgen.schedule.RateStage;
import io.sonde.loadgen.schedule.Schedule;
import io.sonde.loadgen.schedule.StepSchedule;
import io.sonde.loadgen.schedule.WarmedUpSchedule;
import io.sonde.loadgen.time.Durations;
import io.sonde.scenarios.cli.ScheduleChoice;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * The arrival schedule's options: its shape ({@code --schedule}), a burst's size, a staged schedule's stages, and
 * per-session-group shapes. Every shape keeps origin-based intended times, so a late send never shifts a later
 * request's intended time. The checks throw {@link IllegalArgumentException} naming the options at fault.
 */
public final class ScheduleOptions
{
    @Option(names = "--schedule", defaultValue = "constant", converter = ScheduleChoice.Converter.class,
        description = "Arrival schedule: constant, poisson, burst (--burst-size orders intended at one instant, " +
            "as often as the rate needs) or steps (--stages, which set the rate and the measured duration) " +
            "(default: ${DEFAULT-VALUE}).")
    private ScheduleChoice schedule;

    @Option(names = "--burst-size", defaultValue = "100",
        description = "Orders in each burst of --schedule burst (default: ${DEFAULT-VALUE}).")
    private int burstSize;

    @Option(names = "--stages", description = "The stages of --schedule steps, played in order: RATE:DURATION " +
        "for a flat step, FROM-TO:DURATION for a linear ramp, 0:DURATION for a pause, e.g. " +
        "1k:10s,1k-5k:20s,5k:10s. They last the measured duration (--duration, if given, must agree); the " +
        "warm-up runs at the first stage's starting rate.")
    private String stages;

    @Option(names = "--session-groups", description = "Give groups of sessions their own shapes, " +
        "SESSIONS:SHAPE,... with SHAPE constant, poisson or burst(ORDERS), e.g. 4:constant,2:burst(50): the " +
        "first 4 sessions steady, the next 2 bursting. Every session carries an equal share of the rate; the " +
        "groups' sessions add up to --sessions, which they set when it is not given. Instead of --schedule.")
    private String sessionGroups;

    /**
     * @param isSet  whether an option was given, on the command line or by a scenario file.
     * @param forRun true for {@code sonde run}; a sweep sets each step's rate, so it has no use for stages.
     * @throws IllegalArgumentException naming the options that do not go together.
     */
    public void check(final Predicate<String> isSet, final boolean forRun)
    {
        if (schedule == ScheduleChoice.STEPS)
        {
            if (stages == null)
            {
                throw new IllegalArgumentException("--schedule steps needs --stages, e.g. 1k:10s,1k-5k:20s");
            }
            if (!forRun)
            {
                throw new IllegalArgumentException("--schedule steps is for sonde run: a sweep sets each step's rate");
            }
            if (isSet.test("--rate"))
            {
                throw new IllegalArgumentException("--rate and --stages both set the rate: give one");
            }
            RateStages.parse(stages);
        }
        else if (stages != null)
        {
            throw new IllegalArgumentException("--stages are the stages of --schedule steps, not " + schedule);
        }
        if (schedule != ScheduleChoice.BURST && isSet.test("--burst-size"))
        {
            throw new IllegalArgumentException("--burst-size is the burst of --schedule burst, not " + schedule);
        }
        if (burstSize < 1)
        {
            throw new IllegalArgumentException("--burst-size must be at least 1: " + burstSize);
        }
        if (sessionGroups != null && isSet.test("--schedule"))
        {
            throw new IllegalArgumentException("--session-groups gives each group its shape: drop --schedule");
        }
    }

    /**
     * @param sessions the {@code --sessions} value.
     * @return the number of sessions: the groups' total when there are groups and {@code --sessions} was not given.
     */
    public int sessions(final int sessions, final Predicate<String> isSet)
    {
        if (sessionGroups == null)
        {
            return sessions;
        }
        final int total = SessionGroupPlan.parse(sessionGroups).totalSessions();
        if (isSet.test("--sessions") && total != sessions)
        {
            throw new IllegalArgumentException("--session-groups " + sessionGroups + " has " + total +
                " sessions but --sessions is " + sessions);
        }
        return total;
    }

    /**
     * @return the measured duration: the stages' total for a staged schedule, else {@code duration}.
     */
    public Duration measured(final Duration duration, final Predicate<String> isSet)
    {
        if (schedule != ScheduleChoice.STEPS)
        {
            return duration;
        }
        final Duration total = RateStages.total(RateStages.parse(stages));
        if (isSet.test("--duration") && !duration.equals(total))
        {
            throw new IllegalArgumentException("--duration " + Durations.format(duration.toNanos()) +
                " does not match --stages " + stages + ", which last " + Durations.format(total.toNanos()) +
                ": drop --duration, or make them agree");
        }
        return total;
    }

    /**
     * @return the mean rate offered: the stages' for a staged schedule, else {@code rate}.
     */
    public double offeredRate(final double rate)
    {
        return schedule == ScheduleChoice.STEPS ? RateStages.meanRate(RateStages.parse(stages)) : rate;
    }

    /**
     * @param rate   the mean rate (ignored by a staged schedule, whose stages set it).
     * @param warmup a staged schedule plays its first stage's starting rate for this long before the stages.
     * @param seed   drives Poisson gaps, so a run can be repeated exactly.
     */
    public Schedule arrivals(final double rate, final Duration warmup, final long seed)
    {
        if (sessionGroups != null)
        {
            return new GroupedSchedule(SessionGroupPlan.parse(sessionGroups).schedules(rate, seed));
        }
        return switch (schedule)
        {
            case CONSTANT -> new ConstantRateSchedule(rate);
            case POISSON -> new PoissonSchedule(rate, seed);
            case BURST -> new BurstSchedule(burstSize, burstPeriodNanos(burstSize, rate));
            case STEPS -> staged(warmup);
        };
    }

    /**
     * @param arrivals what {@link #arrivals} returned.
     * @return which session each request goes out on, or null to spread them over all sessions.
     */
    public SessionGroups sessionGroups(final Schedule arrivals)
    {
        return arrivals instanceof GroupedSchedule grouped ?
            new SessionGroups(grouped, SessionGroupPlan.parse(sessionGroups).sessionCounts()) : null;
    }

    /**
     * @return the spacing of bursts of {@code size} orders that averages {@code rate} per second.
     */
    static long burstPeriodNanos(final int size, final double rate)
    {
        return Math.max(1, Math.round(size * 1e9 / rate));
    }

    private Schedule staged(final Duration warmup)
    {
        final List<RateStage> measured = RateStages.parse(stages);
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
