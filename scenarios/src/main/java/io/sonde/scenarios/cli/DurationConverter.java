package io.sonde.scenarios.cli;

import io.sonde.loadgen.time.Durations;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.time.Duration;

/**
 * Durations on the command line, in the grammar every Sonde input shares ({@link Durations}).
 */
public final class DurationConverter implements ITypeConverter<Duration>
{
    public Duration convert(final String value)
    {
        try
        {
            return Durations.parse(value);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new TypeConversionException(ex.getMessage());
        }
    }
}
