package io.sonde.api;

/**
 * A run or sweep that could not be carried out: the target was unreachable, refused the logon, or the run failed
 * in Sonde itself. Nothing was measured that could be judged; the command line exits
 * {@link ExitCode#NOT_CARRIED_OUT} for it.
 */
public final class RunFailedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what could not be done, and why.
     * @param cause   the error it was found by.
     */
    public RunFailedException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
