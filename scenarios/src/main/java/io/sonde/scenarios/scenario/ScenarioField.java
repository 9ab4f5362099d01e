package io.sonde.scenarios.scenario;

import io.sonde.api.FixLoad;
import io.sonde.api.Option;
import io.sonde.api.RunSpec;
import io.sonde.api.SweepSpec;
import io.sonde.scenarios.cli.TargetConverter;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A field of a scenario file, the option it stands for in {@code sonde run} and in {@code sonde sweep}, and the
 * check its value must pass. Every field but the scenario's name and target is derived from the API's options
 * (the option's name in camel case, a sweep's own options under {@code sweep.}), read as the option reads its
 * text, so a file accepts exactly what the command line does and a new option needs nothing here. The output
 * folder is the command line's to choose: a scenario says what to run, not where its results go.
 *
 * @param key         the field's path in the file, e.g. {@code burstSize} or {@code sweep.rates}.
 * @param runOption   the option it sets in {@code sonde run}, or null.
 * @param sweepOption the option it sets in {@code sonde sweep}, or null.
 * @param check       throws saying what is wrong with a value.
 */
record ScenarioField(String key, String runOption, String sweepOption, Consumer<String> check)
{
    /** The {@code target} that starts the bundled exchange in-process, as {@code --embedded} does. */
    static final String EMBEDDED = "embedded";

    static final ScenarioField NAME = new ScenarioField("name", null, null, value ->
    {
    });
    static final ScenarioField TARGET = new ScenarioField("target", FixLoad.TARGET.toString(),
        FixLoad.TARGET.toString(), value ->
    {
        if (!EMBEDDED.equals(value))
        {
            new TargetConverter().convert(value);
        }
    });
    static final ScenarioField DURATION = new ScenarioField("duration", RunSpec.DURATION.toString(),
        SweepSpec.STEP_DURATION.toString(), RunSpec.DURATION::read);

    /** Every field, the name first. */
    static final List<ScenarioField> ALL = all();

    /**
     * @throws RuntimeException saying what is wrong with the value, without the option's name the field stands for.
     */
    void checkValue(final String value)
    {
        try
        {
            check.accept(value);
        }
        catch (final RuntimeException ex)
        {
            throw new IllegalArgumentException(withoutOptionName(ex.getMessage()), ex);
        }
    }

    /**
     * @return the option this field stands for in {@code command} ({@code run} or {@code sweep}), or null.
     */
    String option(final String command)
    {
        return SweepSpec.COMMAND.equals(command) ? sweepOption : RunSpec.COMMAND.equals(command) ? runOption : null;
    }

    /**
     * @return the API's options of {@code command}, {@code run} or {@code sweep}.
     */
    static List<Option<?>> optionsOf(final String command)
    {
        return SweepSpec.COMMAND.equals(command) ? SweepSpec.OPTIONS : RunSpec.OPTIONS;
    }

    static ScenarioField byKey(final String key)
    {
        return ALL.stream().filter(field -> field.key.equals(key)).findFirst().orElse(null);
    }

    private static List<ScenarioField> all()
    {
        final List<ScenarioField> fields = new ArrayList<>(List.of(NAME, TARGET, DURATION));
        for (final Option<?> option : RunSpec.OPTIONS)
        {
            if (option != FixLoad.TARGET && option != FixLoad.EMBEDDED && option != RunSpec.DURATION &&
                option != RunSpec.OUT)
            {
                final String name = "--" + option.name();
                final boolean sweepTakesIt = SweepSpec.OPTIONS.stream().anyMatch(o -> o.name().equals(option.name()));
                fields.add(new ScenarioField(key(option), name, sweepTakesIt ? name : null, option::read));
            }
        }
        for (final Option<?> option : SweepSpec.OPTIONS)
        {
            if (RunSpec.OPTIONS.stream().noneMatch(o -> o.name().equals(option.name())) &&
                option != SweepSpec.STEP_DURATION && option != SweepSpec.OUT)
            {
                fields.add(new ScenarioField("sweep." + camelCase(option.name()), null, "--" + option.name(),
                    option::read));
            }
        }
        return List.copyOf(fields);
    }

    /**
     * The field's key already names what is wrong, so "--warmup 'soon': 'soon' is not a duration" reads
     * "warmup: 'soon' is not a duration".
     */
    private static String withoutOptionName(final String message)
    {
        return message.replaceFirst("^--[a-z-]+( '[^']*')?:? ", "");
    }

    /**
     * @return the field's key: the option's name in camel case, or in the plural for a repeatable option, whose
     *         field is a list ({@code faults:}).
     */
    private static String key(final Option<?> option)
    {
        return camelCase(option.name()) + (option.isRepeatable() ? "s" : "");
    }

    private static String camelCase(final String name)
    {
        final StringBuilder key = new StringBuilder();
        boolean upper = false;
        for (final char c : name.toCharArray())
        {
            if (c == '-')
            {
                upper = true;
            }
            else
            {
                key.append(upper ? Character.toUpperCase(c) : Character.toLowerCase(c));
                upper = false;
            }
        }
        return key.toString();
    }
}
