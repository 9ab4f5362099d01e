package io.sonde.probe.schedule;

import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When the probe may send: days of the week and a time range in the venue's time zone, e.g.
 * {@code MON-FRI 08:00-16:30 Europe/London}. Outside it the probe stays logged on and measures nothing, so
 * a closed market is not reported as an outage.
 */
public record TradingWindow(Set<DayOfWeek> days, LocalTime opens, LocalTime closes, ZoneId zone)
{
    public static final TradingWindow ALWAYS = new TradingWindow(
        EnumSet.allOf(DayOfWeek.class), LocalTime.MIN, LocalTime.MAX, ZoneId.of("UTC"));

    private static final Pattern FORM = Pattern.compile(
        "([A-Z]{3})(?:-([A-Z]{3}))?\\s+(\\d{2}:\\d{2})-(\\d{2}:\\d{2})(?:\\s+(\\S+))?");

    /**
     * @throws IllegalArgumentException saying what form is expected.
     */
    public static TradingWindow parse(final String text)
    {
        final Matcher matcher = FORM.matcher(text.trim().toUpperCase(Locale.ROOT));
        if (!matcher.matches())
        {
            throw new IllegalArgumentException("schedule.window '" + text + "' is not like 'MON-FRI 08:00-16:30 UTC'");
        }
        try
        {
            final DayOfWeek first = day(matcher.group(1));
            final DayOfWeek last = matcher.group(2) == null ? first : day(matcher.group(2));
            final Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
            for (DayOfWeek day = first; ; day = day.plus(1))
            {
                days.add(day);
                if (day == last)
                {
                    break;
                }
            }
            final LocalTime opens = LocalTime.parse(matcher.group(3));
            final LocalTime closes = LocalTime.parse(matcher.group(4));
            if (!closes.isAfter(opens))
            {
                throw new IllegalArgumentException("schedule.window closes at " + closes + ", not after it opens");
            }
            final ZoneId zone = ZoneId.of(matcher.group(5) == null ? "UTC" : text.trim().split("\\s+")[2]);
            return new TradingWindow(days, opens, closes, zone);
        }
        catch (final DateTimeParseException ex)
        {
            throw new IllegalArgumentException("schedule.window '" + text + "': " + ex.getMessage());
        }
        catch (final DateTimeException ex)
        {
            throw new IllegalArgumentException("schedule.window '" + text + "': unknown time zone");
        }
    }

    /**
     * @return {@code now} when the window is open, else the moment it next opens.
     */
    public Instant nextOpening(final Instant now)
    {
        if (isOpen(now))
        {
            return now;
        }
        final ZonedDateTime local = now.atZone(zone);
        for (int daysAhead = 0; daysAhead <= DayOfWeek.values().length; daysAhead++)
        {
            final ZonedDateTime day = local.plusDays(daysAhead);
            final ZonedDateTime opening = day.with(opens);
            if (days.contains(day.getDayOfWeek()) && opening.toInstant().isAfter(now))
            {
                return opening.toInstant();
            }
        }
        throw new IllegalStateException("a trading window without a day: " + this);
    }

    /**
     * @return the window as it is written in a config, e.g. {@code MON-FRI 08:00-16:30 Europe/London}.
     */
    public String describe()
    {
        final StringBuilder text = new StringBuilder();
        for (final DayOfWeek day : days)
        {
            text.append(text.length() == 0 ? "" : ",").append(day.name(), 0, 3);
        }
        return text.append(' ').append(opens).append('-').append(closes).append(' ').append(zone).toString();
    }

    public boolean isOpen(final Instant now)
    {
        final ZonedDateTime local = now.atZone(zone);
        final LocalTime time = local.toLocalTime();
        return days.contains(local.getDayOfWeek()) && !time.isBefore(opens) && time.isBefore(closes);
    }

    private static DayOfWeek day(final String abbreviation)
    {
        for (final DayOfWeek day : DayOfWeek.values())
        {
            if (day.name().startsWith(abbreviation))
            {
                return day;
            }
        }
        throw new IllegalArgumentException("'" + abbreviation + "' is not a day (MON, TUE, ... SUN)");
    }
}
