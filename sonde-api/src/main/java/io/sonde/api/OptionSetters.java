package io.sonde.api;

import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The options a builder takes by their command-line names, each with the setter that reads its command-line text:
 * what makes {@link LoadBuilder#set(String, String)} accept exactly what the command line does, with its errors
 * naming the option as the command line spells it, and an unknown name answered with the nearest known one.
 *
 * @param <B> the builder the setters set.
 */
final class OptionSetters<B>
{
    private final Map<String, BiConsumer<B, String>> setters = new LinkedHashMap<>();

    /**
     * @param name   the option's command-line name, without {@code --}.
     * @param setter reads the option's command-line text into the builder.
     */
    void add(final String name, final BiConsumer<B, String> setter)
    {
        setters.put(name, setter);
    }

    /**
     * @param option {@code sessions} or {@code --sessions}.
     * @throws InvalidOptionException for an option there is no setter for (naming the nearest there is), or a value
     *                                that cannot be read.
     */
    void set(final B builder, final String option, final String value)
    {
        final String name = option.startsWith("--") ? option.substring(2) : option;
        final BiConsumer<B, String> setter = setters.get(name);
        if (setter == null)
        {
            throw new InvalidOptionException("unknown option '" + option + "': did you mean '" + nearest(name) +
                "'? (options: " + String.join(", ", setters.keySet()) + ")");
        }
        if (value == null)
        {
            throw new InvalidOptionException("--" + name + " needs a value");
        }
        try
        {
            setter.accept(builder, value);
        }
        catch (final InvalidOptionException ex)
        {
            throw ex.getMessage().contains("--" + name) ? ex : InvalidOptionException.of("--" + name, ex);
        }
        catch (final IllegalArgumentException | DateTimeParseException ex)
        {
            throw new InvalidOptionException("--" + name + " '" + value + "': " + ex.getMessage(), ex);
        }
    }

    /**
     * @return the names, in the order they were added.
     */
    List<String> names()
    {
        return List.copyOf(setters.keySet());
    }

    private String nearest(final String name)
    {
        return setters.keySet().stream().min(Comparator.comparingInt(known -> distance(known, name))).orElseThrow();
    }

    /**
     * Levenshtein distance: how many single-character edits turn one name into the other.
     */
    private static int distance(final String a, final String b)
    {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++)
        {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++)
        {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++)
            {
                final int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            final int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
