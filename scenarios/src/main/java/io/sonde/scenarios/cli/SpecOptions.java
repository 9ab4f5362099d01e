package io.sonde.scenarios.cli;

import io.sonde.api.Option;
import io.sonde.api.SpecBuilder;
import picocli.CommandLine;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.util.List;

/**
 * The API's options ({@link Option}) on a Picocli command: added to the command's model as Picocli builds it (a
 * command names this class as its {@code modelTransformer}), and handed to the spec's builder by name and text
 * once it is parsed. So the command line takes exactly the options the API defines, with the API's help, defaults
 * and checks, and a new option needs no code here.
 */
public final class SpecOptions implements IModelTransformer
{
    /**
     * Add the options of a command that takes some.
     */
    public CommandSpec transform(final CommandSpec command)
    {
        if (command.userObject() instanceof Taker taker)
        {
            taker.specOptions().forEach(option -> command.addOption(spec(option)));
        }
        return command;
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
                builder.set(name, text(command.findOption(name).getValue()));
            }
        }
        return builder;
    }

    /**
     * @return whether the option was typed, or given by the command's scenario file (its default value provider).
     */
    private static boolean isSet(final CommandLine commandLine, final String option)
    {
        if (commandLine.getParseResult() != null && commandLine.getParseResult().hasMatchedOption(option))
        {
            return true;
        }
        try
        {
            return commandLine.getDefaultValueProvider() != null &&
                commandLine.getDefaultValueProvider().defaultValue(commandLine.getCommandSpec().findOption(option)) !=
                null;
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException("the scenario's value of " + option + " cannot be read", ex);
        }
    }

    /**
     * @return the value as typed; a repeatable option's values one after the other, as its list reads them.
     */
    private static String text(final Object value)
    {
        if (value instanceof String[] values)
        {
            return String.join(",", values);
        }
        return String.valueOf(value);
    }

    private static OptionSpec spec(final Option<?> option)
    {
        final OptionSpec.Builder spec = OptionSpec.builder("--" + option.name())
            .description(option.help().replace("%", "%%")).required(option.isRequired());
        if (option.isFlag())
        {
            return spec.type(boolean.class).arity("0").build();
        }
        if (option.isRepeatable())
        {
            return spec.type(String[].class).arity("1").paramLabel(option.label().orElseThrow()).build();
        }
        return spec.type(String.class).arity("1").paramLabel(option.label().orElseThrow()).build();
    }
}
