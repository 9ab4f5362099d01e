package io.sonde.acceptor;

import io.sonde.fix.codecs.builder.LogoutEncoder;
import uk.co.real_logic.artio.decoder.AbstractLogonDecoder;
import uk.co.real_logic.artio.validation.AuthenticationProxy;
import uk.co.real_logic.artio.validation.AuthenticationStrategy;

/**
 * The reference acceptor's logon check: the configured password, or any when none is.
 */
public final class PasswordCheck implements AuthenticationStrategy
{
    private final String password;

    public PasswordCheck(final String password)
    {
        this.password = password;
    }

    public boolean authenticate(final AbstractLogonDecoder logon)
    {
        return password == null || password.equals(logon.passwordAsString());
    }

    public void authenticateAsync(final AbstractLogonDecoder logon, final AuthenticationProxy proxy)
    {
        if (authenticate(logon))
        {
            proxy.accept();
        }
        else
        {
            final LogoutEncoder logout = new LogoutEncoder();
            logout.text("invalid username or password");
            proxy.reject(logout, 100);
        }
    }
}
