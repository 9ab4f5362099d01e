package io.sonde.report;

/**
 * A report's input is not what it should be (a folder that is missing or holds no result, a file that is not an
 * interval log or not readable JSON): the message names it in one line, for the person who gave it.
 */
public final class ReportException extends RuntimeException
{
    public ReportException(final String message)
    {
        super(message);
    }
}
