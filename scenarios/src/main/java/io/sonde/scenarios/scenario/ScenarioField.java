package io.sonde.scenarios.scenario;

import io.sonde.fix.client.order.FlowMix;
import io.sonde.scenarios.cli.DurationConverter;
import io.sonde.api.Flow;
import io.sonde.api.Rates;
import io.sonde.api.ScheduleShape;
import io.sonde.api.Slo;
import io.sonde.scenarios.cli.TargetConverter;
import io.sonde.api.RateStages;
import io.sonde.api.SessionGroups;

import java.util.function.Consumer;

/**
 * A field of a scenario file, the option it stands for in {@code sonde run} and in {@code sonde sweep}, and the
 * check its value must pass: the option's own converter, so a file accepts exactly what the command line does.
 */
enum ScenarioField
{
    NAME("name", null, null, value ->
    {
    }),
    TARGET("target", "--target", "--target", value ->
    {
        if (!ScenarioField.EMBEDDED.equals(value))
        {
            new TargetConverter().convert(value);
        }
    }),
    VENUE("venue", "--venue", "--venue", value ->
    {
    }),
    SESSIONS("sessions", "--sessions", "--sessions", ScenarioField::positiveWholeNumber),
    FLOW("flow", "--flow", "--flow", Flow::parse),
    MIX("mix", "--mix", "--mix", FlowMix::parse),
    SCHEDULE("schedule", "--schedule", "--schedule", ScheduleShape::parse),
    BURST_SIZE("burstSize", "--burst-size", "--burst-size", ScenarioField::positiveWholeNumber),
    STAGES("stages", "--stages", "--stages", RateStages::parse),
    SESSION_GROUPS("sessionGroups", "--session-groups", "--session-groups", SessionGroups::parse),
    RATE("rate", "--rate", "--rate", Rates::parse),
    WARMUP("warmup", "--warmup", "--warmup", value -> new DurationConverter().convert(value)),
    DURATION("duration", "--duration", "--step-duration", value -> new DurationConverter().convert(value)),
    SLO("slo", "--slo", "--slo", Slo::parse),
    TIMEOUT("timeout", "--timeout", "--timeout", value -> new DurationConverter().convert(value)),
    SEED("seed", "--seed", "--seed", Long::parseLong),
    RATES("sweep.rates", null, "--rates", ScenarioField::rates),
    SIZES("sweep.sizes", null, "--sizes", ScenarioField::positiveWholeNumbers);

    /** The {@code target} that starts the bundled exchange in-process, as {@code --embedded} does. */
    static final String EMBEDDED = "embedded";

    private final String key;
    private final String runOption;
    private final String sweepOption;
    private final Consumer<String> check;

    ScenarioField(final String key, final String runOption, final String sweepOption, final Consumer<String> check)
    {
        this.key = key;
        this.runOption = runOption;
        this.sweepOption = sweepOption;
        this.check = check;
    }

    /**
     * @return the field's path in the file, e.g. {@code sweep.rates}.
     */
    String key()
    {
        return key;
    }

    /**
     * @return the option this field stands for in {@code command} ({@code run} or {@code sweep}), or null.
     */
    String option(final String command)
    {
        return "sweep".equals(command) ? sweepOption : "run".equals(command) ? runOption : null;
    }

    /**
     * @throws RuntimeException saying what is wrong with the value.
     */
    void check(final String value)
    {
        check.accept(value);
    }

    static ScenarioField byKey(final String key)
    {
        for (final ScenarioField field : values())
        {
            if (field.key.equals(key))
            {
                return field;
            }
        }
        return null;
    }

    private static void positiveWholeNumber(final String value)
    {
        if (!value.matches("\\d+") || Long.parseLong(value) < 1 || Long.parseLong(value) > Integer.MAX_VALUE)
        {
            throw new IllegalArgumentException("'" + value + "' is not a whole number of at least 1");
        }
    }

    private static void positiveWholeNumbers(final String value)
    {
        for (final String part : value.split(","))
        {
            positiveWholeNumber(part.trim());
        }
    }

    private static void rates(final String value)
    {
        for (final String part : value.split(","))
        {
            Rates.parse(part.trim());
        }
    }
}
