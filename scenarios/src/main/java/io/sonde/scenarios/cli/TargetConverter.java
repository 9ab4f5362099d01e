package io.sonde.scenarios.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses {@code HOST:PORT}.
 */
public final class TargetConverter implements ITypeConverter<TargetConverter.Target>
{
    /**
     * A FIX acceptor's address.
     */
    public record Target(String host, int port)
    {
        public String toString()
        {
            return host + ":" + port;
        }
    }

    public Target convert(final String value)
    {
        final int colon = value.lastIndexOf(':');
        if (colon <= 0 || colon == value.length() - 1)
        {
            throw new TypeConversionException("'" + value + "' is not HOST:PORT (e.g. 127.0.0.1:9880)");
        }
        try
        {
            final int port = Integer.parseInt(value.substring(colon + 1));
            if (port < 1 || port > 65_535)
            {
                throw new TypeConversionException("port " + port + " in '" + value + "' is not in 1..65535");
            }
            return new Target(value.substring(0, colon), port);
        }
        catch (final NumberFormatException ex)
        {
            throw new TypeConversionException("'" + value.substring(colon + 1) + "' in '" + value +
                "' is not a port number");
        }
    }
}
