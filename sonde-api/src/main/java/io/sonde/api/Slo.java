package io.sonde.api;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.StringJoiner;

/**
 * A latency objective on the corrected distribution, e.g. {@code p99=500us} or {@code p99.99=5ms}; with
 * {@code tick.} on order-to-tick, the time from an order's intended start to its first public market data event
 * ({@code tick.p99=2ms}, measured with {@code --market-data}); with {@code fault.} on the corrected latency during
 * the run's faults ({@code fault.p99=50ms}, docs/faults.md); or {@code recovery=2s}, which every fault's recovery
 * must meet (a fault that never recovered misses it); with {@code t2t.} on tick-to-trade, from a trigger's intended
 * publication to its reaction's arrival ({@code t2t.p99=2ms}, measured by {@code sonde market}, which takes no other).
 *
 * @param percentile  one of 50, 90, 99, 99.9, 99.99, or 100 for the maximum (a recovery objective's).
 * @param limitMicros the latency it must not exceed, µs.
 * @param series      what it is measured on.
 */
public record Slo(double percentile, double limitMicros, Series series)
{
    /** How an objective on order-to-tick is named: {@code tick.p99}. */
    public static final String TICK_PREFIX = "tick.";
    /** How an objective on the latency during faults is named: {@code fault.p99}. */
    public static final String FAULT_PREFIX = "fault.";
    /** How an objective on tick-to-trade is named: {@code t2t.p99}. */
    public static final String T2T_PREFIX = "t2t.";
    /** How the objective on every fault's recovery is named: {@code recovery=2s}. */
    public static final String RECOVERY = "recovery";

    /**
     * What an objective is measured on.
     */
    public enum Series
    {
        /** The corrected lifecycle latency of the measured window. */
        LIFECYCLE,
        /** Order-to-tick: from an order's intended start to its first public market data event. */
        ORDER_TO_TICK,
        /** The corrected lifecycle latency in the windows from each fault to its recovery, merged. */
        DURING_FAULTS,
        /** Each fault's recovery time; its percentile is the maximum. */
        RECOVERY,
        /** Tick-to-trade: from a trigger's intended publication to its reaction's arrival at Sonde's market. */
        TICK_TO_TRADE
    }
    private static final List<Double> SUPPORTED = List.of(50.0, 90.0, 99.0, 99.9, 99.99, 100.0);

    /**
     * @throws InvalidOptionException for a percentile Sonde does not report, or a limit that is not positive.
     */
    public Slo
    {
        Objects.requireNonNull(series, "series");
        if (!SUPPORTED.contains(percentile))
        {
            throw new InvalidOptionException("--slo: the percentile must be one of p50, p90, p99, p99.9, p99.99, " +
                "max, not " + percentile);
        }
        if (!(limitMicros > 0))
        {
            throw new InvalidOptionException("--slo: the limit must be positive: " + limitMicros + "us");
        }
    }

    /**
     * An objective on the corrected lifecycle latency.
     *
     * @param percentile  one of 50, 90, 99, 99.9, 99.99, or 100 for the maximum.
     * @param limitMicros the latency it must not exceed, µs.
     */
    public Slo(final double percentile, final double limitMicros)
    {
        this(percentile, limitMicros, Series.LIFECYCLE);
    }

    /**
     * An objective on the corrected lifecycle latency or on order-to-tick.
     *
     * @param percentile  one of 50, 90, 99, 99.9, 99.99, or 100 for the maximum.
     * @param limitMicros the latency it must not exceed, µs.
     * @param orderToTick whether it is on order-to-tick rather than on the corrected lifecycle latency.
     */
    public Slo(final double percentile, final double limitMicros, final boolean orderToTick)
    {
        this(percentile, limitMicros, orderToTick ? Series.ORDER_TO_TICK : Series.LIFECYCLE);
    }

    /**
     * @return whether it is an objective on order-to-tick rather than on the corrected lifecycle latency.
     */
    public boolean orderToTick()
    {
        return series == Series.ORDER_TO_TICK;
    }

    /**
     * @param percentile one of 50, 90, 99, 99.9, 99.99, or 100 for the maximum.
     * @param limit      the latency it must not exceed.
     * @return the objective.
     */
    public static Slo of(final double percentile, final Duration limit)
    {
        return new Slo(percentile, limit.toNanos() / 1_000.0);
    }

    /**
     * Reads {@code [tick.|fault.|t2t.]p50|p90|p99|p99.9|p99.99|max=DURATION} and {@code recovery=DURATION},
     * separated by commas, durations as {@code 500us}, {@code 2ms}, {@code 1s}.
     *
     * @throws InvalidOptionException quoting the part that cannot be read.
     */
    public static List<Slo> parse(final String objectives)
    {
        final List<Slo> parsed = new ArrayList<>();
        for (final String part : objectives.split(","))
        {
            final String[] nameAndLimit = part.trim().split("=");
            if (nameAndLimit.length != 2)
            {
                throw new InvalidOptionException("'" + part + "' is not an objective like p99=500us");
            }
            final String name = nameAndLimit[0].trim().toLowerCase(Locale.ROOT);
            final Series series = name.equals(RECOVERY) ? Series.RECOVERY : name.startsWith(TICK_PREFIX) ?
                Series.ORDER_TO_TICK : name.startsWith(FAULT_PREFIX) ? Series.DURING_FAULTS :
                name.startsWith(T2T_PREFIX) ? Series.TICK_TO_TRADE : Series.LIFECYCLE;
            final double percentile = series == Series.RECOVERY ? 100 :
                percentile(name.substring(prefix(series).length()), part);
            final String limit = nameAndLimit[1].trim();
            if (limit.isEmpty() || !Character.isLetter(limit.charAt(limit.length() - 1)))
            {
                throw new InvalidOptionException("'" + part + "': the limit needs its unit, e.g. p99=" + limit +
                    "ms or p99=" + limit + "us");
            }
            try
            {
                final Slo objective = of(percentile, DurationText.parse(limit));
                parsed.add(new Slo(objective.percentile(), objective.limitMicros(), series));
            }
            catch (final InvalidOptionException ex)
            {
                throw ex;
            }
            catch (final IllegalArgumentException ex)
            {
                throw new InvalidOptionException("'" + part + "': " + ex.getMessage(), ex);
            }
        }
        return List.copyOf(parsed);
    }

    /**
     * @return the measured value at this objective's percentile, µs.
     */
    public double measuredMicros(final Percentiles measured)
    {
        return measured.at(percentile);
    }

    /**
     * @return whether the measured distribution is within this objective.
     */
    public boolean isMetBy(final Percentiles measured)
    {
        return measuredMicros(measured) <= limitMicros;
    }

    /**
     * @return e.g. {@code p99.9}, {@code max}, {@code tick.p99}, {@code fault.p99}, {@code t2t.p99} or
     *         {@code recovery}.
     */
    public String label()
    {
        if (series == Series.RECOVERY)
        {
            return RECOVERY;
        }
        return prefix(series) + (percentile == 100 ? "max" :
            "p" + new BigDecimal(Double.toString(percentile)).stripTrailingZeros().toPlainString());
    }

    private static String prefix(final Series series)
    {
        return switch (series)
        {
            case ORDER_TO_TICK -> TICK_PREFIX;
            case DURING_FAULTS -> FAULT_PREFIX;
            case TICK_TO_TRADE -> T2T_PREFIX;
            default -> "";
        };
    }

    /**
     * @return the objectives as {@link #parse} reads them back.
     */
    public static String format(final List<Slo> objectives)
    {
        final StringJoiner text = new StringJoiner(",");
        objectives.forEach(objective -> text.add(objective.toString()));
        return text.toString();
    }

    /**
     * @return the objective as it is typed, e.g. {@code p99=2000us}.
     */
    public String toString()
    {
        return label() + "=" + new BigDecimal(Double.toString(limitMicros)).stripTrailingZeros().toPlainString() +
            "us";
    }

    private static double percentile(final String name, final String part)
    {
        if (name.equals("max"))
        {
            return 100;
        }
        try
        {
            final double percentile = Double.parseDouble(name.startsWith("p") ? name.substring(1) : "x");
            if (SUPPORTED.contains(percentile))
            {
                return percentile;
            }
        }
        catch (final NumberFormatException ignored)
        {
            // reported below with the supported names
        }
        throw new InvalidOptionException("'" + part + "': the percentile must be one of p50, p90, p99, " +
            "p99.9, p99.99, max");
    }
}
