package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One option of a command, defined once: its command-line name, how its text reads and writes back, the check its
 * value must pass, its help, its default, and the options it cannot be given with. The command line, scenario files,
 * {@link SpecBuilder#set(String, String)} and a spec's {@code arguments()} are all built from these, so an option
 * is named, read and checked the same way whichever door it comes in by. An option several commands take is one
 * constant that each of them lists.
 *
 * @param <T> what the option holds.
 */
public final class Option<T>
{
    private final String name;
    private final String label;
    private final Function<String, T> reader;
    private final Function<T, String> writer;
    private final T defaultValue;
    private final String help;
    private final Consumer<T> check;
    private final boolean repeatable;
    private final boolean required;
    private final String fallback;
    private final Map<String, String> exclusions;

    private Option(
        final String name,
        final String label,
        final Function<String, T> reader,
        final Function<T, String> writer,
        final T defaultValue,
        final String help,
        final Consumer<T> check,
        final boolean repeatable)
    {
        this(name, label, reader, writer, defaultValue, help, check, repeatable, false, null, Map.of());
    }

    private Option(
        final String name,
        final String label,
        final Function<String, T> reader,
        final Function<T, String> writer,
        final T defaultValue,
        final String help,
        final Consumer<T> check,
        final boolean repeatable,
        final boolean required,
        final String fallback,
        final Map<String, String> exclusions)
    {
        this.name = name;
        this.label = label;
        this.reader = reader;
        this.writer = writer;
        this.defaultValue = defaultValue;
        this.help = help;
        this.check = check;
        this.repeatable = repeatable;
        this.required = required;
        this.fallback = fallback;
        this.exclusions = exclusions;
    }

    static <T> Option<T> of(final String name, final String label, final Function<String, T> reader, final String help)
    {
        return new Option<>(name, label, reader, String::valueOf, null, help, value ->
        {
        }, false);
    }

    static Option<Boolean> flag(final String name, final String help)
    {
        return new Option<>(name, null, Option::bool, String::valueOf, false, help, value ->
        {
        }, false);
    }

    static Option<String> text(final String name, final String label, final String help)
    {
        return of(name, label, String::trim, help);
    }

    static Option<Path> path(final String name, final String label, final String help)
    {
        return of(name, label, text -> Path.of(text.trim()), help);
    }

    static Option<Duration> duration(final String name, final String help)
    {
        return new Option<>(name, "DURATION", DurationText::parse, DurationText::format, null, help, value ->
        {
        }, false);
    }

    static Option<Double> rate(final String name, final String help)
    {
        return new Option<>(name, "RATE", Rates::parse, Rates::format, null, help, value ->
        {
            if (!(value > 0) || Double.isInfinite(value))
            {
                throw new InvalidOptionException("--" + name + " must be a positive rate: " + value);
            }
        }, false);
    }

    static Option<Double> number(final String name, final String label, final String help)
    {
        return new Option<>(name, label, Option::decimal, Rates::format, null, help, value ->
        {
        }, false);
    }

    static Option<Integer> count(final String name, final String label, final int least, final String help)
    {
        return of(name, label, Option::whole, help).checked(value ->
        {
            if (value < least)
            {
                throw new InvalidOptionException("--" + name + " must be at least " + least + ": " + value);
            }
        });
    }

    static Option<Instant> instant(final String name, final String help)
    {
        return of(name, "INSTANT", text -> Instant.parse(text.trim()), help);
    }

    static <E> Option<List<E>> list(final String name, final String label, final Function<String, E> element,
        final Function<E, String> format, final String help)
    {
        return new Option<>(name, label,
            text -> Arrays.stream(text.split(",")).map(String::trim).map(element).toList(),
            values -> values.stream().map(format).collect(Collectors.joining(",")),
            null, help, value ->
            {
            }, false);
    }

    /**
     * @return this option with {@code value} as its default.
     */
    Option<T> byDefault(final T value)
    {
        return new Option<>(name, label, reader, writer, value, help, check, repeatable, required, fallback,
            exclusions);
    }

    /**
     * An option that stays empty when not given, because another option or a venue profile decides, says in its
     * help what it comes to otherwise; the value is the constant the code falls back to, written here once.
     *
     * @param value the value it comes to when nothing else decides.
     * @param rule  how the help says it, {@code %s} standing for the value, e.g. {@code the venue profile's, else %s}.
     * @return this option, its help ending {@code (default: RULE)}.
     */
    Option<T> fallingBackTo(final T value, final String rule)
    {
        return new Option<>(name, label, reader, writer, defaultValue, help, check, repeatable, required,
            String.format(Locale.ROOT, rule, writer.apply(value)), exclusions);
    }

    /**
     * @return this list option, which the command line also takes given more than once, the values of each one
     *         after the other's.
     */
    Option<T> repeatable()
    {
        return new Option<>(name, label, reader, writer, defaultValue, help, check, true, required, fallback,
            exclusions);
    }

    /**
     * @return this option, which its command cannot do without.
     */
    Option<T> required()
    {
        return new Option<>(name, label, reader, writer, defaultValue, help, check, repeatable, true, fallback,
            exclusions);
    }

    /**
     * Declare that this option and {@code other} are alternatives: a command given both refuses them with
     * {@code message}, and a scenario file's field for either gives way to the other typed on the command line.
     * The relation holds both ways; declare it once, on either option.
     *
     * @return this option, excluding {@code other}.
     */
    Option<T> excluding(final Option<?> other, final String message)
    {
        final Map<String, String> more = new LinkedHashMap<>(exclusions);
        more.put(other.name(), message);
        return new Option<>(name, label, reader, writer, defaultValue, help, check, repeatable, required, fallback,
            Collections.unmodifiableMap(more));
    }

    /**
     * @return this same option (name, reading, check, default and exclusions) with the help a command gives it,
     *         saying what it means there.
     */
    Option<T> describedAs(final String commandHelp)
    {
        return new Option<>(name, label, reader, writer, defaultValue, commandHelp, check, repeatable, required,
            fallback, exclusions);
    }

    /**
     * @return this option, its values also checked by {@code more}, which throws {@link InvalidOptionException}.
     */
    Option<T> checked(final Consumer<T> more)
    {
        return new Option<>(name, label, reader, writer, defaultValue, help, check.andThen(more), repeatable,
            required, fallback, exclusions);
    }

    /**
     * @return this option, written back to its text by {@code format}.
     */
    Option<T> writtenAs(final Function<T, String> format)
    {
        return new Option<>(name, label, reader, format, defaultValue, help, check, repeatable, required, fallback,
            exclusions);
    }

    /**
     * @return the command-line name without {@code --}, e.g. {@code burst-size}.
     */
    public String name()
    {
        return name;
    }

    /**
     * @return what its value is in help, e.g. {@code DURATION}; empty for a flag, which takes no value.
     */
    public Optional<String> label()
    {
        return Optional.ofNullable(label);
    }

    /**
     * @return whether it is a flag: given without a value on the command line, {@code true} or {@code false} elsewhere.
     */
    public boolean isFlag()
    {
        return label == null;
    }

    /**
     * @return whether the command line takes it more than once, reading {@code --x a --x b} as {@code --x a,b}.
     */
    public boolean isRepeatable()
    {
        return repeatable;
    }

    /**
     * @return whether its command cannot do without it.
     */
    public boolean isRequired()
    {
        return required;
    }

    /**
     * @return whether this option and {@code other} are alternatives that a command takes only one of, declared on
     *         either of them.
     */
    public boolean excludes(final Option<?> other)
    {
        return exclusions.containsKey(other.name) || other.exclusions.containsKey(name);
    }

    /**
     * @return what it does, then its default where it has one, or what it comes to when nothing else decides.
     */
    public String help()
    {
        if (fallback != null)
        {
            return help + " (default: " + fallback + ")";
        }
        if (defaultValue == null || isFlag() || write(defaultValue).isEmpty())
        {
            return help;
        }
        return help + " (default: " + write(defaultValue) + ")";
    }

    /**
     * @return the value it has when not given; empty when another option or a venue profile decides.
     */
    public Optional<T> defaultValue()
    {
        return Optional.ofNullable(defaultValue);
    }

    /**
     * @param text the value as typed, e.g. {@code 5k} or {@code 30s}.
     * @return the value, checked.
     * @throws InvalidOptionException naming the option and the text when it cannot be read or fails its check.
     */
    public T read(final String text)
    {
        if (text == null)
        {
            throw new InvalidOptionException("--" + name + " needs a value");
        }
        final T value;
        try
        {
            value = reader.apply(text);
        }
        catch (final InvalidOptionException ex)
        {
            throw ex.getMessage().contains("--" + name) ? ex : InvalidOptionException.of("--" + name, ex);
        }
        catch (final IllegalArgumentException | DateTimeParseException ex)
        {
            throw new InvalidOptionException("--" + name + " '" + text + "': " + ex.getMessage(), ex);
        }
        check(value);
        return value;
    }

    /**
     * @return the value as {@link #read} takes it back.
     */
    public String write(final T value)
    {
        return writer.apply(value);
    }

    /**
     * @param value its value.
     * @return the option as the command line takes it: {@code --name TEXT}; a flag alone when true, and not at all
     *         when false.
     */
    public List<String> argument(final T value)
    {
        if (isFlag())
        {
            return Boolean.TRUE.equals(value) ? List.of("--" + name) : List.of();
        }
        return List.of("--" + name, write(value));
    }

    /**
     * @return the options this one excludes, by name, each with the message that refuses the two together.
     */
    Map<String, String> exclusions()
    {
        return exclusions;
    }

    /**
     * @throws InvalidOptionException naming the option when {@code value} fails its check.
     */
    void check(final T value)
    {
        check.accept(value);
    }

    /**
     * @return {@code value} as this option's type: a value set through a typed setter or read by {@link #read}.
     */
    @SuppressWarnings("unchecked")
    T cast(final Object value)
    {
        return (T)value;
    }

    public String toString()
    {
        return "--" + name;
    }

    private static boolean bool(final String value)
    {
        final String text = value.trim().toLowerCase(Locale.ROOT);
        if (!text.equals("true") && !text.equals("false"))
        {
            throw new InvalidOptionException("'" + value + "' is neither true nor false");
        }
        return Boolean.parseBoolean(text);
    }

    private static int whole(final String value)
    {
        try
        {
            return Integer.parseInt(value.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new InvalidOptionException("'" + value + "' is not a whole number", ex);
        }
    }

    private static double decimal(final String value)
    {
        try
        {
            return Double.parseDouble(value.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new InvalidOptionException("'" + value + "' is not a number", ex);
        }
    }
}
