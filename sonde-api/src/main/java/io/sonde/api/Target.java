package io.sonde.api;

/**
 * A FIX acceptor's address.
 *
 * @param host name or address.
 * @param port TCP port, 1..65535.
 */
public record Target(String host, int port)
{
    /**
     * @throws InvalidOptionException for an empty host or a port out of range.
     */
    public Target
    {
        if (host == null || host.isBlank())
        {
            throw new InvalidOptionException("--target needs a host");
        }
        if (port < 1 || port > 65_535)
        {
            throw new InvalidOptionException("--target: port " + port + " is not in 1..65535");
        }
    }

    /**
     * @param value {@code HOST:PORT}, e.g. {@code 127.0.0.1:9880}.
     * @throws InvalidOptionException when it is not.
     */
    public static Target parse(final String value)
    {
        final int colon = value.lastIndexOf(':');
        if (colon <= 0 || colon == value.length() - 1)
        {
            throw new InvalidOptionException("'" + value + "' is not HOST:PORT (e.g. 127.0.0.1:9880)");
        }
        try
        {
            return new Target(value.substring(0, colon), Integer.parseInt(value.substring(colon + 1)));
        }
        catch (final NumberFormatException ex)
        {
            throw new InvalidOptionException("'" + value.substring(colon + 1) + "' in '" + value +
                "' is not a port number", ex);
        }
    }

    /**
     * @return {@code HOST:PORT}.
     */
    public String toString()
    {
        return host + ":" + port;
    }
}
