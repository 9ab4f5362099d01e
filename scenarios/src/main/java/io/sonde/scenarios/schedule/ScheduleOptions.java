package io.sonde.scenarios.schedule;

import io.sonde.api.LoadBuilder;
import io.sonde.api.ScheduleShape;
import io.sonde.scenarios.cli.ChoiceConverters;
import picocli.CommandLine.Option;

import java.util.function.Predicate;

/**
 * The arrival schedule's options: its shape ({@code --schedule}), a burst's size, a staged schedule's stages, and
 * per-session-group shapes. It only holds them; the API checks them and turns them into a schedule.
 */
public final class ScheduleOptions
{
    @Option(names = "--schedule", defaultValue = "constant", converter = ChoiceConverters.ScheduleShapeConverter.class,
        description = "Arrival schedule: constant, poisson, burst (--burst-size orders intended at one instant, " +
            "as often as the rate needs) or steps (--stages, which set the rate and the measured duration) " +
            "(default: ${DEFAULT-VALUE}).")
    private ScheduleShape schedule;

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
     * Give the builder the schedule options that were set, on the command line or by the scenario file.
     *
     * @param isSet whether an option was given.
     */
    public <B extends LoadBuilder<B>> void applyTo(final B builder, final Predicate<String> isSet)
    {
        if (isSet.test("--schedule"))
        {
            builder.schedule(schedule);
        }
        if (isSet.test("--burst-size"))
        {
            builder.burstSize(burstSize);
        }
        builder.stages(stages).sessionGroups(sessionGroups);
    }
}
