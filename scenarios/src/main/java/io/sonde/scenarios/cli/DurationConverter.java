package io.sonde.scenarios.cli;

import io.sonde.api.DurationText;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.time.Duration;

/**
 * Durations on the command line, in the grammar every Sonde input shares ({@link DurationText}).
 */
public final class DurationConverter implements ITypeConverter<Duration>
{
    public Duration convert(final String value)
    {
        try
        {
            return DurationText.parse(value);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new TypeConversionException(ex.getMessage());
        }
    }
}
