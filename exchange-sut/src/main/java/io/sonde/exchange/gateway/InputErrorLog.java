package io.sonde.exchange.gateway;

import org.agrona.AsciiNumberFormatException;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.AtomicBuffer;
import uk.co.real_logic.artio.ErrorHandlerFactory;
import uk.co.real_logic.artio.session.MalformedTagFormatException;

import java.io.PrintStream;

/**
 * Where the gateway's Artio library and engine report errors. A client's bad input (a tag or number that
 * does not parse) has already been answered with a session Reject; it is logged as one line, since a stack
 * trace says nothing about the gateway. Every other error goes to Artio's distinct error log as before.
 */
final class InputErrorLog implements ErrorHandlerFactory
{
    private final PrintStream out;

    InputErrorLog()
    {
        this(System.err);
    }

    InputErrorLog(final PrintStream out)
    {
        this.out = out;
    }

    public ErrorHandler make(final AtomicBuffer errorBuffer)
    {
        final ErrorHandler distinct = ErrorHandlerFactory.saveDistinctErrors().make(errorBuffer);
        return throwable ->
        {
            final Throwable input = badInput(throwable);
            if (input == null)
            {
                distinct.onError(throwable);
            }
            else
            {
                out.println("[gateway] bad client input: " + input.getClass().getSimpleName() + ": " +
                    input.getMessage());
            }
        };
    }

    /**
     * @return the client's parse error in {@code throwable} or its causes, or null when there is none.
     */
    static Throwable badInput(final Throwable throwable)
    {
        for (Throwable cause = throwable; cause != null; cause = cause.getCause())
        {
            if (cause instanceof MalformedTagFormatException || cause instanceof AsciiNumberFormatException)
            {
                return cause;
            }
        }
        return null;
    }
}
