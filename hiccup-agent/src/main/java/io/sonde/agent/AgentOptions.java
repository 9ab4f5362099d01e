package io.sonde.agent;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the agent is told on its command line: {@code out=DIR,resolution=1ms,interval=1s,name=NAME}. Only
 * {@code out} is required. Every mistake is reported as an {@link IllegalArgumentException} whose message names
 * the option, so the agent can print it and the {@code sonde hiccup} command can check its options before it
 * attaches.
 */
public final class AgentOptions
{
    public static final String OUT = "out";
    public static final String RESOLUTION = "resolution";
    public static final String INTERVAL = "interval";
    public static final String NAME = "name";
    public static final String LOG_SUFFIX = ".hiccup.hlog";
    public static final long DEFAULT_RESOLUTION_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    public static final long DEFAULT_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

    private static final Pattern DURATION = Pattern.compile("(\\d{1,12})(ns|us|ms|s|m)");
    private static final Pattern SAFE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    private final Path out;
    private final long resolutionNanos;
    private final long intervalNanos;
    private final String name;

    private AgentOptions(final Path out, final long resolutionNanos, final long intervalNanos, final String name)
    {
        if (resolutionNanos <= 0)
        {
            throw new IllegalArgumentException(RESOLUTION + " must be positive, e.g. " + RESOLUTION + "=1ms");
        }
        if (intervalNanos < resolutionNanos)
        {
            throw new IllegalArgumentException(INTERVAL + " (" + intervalNanos + "ns) must be at least the " +
                RESOLUTION + " (" + resolutionNanos + "ns): each interval holds many samples");
        }
        if (!SAFE_NAME.matcher(name).matches())
        {
            throw new IllegalArgumentException(NAME + "=" + name + " is not usable in a file name: letters, " +
                "digits, '.', '_' and '-' only, e.g. " + NAME + "=exchange-member-1");
        }
        this.out = out.toAbsolutePath();
        this.resolutionNanos = resolutionNanos;
        this.intervalNanos = intervalNanos;
        this.name = name;
    }

    /**
     * Options given as values, as the {@code sonde hiccup} command has them.
     *
     * @param name the component name, or null for the default {@code jvm-<pid>} of the JVM being measured.
     * @param pid  the process id of the JVM being measured.
     */
    public static AgentOptions of(
        final Path out, final long resolutionNanos, final long intervalNanos, final String name, final long pid)
    {
        return new AgentOptions(out, resolutionNanos, intervalNanos, name != null ? name : defaultName(pid));
    }

    /**
     * Read the agent's argument, the text after {@code =} in {@code -javaagent:sonde-agent.jar=...}.
     *
     * @param argument comma-separated {@code key=value} pairs; may be null when the agent was given none.
     * @param pid      the process id of this JVM, for the default name.
     */
    public static AgentOptions parse(final String argument, final long pid)
    {
        final Map<String, String> values = new LinkedHashMap<>();
        if (argument != null && !argument.isBlank())
        {
            for (final String pair : argument.split(","))
            {
                final int equals = pair.indexOf('=');
                final String key = equals < 0 ? pair.trim() : pair.substring(0, equals).trim();
                if (!key.equals(OUT) && !key.equals(RESOLUTION) && !key.equals(INTERVAL) && !key.equals(NAME))
                {
                    throw new IllegalArgumentException("unknown option '" + key + "'; the options are " + OUT +
                        "=DIR (required), " + RESOLUTION + "=1ms, " + INTERVAL + "=1s and " + NAME + "=NAME");
                }
                if (equals < 0 || equals == pair.length() - 1)
                {
                    throw new IllegalArgumentException("option " + key + " needs a value, e.g. " + example(key));
                }
                values.put(key, pair.substring(equals + 1).trim());
            }
        }
        final String out = values.get(OUT);
        if (out == null)
        {
            throw new IllegalArgumentException("option " + OUT + "=DIR is required: the folder to write the " +
                "hiccup log into, e.g. -javaagent:sonde-agent.jar=" + example(OUT));
        }
        return of(Path.of(out), duration(values, RESOLUTION, DEFAULT_RESOLUTION_NANOS),
            duration(values, INTERVAL, DEFAULT_INTERVAL_NANOS), values.get(NAME), pid);
    }

    public static String defaultName(final long pid)
    {
        return "jvm-" + pid;
    }

    public Path out()
    {
        return out;
    }

    public long resolutionNanos()
    {
        return resolutionNanos;
    }

    public long intervalNanos()
    {
        return intervalNanos;
    }

    public String name()
    {
        return name;
    }

    /**
     * @return the hiccup log these options write: {@code <out>/<name>.hiccup.hlog}.
     */
    public Path logFile()
    {
        return out.resolve(name + LOG_SUFFIX);
    }

    /**
     * @return the agent argument that {@link #parse} reads back into these options.
     */
    public String argument()
    {
        return OUT + "=" + out + "," + RESOLUTION + "=" + resolutionNanos + "ns," + INTERVAL + "=" + intervalNanos +
            "ns," + NAME + "=" + name;
    }

    public String toString()
    {
        return argument();
    }

    private static long duration(final Map<String, String> values, final String key, final long defaultNanos)
    {
        final String text = values.get(key);
        if (text == null)
        {
            return defaultNanos;
        }
        final Matcher matcher = DURATION.matcher(text.toLowerCase(Locale.ROOT));
        if (!matcher.matches())
        {
            throw new IllegalArgumentException(key + "=" + text + " is not a duration: a whole number with a " +
                "unit of ns, us, ms, s or m, e.g. " + example(key));
        }
        final long amount = Long.parseLong(matcher.group(1));
        return switch (matcher.group(2))
        {
            case "ns" -> amount;
            case "us" -> TimeUnit.MICROSECONDS.toNanos(amount);
            case "ms" -> TimeUnit.MILLISECONDS.toNanos(amount);
            case "s" -> TimeUnit.SECONDS.toNanos(amount);
            default -> TimeUnit.MINUTES.toNanos(amount);
        };
    }

    private static String example(final String key)
    {
        return switch (key)
        {
            case OUT -> OUT + "=/var/log/hiccups";
            case RESOLUTION -> RESOLUTION + "=1ms";
            case INTERVAL -> INTERVAL + "=1s";
            default -> NAME + "=exchange-member-1";
        };
    }
}
