package io.sonde.probe.config;

import io.sonde.api.DurationText;
import io.sonde.probe.schedule.TradingWindow;
import io.sonde.probe.slo.SloRule;
import io.sonde.probe.slo.SloRules;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeSet;

/**
 * The settings of a probe's configuration, each read and checked on its own: a problem is noted, never thrown, and
 * a stand-in value returned, so {@link ProbeConfig} names every problem of a file in one message and one edit fixes
 * them all.
 */
final class ConfigFields
{
    static final String MARKET_DATA = "market.data";
    static final String MARKET_DATA_SENDER = "market.data.sender.comp.id";
    static final String MARKET_DATA_TARGET = "market.data.target.comp.id";
    static final String SLO_PREFIX = "slo.";

    private final Properties properties;
    private final List<String> problems = new ArrayList<>();

    ConfigFields(final Properties properties)
    {
        this.properties = properties;
    }

    /**
     * Note a problem the settings' values do not show on their own, e.g. two settings that disagree.
     */
    void problem(final String problem)
    {
        problems.add(problem);
    }

    /**
     * @return every problem found so far, in the order found.
     */
    List<String> problems()
    {
        return problems;
    }

    String text(final String name)
    {
        final String value = properties.getProperty(name);
        if (value == null || value.isBlank())
        {
            problems.add("'" + name + "' is missing");
            return null;
        }
        return value.trim();
    }

    /**
     * Only {@code true} or {@code false}: a typo must not quietly turn a safety setting off.
     */
    boolean flag(final String name)
    {
        final String value = properties.getProperty(name, "false").trim();
        if (!value.equals("true") && !value.equals("false"))
        {
            problems.add("'" + name + "' must be true or false, not '" + value + "'");
        }
        return value.equals("true");
    }

    /**
     * {@code market.data} is {@code fix} or {@code off}; its CompIDs may be set only when it is on, so a
     * session configured but never opened is not mistaken for one that is watched.
     */
    MarketDataSettings marketData()
    {
        final String source = properties.getProperty(MARKET_DATA, MarketDataSettings.OFF).trim();
        final String sender = optionalText(MARKET_DATA_SENDER);
        final String target = optionalText(MARKET_DATA_TARGET);
        if (source.equals(MarketDataSettings.FIX))
        {
            return new MarketDataSettings(sender, target);
        }
        if (!source.equals(MarketDataSettings.OFF))
        {
            problems.add("'" + MARKET_DATA + "' must be 'fix' (watch the venue's FIX market data) or 'off', " +
                "not '" + source + "'");
        }
        else if (sender != null || target != null)
        {
            problems.add("'" + (sender != null ? MARKET_DATA_SENDER : MARKET_DATA_TARGET) + "' is set but '" +
                MARKET_DATA + "' is off: set " + MARKET_DATA + "=fix to open the market data session");
        }
        return null;
    }

    private String optionalText(final String name)
    {
        final String value = properties.getProperty(name);
        if (value != null && value.isBlank())
        {
            problems.add("'" + name + "' is empty: remove it for the default or give a CompID");
        }
        return value == null || value.isBlank() ? null : value.trim();
    }

    long number(final String name, final String fallback, final long min, final long max)
    {
        return whole(name, properties.getProperty(name, fallback).trim(), min, max);
    }

    Duration duration(final String name, final String fallback)
    {
        try
        {
            return DurationText.parsePositive(properties.getProperty(name, fallback));
        }
        catch (final IllegalArgumentException ex)
        {
            problems.add("'" + name + "': " + ex.getMessage());
            return Duration.ofSeconds(1);
        }
    }

    TradingWindow window(final String name)
    {
        final String value = properties.getProperty(name);
        if (value == null || value.isBlank())
        {
            return TradingWindow.ALWAYS;
        }
        try
        {
            return TradingWindow.parse(value);
        }
        catch (final IllegalArgumentException ex)
        {
            problems.add(ex.getMessage());
            return TradingWindow.ALWAYS;
        }
    }

    List<SloRule> sloRules()
    {
        final List<SloRule> rules = new ArrayList<>();
        for (final String name : new TreeSet<>(properties.stringPropertyNames()))
        {
            if (name.startsWith(SLO_PREFIX))
            {
                try
                {
                    rules.add(SloRules.parse(name.substring(SLO_PREFIX.length()), properties.getProperty(name)));
                }
                catch (final IllegalArgumentException ex)
                {
                    problems.add(ex.getMessage());
                }
            }
        }
        return rules;
    }

    long number(final String name, final long min, final long max)
    {
        final String value = text(name);
        return value == null ? -1 : whole(name, value, min, max);
    }

    private long whole(final String name, final String value, final long min, final long max)
    {
        try
        {
            final long number = Long.parseLong(value);
            if (number < min || number > max)
            {
                problems.add("'" + name + "' is " + number + ", not in " + min + ".." + max);
            }
            return number;
        }
        catch (final NumberFormatException ex)
        {
            problems.add("'" + name + "' is not a whole number: '" + value + "'");
            return -1;
        }
    }

    double decimal(final String name, final double min, final double max)
    {
        final String value = text(name);
        if (value == null)
        {
            return -1;
        }
        try
        {
            final double number = Double.parseDouble(value);
            if (number < min || number > max)
            {
                problems.add("'" + name + "' is " + number + ", not in " + min + ".." + max);
            }
            return number;
        }
        catch (final NumberFormatException ex)
        {
            problems.add("'" + name + "' is not a number: '" + value + "'");
            return -1;
        }
    }

    long cents(final String name)
    {
        final String value = text(name);
        if (value == null)
        {
            return -1;
        }
        try
        {
            final long cents = new BigDecimal(value).movePointRight(2).longValueExact();
            if (cents <= 0)
            {
                problems.add("'" + name + "' must be positive: " + value);
            }
            return cents;
        }
        catch (final NumberFormatException | ArithmeticException ex)
        {
            problems.add("'" + name + "' is not a price with at most 2 decimals: '" + value + "'");
            return -1;
        }
    }
}
