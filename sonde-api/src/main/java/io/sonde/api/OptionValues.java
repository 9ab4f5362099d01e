package io.sonde.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The values given for one command's options, and that command's defaults for the others: what a spec holds. An
 * option not given is told apart from one given its default, because a venue profile's value fills what was not
 * given.
 */
final class OptionValues
{
    private final Map<String, Option<?>> options = new LinkedHashMap<>();
    private final Map<String, Object> given;

    /**
     * @param options the command's options, in the order of its help.
     * @param given   values by option name.
     * @throws InvalidOptionException naming an option the command does not take, a value that fails its check, a
     *                                required option not given, or two given that exclude each other (the first
     *                                in the order of the help, by the message its declaration gives).
     */
    OptionValues(final List<Option<?>> options, final Map<String, Object> given)
    {
        options.forEach(option -> this.options.put(option.name(), option));
        this.given = Collections.unmodifiableMap(new LinkedHashMap<>(given));
        this.given.forEach(this::check);
        for (final Option<?> option : this.options.values())
        {
            if (option.isRequired() && !this.given.containsKey(option.name()))
            {
                throw new InvalidOptionException("--" + option.name() + " is required");
            }
            if (isSet(option.name()))
            {
                option.exclusions().forEach((other, message) ->
                {
                    if (isSet(other))
                    {
                        throw new InvalidOptionException(message);
                    }
                });
            }
        }
    }

    /**
     * @return the value given, else the command's default (null when it has none).
     */
    <T> T get(final Option<T> option)
    {
        final Option<?> own = options.get(option.name());
        final Object value = given.containsKey(option.name()) ? given.get(option.name()) :
            own == null ? null : own.defaultValue().orElse(null);
        return option.cast(value);
    }

    <T> Optional<T> given(final Option<T> option)
    {
        return Optional.ofNullable(option.cast(given.get(option.name())));
    }

    /**
     * @return the options as the command line takes them: those given, unless given their default.
     */
    List<String> arguments()
    {
        final List<String> args = new ArrayList<>();
        options.values().forEach(option -> argument(option, args));
        return List.copyOf(args);
    }

    /**
     * @return {@link #arguments()} without {@code left}, which the caller gives its own value.
     */
    List<String> argumentsWithout(final Option<?> left)
    {
        final List<String> args = new ArrayList<>();
        options.values().stream().filter(option -> !option.name().equals(left.name()))
            .forEach(option -> argument(option, args));
        return List.copyOf(args);
    }

    /**
     * @return {@link #arguments()}, with {@code named} written out even where it keeps its default: a folder another
     *         process writes to is named, never left to that process's default.
     */
    <T> List<String> argumentsNaming(final Option<T> named)
    {
        if (given(named).isPresent())
        {
            return arguments();
        }
        final List<String> args = new ArrayList<>(arguments());
        args.addAll(List.of("--" + named.name(), named.write(get(named))));
        return List.copyOf(args);
    }

    /**
     * @return every option as the command line takes it, with its value given or its default: what starts a process
     *         that does what this spec says whatever that process's version takes by default.
     */
    List<String> everyArgument()
    {
        final List<String> args = new ArrayList<>();
        options.values().forEach(option -> everyArgument(option, args));
        return List.copyOf(args);
    }

    /**
     * Two specs are equal when every option has the same value, given or by default: a default typed out on the
     * command line makes the same run as one left alone.
     */
    public boolean equals(final Object other)
    {
        return other instanceof OptionValues values && values.effective().equals(effective());
    }

    public int hashCode()
    {
        return effective().hashCode();
    }

    public String toString()
    {
        return String.join(" ", arguments());
    }

    private Map<String, Object> effective()
    {
        final Map<String, Object> effective = new LinkedHashMap<>();
        options.values().forEach(option -> effective.put(option.name(), get(option)));
        return effective;
    }

    private <T> void argument(final Option<T> option, final List<String> args)
    {
        final Optional<T> value = given(option);
        if (value.isEmpty() || value.equals(option.defaultValue()))
        {
            return;
        }
        args.add("--" + option.name());
        if (!option.isFlag())
        {
            args.add(option.write(value.get()));
        }
    }

    /**
     * @return whether the option was given, and, for a flag, given true: a flag given false is as good as absent.
     */
    private boolean isSet(final String name)
    {
        final Object value = given.get(name);
        return value != null && !Boolean.FALSE.equals(value);
    }

    private <T> void everyArgument(final Option<T> option, final List<String> args)
    {
        final T value = get(option);
        if (value != null)
        {
            args.addAll(option.argument(value));
        }
    }

    private void check(final String name, final Object value)
    {
        final Option<?> option = options.get(name);
        if (option == null)
        {
            throw new InvalidOptionException("--" + name + " is not an option of this command");
        }
        checkAs(option, value);
    }

    private static <T> void checkAs(final Option<T> option, final Object value)
    {
        option.check(option.cast(value));
    }
}
