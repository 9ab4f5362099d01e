package io.sonde.api;

/**
 * An option of a run or sweep that is wrong, or options that do not go together, found before anything connects.
 * Options are named as on the command line ({@code --burst-size}), the one name every way into Sonde shares: the
 * CLI, scenario files and {@link LoadBuilder#set(String, String)}.
 */
public final class InvalidOptionException extends IllegalArgumentException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong, naming the option or options at fault.
     */
    public InvalidOptionException(final String message)
    {
        super(message);
    }

    /**
     * @param message what is wrong, naming the option or options at fault.
     * @param cause   the lower-level error it was found by.
     */
    public InvalidOptionException(final String message, final Throwable cause)
    {
        super(message, cause);
    }

    /**
     * @return the problem prefixed with the option's name, unless the message names it already.
     */
    static InvalidOptionException of(final String option, final IllegalArgumentException problem)
    {
        final String message = problem.getMessage();
        return new InvalidOptionException(message != null && message.contains(option) ? message :
            option + ": " + message, problem);
    }
}
