package io.sonde.fix.client.replay;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The timestamps a FIX log puts before a message or in its SendingTime (52): {@code 20261123-12:00:00.123} as
 * QuickFIX/J writes them, or {@code 2026-11-23 12:00:00,123} as a logging framework does, up to nanoseconds. Read
 * as UTC: a replay only uses their differences.
 */
final class LogTimestamps
{
    private static final Pattern TIMESTAMP = Pattern.compile(
        "(\\d{4})-?(\\d{2})-?(\\d{2})[- ](\\d{2}):(\\d{2}):(\\d{2})(?:[.,](\\d{1,9}))?");

    private LogTimestamps()
    {
    }

    /**
     * @param text a timestamp, optionally followed by the {@code :} QuickFIX/J writes before the message.
     * @return nanoseconds since the epoch.
     * @throws IllegalArgumentException saying why {@code text} is not a timestamp.
     */
    static long nanos(final String text)
    {
        final String stamp = text.endsWith(":") ? text.substring(0, text.length() - 1).strip() : text;
        final Matcher matcher = TIMESTAMP.matcher(stamp);
        if (!matcher.matches())
        {
            throw new IllegalArgumentException("'" + text + "' is not a timestamp (20261123-12:00:00.123 or " +
                "2026-11-23 12:00:00,123)");
        }
        try
        {
            final LocalDateTime time = LocalDateTime.of(group(matcher, 1), group(matcher, 2), group(matcher, 3),
                group(matcher, 4), group(matcher, 5), group(matcher, 6));
            final String fraction = matcher.group(7) == null ? "" : matcher.group(7);
            final long nanos = fraction.isEmpty() ? 0 : Long.parseLong((fraction + "00000000").substring(0, 9));
            return time.toEpochSecond(ZoneOffset.UTC) * 1_000_000_000L + nanos;
        }
        catch (final DateTimeException ex)
        {
            throw new IllegalArgumentException("'" + text + "' is not a valid time: " + ex.getMessage(), ex);
        }
    }

    private static int group(final Matcher matcher, final int group)
    {
        return Integer.parseInt(matcher.group(group));
    }
}
