package io.sonde.history;

/**
 * The results history cannot do what was asked of it (a location that cannot be opened, a run or baseline it does
 * not hold, a result folder it cannot record): the message names it in one line, for the person who asked.
 */
public final class HistoryException extends RuntimeException
{
    public HistoryException(final String message)
    {
        super(message);
    }
}
