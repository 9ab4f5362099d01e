package io.sonde.scenarios.cli;

/**
 * A problem with what the user asked for (a folder that cannot be used, a file that is not what it should
 * be), reported as one clear line and {@link io.sonde.api.ExitCode#BAD_USAGE}, never as a stack trace.
 */
public final class UserError extends RuntimeException
{
    public UserError(final String message)
    {
        super(message);
    }
}
