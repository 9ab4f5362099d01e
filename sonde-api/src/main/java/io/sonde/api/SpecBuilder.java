package io.sonde.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every builder of a spec has: its command's options ({@link #options()}), each also taken by its
 * command-line name and text ({@link #set(String, String)}), read and checked exactly as the command line does. A
 * builder is not thread-safe; {@code build()} checks every option and leaves the builder reusable.
 *
 * @param <B> the concrete builder, returned by every setter.
 */
public abstract class SpecBuilder<B extends SpecBuilder<B>>
{
    private final List<Option<?>> options;
    private final Map<String, Object> given = new LinkedHashMap<>();

    SpecBuilder(final List<Option<?>> options)
    {
        this.options = List.copyOf(options);
    }

    /**
     * Set an option by its command-line name ({@code sessions} or {@code --sessions}) from its command-line text
     * ({@code 5k}, {@code 30s}, {@code p99=2ms}, {@code true}).
     *
     * @return this builder.
     * @throws InvalidOptionException for an option the command does not have (naming the nearest it does), or a
     *                                value that cannot be read.
     */
    public final B set(final String option, final String value)
    {
        final Option<?> known = option(option);
        given.put(known.name(), known.read(value));
        return self();
    }

    /**
     * @return the options this builder takes, in the order of the command line's help.
     */
    public final List<Option<?>> options()
    {
        return options;
    }

    /**
     * @return the names {@link #set(String, String)} takes, in the order of the command line's help.
     */
    public final List<String> optionNames()
    {
        return options.stream().map(Option::name).toList();
    }

    /**
     * @param value the value, or null to take the option's default again.
     */
    final <T> B with(final Option<T> option, final T value)
    {
        if (value == null)
        {
            given.remove(option.name());
        }
        else
        {
            given.put(option.name(), value);
        }
        return self();
    }

    /**
     * @param element appended to the list option's values given so far.
     */
    final <E> B append(final Option<List<E>> option, final E element)
    {
        final List<E> elements = new ArrayList<>();
        final Object before = given.get(option.name());
        if (before != null)
        {
            elements.addAll(option.cast(before));
        }
        elements.add(element);
        return with(option, List.copyOf(elements));
    }

    /**
     * @return the values given so far, with the command's defaults.
     * @throws InvalidOptionException naming a value that fails its option's check.
     */
    final OptionValues values()
    {
        return new OptionValues(options, given);
    }

    abstract B self();

    private Option<?> option(final String typed)
    {
        final String name = typed.startsWith("--") ? typed.substring(2) : typed;
        for (final Option<?> option : options)
        {
            if (option.name().equals(name))
            {
                return option;
            }
        }
        throw new InvalidOptionException("unknown option '" + typed + "': did you mean '" +
            NearestName.nearest(optionNames(), name) + "'? (options: " + String.join(", ", optionNames()) + ")");
    }
}
