package io.sonde.fix.client.session;

/**
 * Sessions could not log on: the target is unreachable, refused the credentials, or did not answer.
 */
public final class SessionLogonException extends RuntimeException
{
    public SessionLogonException(final String message)
    {
        super(message);
    }
}
