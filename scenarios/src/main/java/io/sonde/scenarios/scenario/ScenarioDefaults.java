package io.sonde.scenarios.scenario;

import io.sonde.api.FixLoad;
import io.sonde.api.Option;
import io.sonde.api.RunSpec;
import io.sonde.api.SweepSpec;
import picocli.CommandLine;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A scenario file's fields as the defaults of {@code run}'s and {@code sweep}'s options, so that an option typed
 * on the command line overrides the field, and everything else stays as it is. An option typed also drops the
 * scenario's fields for the options it excludes ({@link Option#excludes}): {@code --embedded} its target,
 * {@code --sizes} its rates, and so on.
 */
public final class ScenarioDefaults implements IDefaultValueProvider
{
    private static final String OPTION = "--scenario";
    /** The commands that take a scenario file: {@code history list --scenario NAME} names a recorded scenario. */
    private static final List<String> COMMANDS = List.of(RunSpec.COMMAND, SweepSpec.COMMAND);

    private final Map<ScenarioField, String> values;
    private final List<String> args;

    private ScenarioDefaults(final Map<ScenarioField, String> values, final List<String> args)
    {
        this.values = values;
        this.args = args;
    }

    /**
     * Read the scenario file named by {@code --scenario FILE} in the arguments of {@code run} or {@code sweep}, if
     * any, and make its fields the options' defaults.
     *
     * @throws io.sonde.scenarios.cli.UserError naming every problem in the file.
     */
    public static void install(final CommandLine commandLine, final String... args)
    {
        if (args.length == 0 || !COMMANDS.contains(args[0]))
        {
            return;
        }
        for (int i = 0; i < args.length; i++)
        {
            final String file = args[i].equals(OPTION) && i + 1 < args.length ? args[i + 1] :
                args[i].startsWith(OPTION + "=") ? args[i].substring(OPTION.length() + 1) : null;
            if (file != null)
            {
                commandLine.setDefaultValueProvider(
                    new ScenarioDefaults(new ScenarioReader().read(Path.of(file)), List.of(args)));
                return;
            }
        }
    }

    public String defaultValue(final ArgSpec argSpec)
    {
        return argSpec instanceof OptionSpec option ? valueFor(option.command().name(), option.longestName()) : null;
    }

    /**
     * @return the scenario's name, if it has one.
     */
    String name()
    {
        return values.get(ScenarioField.NAME);
    }

    /**
     * @return the scenario's value for {@code option} of {@code command}, or null when it sets none.
     */
    String valueFor(final String command, final String option)
    {
        if (excludedByTyped(command, option))
        {
            return null;
        }
        final String target = values.get(ScenarioField.TARGET);
        if (option.equals(FixLoad.EMBEDDED.toString()))
        {
            // A flag whose default is true reads as false when typed, so a typed --embedded takes no default.
            return ScenarioField.EMBEDDED.equals(target) && !typed(option) ? "true" : null;
        }
        if (option.equals(FixLoad.TARGET.toString()))
        {
            return ScenarioField.EMBEDDED.equals(target) ? null : target;
        }
        if (option.equals(SweepSpec.SIZE_RATE.toString()) && command.equals(SweepSpec.COMMAND) &&
            valueFor(command, SweepSpec.SIZES.toString()) == null)
        {
            return null;
        }
        for (final Map.Entry<ScenarioField, String> entry : values.entrySet())
        {
            if (option.equals(entry.getKey().option(command)))
            {
                return entry.getValue();
            }
        }
        return null;
    }

    /**
     * @return whether an option typed on the command line excludes {@code option}, whose field then gives way.
     */
    private boolean excludedByTyped(final String command, final String option)
    {
        final List<Option<?>> options = ScenarioField.optionsOf(command);
        final Option<?> own = options.stream().filter(known -> ("--" + known.name()).equals(option)).findFirst()
            .orElse(null);
        return own != null && options.stream().anyMatch(other -> own.excludes(other) && typed("--" + other.name()));
    }

    private boolean typed(final String option)
    {
        for (final String arg : args)
        {
            if (arg.equals(option) || arg.startsWith(option + "="))
            {
                return true;
            }
        }
        return false;
    }
}
