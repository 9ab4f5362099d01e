package io.sonde.scenarios.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Reads a choice option by the label users type ({@code new-cancel}, {@code spin-window}), which an enum
 * constant's name cannot carry. The enum's {@code toString} is its label, so help and errors show the same words.
 *
 * @param <E> the choices.
 */
public abstract class LabelConverter<E extends Enum<E>> implements ITypeConverter<E>
{
    private final Class<E> choices;
    private final String what;

    /**
     * @param what what a choice is, for the error, e.g. "order flow".
     */
    protected LabelConverter(final Class<E> choices, final String what)
    {
        this.choices = choices;
        this.what = what;
    }

    public E convert(final String value)
    {
        final String label = value.trim().toLowerCase(Locale.ROOT);
        for (final E choice : choices.getEnumConstants())
        {
            if (choice.toString().equals(label))
            {
                return choice;
            }
        }
        throw new TypeConversionException("'" + value + "' is not " + what + " (one of: " +
            Arrays.stream(choices.getEnumConstants()).map(Object::toString).collect(Collectors.joining(", ")) + ")");
    }
}
