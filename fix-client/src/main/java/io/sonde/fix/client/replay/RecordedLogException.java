package io.sonde.fix.client.replay;

/**
 * A recorded log Sonde cannot replay faithfully, naming the line and what is wrong with it.
 */
public final class RecordedLogException extends RuntimeException
{
    public RecordedLogException(final String message)
    {
        super(message);
    }
}
