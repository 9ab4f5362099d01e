package io.sonde.history;


import java.nio.file.Path;

/**
 * Where the results history lives: a JDBC URL ({@code jdbc:sqlite:FILE} or {@code jdbc:postgresql://...}) or a
 * plain file path, which means SQLite.
 *
 * @param url      the JDBC URL.
 * @param implicit whether nobody named it (the default in the home folder): a run then records what it can and
 *                 warns when the home folder is not usable, rather than failing a run whose results are saved.
 */
public record HistoryLocation(String url, boolean implicit)
{
    /**
     * The system property that replaces the default location (tests point it into target/).
     */
    public static final String PROPERTY = "sonde.history";

    /**
     * The environment variable that replaces the default location.
     */
    public static final String ENVIRONMENT = "SONDE_HISTORY";

    /**
     * The history's file in the user's home folder when nothing else names one.
     */
    public static final String HOME_FILE = ".sonde/history.db";

    /**
     * Where the history is unless named, as help texts say it.
     */
    public static final String DEFAULT_TEXT = "$" + ENVIRONMENT + ", else ~/" + HOME_FILE;

    /**
     * @param named what {@code --history} said, or null: then {@link #PROPERTY}, then {@link #ENVIRONMENT}, then
     *              {@link #HOME_FILE} in the home folder.
     */
    public static HistoryLocation resolve(final String named)
    {
        if (named != null)
        {
            return new HistoryLocation(toUrl(named), false);
        }
        final String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank())
        {
            return new HistoryLocation(toUrl(property), false);
        }
        final String environment = System.getenv(ENVIRONMENT);
        if (environment != null && !environment.isBlank())
        {
            return new HistoryLocation(toUrl(environment), false);
        }
        return new HistoryLocation(
            toUrl(Path.of(System.getProperty("user.home")).resolve(HOME_FILE).toString()), true);
    }

    private static String toUrl(final String value)
    {
        final String trimmed = value.trim();
        if (trimmed.isEmpty())
        {
            throw new HistoryException("--history needs a JDBC URL or a file path");
        }
        if (trimmed.startsWith("jdbc:"))
        {
            if (!trimmed.startsWith("jdbc:sqlite:") && !trimmed.startsWith("jdbc:postgresql:"))
            {
                throw new HistoryException("history " + trimmed + ": only jdbc:sqlite: and jdbc:postgresql: URLs are " +
                    "supported");
            }
            return trimmed;
        }
        return "jdbc:sqlite:" + Path.of(trimmed).toAbsolutePath();
    }

    /**
     * @return the URL without its query (which may carry a password), for messages.
     */
    public String describe()
    {
        final int query = url.indexOf('?');
        return query < 0 ? url : url.substring(0, query);
    }
}
