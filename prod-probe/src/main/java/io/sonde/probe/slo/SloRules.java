package io.sonde.probe.slo;

import io.sonde.api.DurationText;

import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads SLO rules from their config form:
 * <pre>
 *   slo.ack-latency   = new-ack p99 &lt;= 20ms over 5m
 *   slo.no-timeouts   = consecutive timeouts &lt;= 2
 *   slo.tick-latency  = order-to-tick p99 &lt;= 50ms over 5m
 *   slo.public-feed   = consecutive missing public events &lt;= 2
 *   slo.session       = session down &lt;= 30s
 * </pre>
 */
public final class SloRules
{
    /** The stage that needs the venue's market data watched ({@code market.data=fix}). */
    public static final String ORDER_TO_TICK = "order-to-tick";
    public static final Set<String> STAGES = Set.of("new-ack", "cancel", "lifecycle", ORDER_TO_TICK);

    private static final Pattern LATENCY =
        Pattern.compile("([a-z-]+)\\s+p(\\d+(?:\\.\\d+)?)\\s*<=\\s*(\\S+)\\s+over\\s+(\\S+)");
    private static final Pattern TIMEOUTS = Pattern.compile("consecutive\\s+timeouts\\s*<=\\s*(\\d+)");
    private static final Pattern MISSING_PUBLIC_EVENTS =
        Pattern.compile("consecutive\\s+missing\\s+public\\s+events\\s*<=\\s*(\\d+)");
    private static final Pattern SESSION = Pattern.compile("session\\s+down\\s*<=\\s*(\\S+)");

    private SloRules()
    {
    }

    /**
     * @throws IllegalArgumentException naming the rule and saying what form was expected.
     */
    public static SloRule parse(final String name, final String text)
    {
        final String rule = text.trim().toLowerCase(Locale.ROOT);
        try
        {
            Matcher matcher = LATENCY.matcher(rule);
            if (matcher.matches())
            {
                return latency(name, matcher);
            }
            matcher = TIMEOUTS.matcher(rule);
            if (matcher.matches())
            {
                return new SloRule.Timeouts(name, Integer.parseInt(matcher.group(1)));
            }
            matcher = MISSING_PUBLIC_EVENTS.matcher(rule);
            if (matcher.matches())
            {
                return new SloRule.MissingPublicEvents(name, Integer.parseInt(matcher.group(1)));
            }
            matcher = SESSION.matcher(rule);
            if (matcher.matches())
            {
                return new SloRule.SessionDown(name, DurationText.parsePositive(matcher.group(1)));
            }
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("slo." + name + ": " + ex.getMessage());
        }
        throw new IllegalArgumentException("slo." + name + " = '" + text + "' is not a rule; write one of " +
            "'new-ack p99 <= 20ms over 5m', 'consecutive timeouts <= 2', 'consecutive missing public events <= 2' " +
            "or 'session down <= 30s'");
    }

    private static SloRule latency(final String name, final Matcher matcher)
    {
        final String stage = matcher.group(1);
        if (!STAGES.contains(stage))
        {
            throw new IllegalArgumentException("stage '" + stage + "' is not one of " + STAGES);
        }
        final double percentile = Double.parseDouble(matcher.group(2));
        if (percentile <= 0 || percentile > 100)
        {
            throw new IllegalArgumentException("percentile p" + matcher.group(2) + " is not in (0, 100]");
        }
        final Duration limit = DurationText.parsePositive(withUnit(matcher.group(3)));
        final Duration window = DurationText.parsePositive(matcher.group(4));
        return new SloRule.Latency(name, stage, percentile, limit.toNanos(), window);
    }

    /**
     * A latency limit must name its unit: a bare number means seconds to the duration grammar, while someone
     * writing {@code p99 <= 20} almost certainly means milliseconds or microseconds.
     */
    private static String withUnit(final String limit)
    {
        if (Character.isDigit(limit.charAt(limit.length() - 1)))
        {
            throw new IllegalArgumentException("latency limit '" + limit + "' needs a unit, e.g. " + limit + "ms");
        }
        return limit;
    }
}
