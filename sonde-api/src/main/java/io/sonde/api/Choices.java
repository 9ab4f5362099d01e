package io.sonde.api;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Reads a choice by the label users type ({@code new-cancel}, {@code spin-window}), which an enum constant's name
 * cannot carry. Each choice's {@code toString} is its label, so help and errors show the same words.
 */
final class Choices
{
    private Choices()
    {
    }

    /**
     * @param what what a choice is, for the error, e.g. "an order flow".
     * @throws InvalidOptionException listing the choices.
     */
    static <E extends Enum<E>> E parse(final Class<E> choices, final String value, final String what)
    {
        final String label = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        for (final E choice : choices.getEnumConstants())
        {
            if (choice.toString().equals(label))
            {
                return choice;
            }
        }
        throw new InvalidOptionException("'" + value + "' is not " + what + " (one of: " +
            Arrays.stream(choices.getEnumConstants()).map(Object::toString).collect(Collectors.joining(", ")) + ")");
    }
}
