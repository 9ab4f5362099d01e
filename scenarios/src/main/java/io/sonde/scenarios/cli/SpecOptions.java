package io.sonde.scenarios.cli;

import io.sonde.api.Option;
import io.sonde.api.SpecBuilder;
import io.sonde.scenarios.scenario.ScenarioDefaults;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.List;

/**
 * The API's options ({@link Option}) on a Picocli command: added to the command when the command line is built, and
 * handed to the spec's builder by name and text once it is parsed. So the command line takes exactly the options
 * the API defines, with the API's help, defaults and checks, and a new option needs no code here.
 */
public final class SpecOptions
{
    private SpecOptions()
    {
    }

    /**
     * A command that takes some of the API's options.
     */
    public interface Taker
    {
        /**
         * @return the options to add to the command, in the order of its help.
         */
        List<Option<?>> specOptions();
    }

    /**
     * Add the options of every command below {@code commandLine} that takes some.
     */
    public static void install(final CommandLine commandLine)
    {
        if (commandLine.getCommand() instanceof Taker taker)
        {
            taker.specOptions().forEach(option -> commandLine.getCommandSpec().addOption(spec(option)));
        }
        commandLine.getSubcommands().values().forEach(SpecOptions::install);
    }

    /**
     * Give the builder every option of the command that was typed, or set by its scenario file; the others keep
     * the API's defaults, which are the ones the help shows, or the venue profile's values.
     *
     * @throws io.sonde.api.InvalidOptionException naming the option whose value cannot be read.
     */
    public static <B extends SpecBuilder<B>> B applyTo(final B builder, final CommandSpec command)
    {
        final CommandLine commandLine = command.commandLine();
        for (final Option<?> option : ((Taker)command.userObject()).specOptions())
        {
            final String name = "--" + option.name();
            if (isSet(commandLine, name))
            {
                builder.set(name, String.valueOf((Object)command.findOption(name).getValue()));
            }
        }
        return builder;
    }

    /**
     * @return whether the option was typed or set by the command's scenario file.
     */
    public static boolean isSet(final CommandLine commandLine, final String option)
    {
        return commandLine.getParseResult() != null && commandLine.getParseResult().hasMatchedOption(option) ||
            ScenarioDefaults.provides(commandLine, option);
    }

    private static OptionSpec spec(final Option<?> option)
    {
        final OptionSpec.Builder spec = OptionSpec.builder("--" + option.name())
            .description(option.help().replace("%", "%%"));
        if (option.isFlag())
        {
            return spec.type(boolean.class).arity("0").build();
        }
        return spec.type(String.class).arity("1").paramLabel(option.label().orElseThrow()).build();
    }
}
