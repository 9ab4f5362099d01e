package io.sonde.loadgen.runner;

/**
 * A run could not complete: its transport failed. Distinct from a run that completed with bad numbers.
 */
public final class RunFailedException extends RuntimeException
{
    public RunFailedException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
