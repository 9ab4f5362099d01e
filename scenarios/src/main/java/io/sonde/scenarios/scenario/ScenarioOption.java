package io.sonde.scenarios.scenario;

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.sonde.api.FixLoad;
import io.sonde.history.RecordedFolder;
import io.sonde.scenarios.cli.UserError;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code --scenario FILE} for {@code run} and {@code sweep} (read before the command line is parsed, by
 * {@link ScenarioDefaults}), and the effective scenario every run writes beside its results: the scenario's fields
 * with the command line's overrides, itself a scenario file that repeats the run.
 */
public final class ScenarioOption
{
    /** The effective scenario's name in the output folder, where the results history keeps it from. */
    public static final String FILE_NAME = RecordedFolder.SCENARIO_FILE;

    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--scenario", paramLabel = "FILE", description = "A scenario file (YAML; docs/scenarios.md): " +
        "target, venue profile, sessions, flows, schedule, rate, warm-up, duration, SLOs and a sweep's rates or " +
        "sizes. An option typed on the command line overrides the file's field. The effective scenario is " +
        "written to the output folder as " + FILE_NAME + ".")
    private Path file;

    /**
     * @return the {@code name:} of the command's scenario file, if it has one: the scenario its result belongs to.
     */
    public Optional<String> name()
    {
        return spec.commandLine().getDefaultValueProvider() instanceof ScenarioDefaults scenario ?
            Optional.ofNullable(scenario.name()) : Optional.empty();
    }

    /**
     * Write the effective scenario into {@code folder}; the defaults the run took are listed as comments.
     */
    public void writeEffective(final Path folder)
    {
        final CommandLine commandLine = spec.commandLine();
        final String command = commandLine.getCommandName();
        final ScenarioDefaults scenario = commandLine.getDefaultValueProvider() instanceof ScenarioDefaults given ?
            given : null;
        final Map<String, Object> fields = new LinkedHashMap<>();
        final Map<String, String> sweep = new LinkedHashMap<>();
        final StringBuilder defaults = new StringBuilder();
        if (scenario != null && scenario.name() != null)
        {
            fields.put(ScenarioField.NAME.key(), scenario.name());
        }
        fields.put(ScenarioField.TARGET.key(), target(commandLine, scenario, command));
        for (final ScenarioField field : ScenarioField.ALL)
        {
            final String option = field.option(command);
            if (option == null || field == ScenarioField.TARGET)
            {
                continue;
            }
            final String value = value(commandLine, scenario, command, option);
            if (value != null)
            {
                if (field.key().startsWith("sweep."))
                {
                    sweep.put(field.key().substring("sweep.".length()), value);
                }
                else
                {
                    fields.put(field.key(), value);
                }
            }
            else
            {
                final String fallback = defaultText(command, option);
                if (fallback != null)
                {
                    defaults.append("#   ").append(field.key()).append(": ").append(fallback).append('\n');
                }
            }
        }
        if (!sweep.isEmpty())
        {
            fields.put("sweep", sweep);
        }
        write(folder.resolve(FILE_NAME), "# The effective scenario of this " + command + ": the scenario file's " +
            "fields with the command line's overrides.\n" +
            (defaults.length() == 0 ? "" : "# Fields not set took Sonde's defaults:\n" + defaults), fields);
    }

    /**
     * @return the API's default of the command's option as the option writes it, or null when it has none to show.
     */
    private static String defaultText(final String command, final String option)
    {
        return ScenarioField.optionsOf(command).stream()
            .filter(known -> ("--" + known.name()).equals(option) && !known.isFlag())
            .findFirst().map(ScenarioOption::written).filter(text -> !text.isEmpty()).orElse(null);
    }

    private static <T> String written(final io.sonde.api.Option<T> option)
    {
        return option.defaultValue().map(option::write).orElse("");
    }

    private static String target(final CommandLine commandLine, final ScenarioDefaults scenario, final String command)
    {
        final String embeddedOption = FixLoad.EMBEDDED.toString();
        final boolean embedded = commandLine.getParseResult().hasMatchedOption(embeddedOption) ||
            (scenario != null && scenario.valueFor(command, embeddedOption) != null);
        return embedded ? ScenarioField.EMBEDDED : value(commandLine, scenario, command, FixLoad.TARGET.toString());
    }

    /**
     * @return what was typed for the option, else the scenario's value, else null.
     */
    private static String value(
        final CommandLine commandLine, final ScenarioDefaults scenario, final String command, final String option)
    {
        final OptionSpec typed = commandLine.getParseResult().matchedOption(option);
        if (typed != null)
        {
            final List<String> values = typed.originalStringValues();
            return option.equals(FixLoad.VENUE.toString()) ?
                Path.of(values.get(values.size() - 1)).toAbsolutePath().toString() : String.join(",", values);
        }
        return scenario == null ? null : scenario.valueFor(command, option);
    }

    private static void write(final Path path, final String header, final Map<String, Object> fields)
    {
        try
        {
            Files.writeString(path, header + new YAMLMapper().writeValueAsString(fields));
        }
        catch (final IOException ex)
        {
            throw new UserError("cannot write " + path + ": " + ex.getMessage());
        }
    }
}
