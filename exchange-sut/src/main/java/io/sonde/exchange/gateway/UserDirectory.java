package io.sonde.exchange.gateway;

import io.sonde.fix.codecs.builder.LogoutEncoder;
import uk.co.real_logic.artio.decoder.AbstractLogonDecoder;
import uk.co.real_logic.artio.validation.AuthenticationProxy;
import uk.co.real_logic.artio.validation.AuthenticationStrategy;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Who may log on: Username (553) and Password (554) pairs. A logon with an unknown user or the wrong
 * password is refused with a Logout saying so. An empty directory accepts every logon (for a private
 * loopback exchange); the CLI says so loudly when it runs that way.
 */
public final class UserDirectory implements AuthenticationStrategy
{
    static final String REFUSED = "invalid username or password";

    private final Map<String, String> passwords;

    private UserDirectory(final Map<String, String> passwords)
    {
        this.passwords = Map.copyOf(passwords);
    }

    public static UserDirectory open()
    {
        return new UserDirectory(Map.of());
    }

    public static UserDirectory of(final Map<String, String> passwords)
    {
        return new UserDirectory(passwords);
    }

    /**
     * Read {@code username=password} lines (Java properties syntax).
     *
     * @throws IllegalArgumentException naming the file when it cannot be read or lists nobody.
     */
    public static UserDirectory fromFile(final Path file)
    {
        final Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            properties.load(reader);
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("cannot read users file " + file + ": " + ex.getMessage());
        }
        final Map<String, String> passwords = new TreeMap<>();
        properties.stringPropertyNames().forEach(user -> passwords.put(user.trim(), properties.getProperty(user)));
        if (passwords.isEmpty())
        {
            throw new IllegalArgumentException("users file " + file + " lists no users (expected username=password " +
                "lines)");
        }
        return new UserDirectory(passwords);
    }

    public boolean isOpen()
    {
        return passwords.isEmpty();
    }

    public int size()
    {
        return passwords.size();
    }

    public boolean authenticate(final AbstractLogonDecoder logon)
    {
        if (isOpen())
        {
            return true;
        }
        final String expected = logon.hasUsername() ? passwords.get(logon.usernameAsString()) : null;
        return expected != null && logon.hasPassword() && expected.equals(logon.passwordAsString());
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
            logout.text(REFUSED);
            proxy.reject(logout, 100);
        }
    }
}
