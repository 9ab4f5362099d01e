package io.sonde.fix.client.session;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * FIX logon credentials. They come from a file or the environment, never from the command line (which
 * every user of the host can read in the process list), and never appear in logs: {@link #toString()}
 * hides the password.
 *
 * @param username      Username (553), or null to send none.
 * @param password      the password, or null to send none.
 * @param passwordField where the Logon carries the password: Password (554) or RawData (96).
 */
public record Credentials(String username, String password, PasswordField passwordField)
{
    public static final String USERNAME_VARIABLE = "SONDE_FIX_USERNAME";
    public static final String PASSWORD_VARIABLE = "SONDE_FIX_PASSWORD";
    public static final Credentials NONE = new Credentials(null, null);

    public Credentials
    {
        if (passwordField == null)
        {
            throw new IllegalArgumentException("where the password goes must be named");
        }
    }

    /**
     * Credentials whose password goes in Password (554), as most venues expect.
     */
    public Credentials(final String username, final String password)
    {
        this(username, password, PasswordField.PASSWORD);
    }

    /**
     * @return the same credentials, with the password carried in {@code field}.
     */
    public Credentials withPasswordIn(final PasswordField field)
    {
        return new Credentials(username, password, field);
    }

    /**
     * @return whether the password goes in RawData (96) rather than Password (554).
     */
    public boolean passwordInRawData()
    {
        return password != null && passwordField == PasswordField.RAW_DATA;
    }

    /**
     * Read {@code username=} and {@code password=} lines from a properties file.
     *
     * @throws IllegalArgumentException naming the file if it cannot be read or has no username.
     */
    public static Credentials fromFile(final Path file)
    {
        final Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            properties.load(reader);
        }
        catch (final IOException ex)
        {
            throw new IllegalArgumentException("cannot read credentials file " + file + ": " + ex.getMessage());
        }
        final String username = properties.getProperty("username");
        if (username == null || username.isBlank())
        {
            throw new IllegalArgumentException("credentials file " + file + " has no 'username=' line");
        }
        return new Credentials(username.trim(), properties.getProperty("password"));
    }

    /**
     * Read {@value #USERNAME_VARIABLE} and {@value #PASSWORD_VARIABLE}; none if the username is unset.
     */
    public static Credentials fromEnvironment(final Map<String, String> environment)
    {
        final String username = environment.get(USERNAME_VARIABLE);
        if (username == null || username.isBlank())
        {
            return NONE;
        }
        return new Credentials(username, environment.get(PASSWORD_VARIABLE));
    }

    public boolean isPresent()
    {
        return username != null;
    }

    public String toString()
    {
        return isPresent() ? "Credentials[username=" + username + ", password=" +
            (password == null ? "none" : "**** in " + passwordField.fieldName()) + "]" : "Credentials[none]";
    }
}
