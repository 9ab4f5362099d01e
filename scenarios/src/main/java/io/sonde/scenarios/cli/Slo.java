package io.sonde.scenarios.cli;

import io.sonde.loadgen.result.PercentileSummary;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A latency objective on the corrected distribution, e.g. {@code p99=500us} or {@code p99.99=5ms}.
 *
 * @param percentile  the percentile, e.g. 99.9.
 * @param limitMicros the latency it must not exceed.
 */
public record Slo(double percentile, double limitMicros)
{
    /**
     * @return the measured value for this objective's percentile, µs, from the summary's fixed set.
     * @throws IllegalArgumentException for a percentile the summary does not carry.
     */
    public double measuredMicros(final PercentileSummary summary)
    {
        if (percentile == 50)
        {
            return summary.p50();
        }
        if (percentile == 90)
        {
            return summary.p90();
        }
        if (percentile == 99)
        {
            return summary.p99();
        }
        if (percentile == 99.9)
        {
            return summary.p99_9();
        }
        if (percentile == 99.99)
        {
            return summary.p99_99();
        }
        if (percentile == 100)
        {
            return summary.max();
        }
        throw new IllegalArgumentException("no p" + percentile + " in the summary");
    }

    public String label()
    {
        return percentile == 100 ? "max" : "p" + new java.math.BigDecimal(Double.toString(percentile))
            .stripTrailingZeros().toPlainString();
    }

    /**
     * Parses {@code p50|p90|p99|p99.9|p99.99|max=DURATION[,...]}.
     */
    public static final class Converter implements ITypeConverter<List<Slo>>
    {
        private static final List<Double> SUPPORTED = List.of(50.0, 90.0, 99.0, 99.9, 99.99, 100.0);
        private final DurationConverter durations = new DurationConverter();

        public List<Slo> convert(final String value)
        {
            final List<Slo> objectives = new ArrayList<>();
            for (final String part : value.split(","))
            {
                final String[] nameAndLimit = part.trim().split("=");
                if (nameAndLimit.length != 2)
                {
                    throw new TypeConversionException("'" + part + "' is not an objective like p99=500us");
                }
                final double percentile = percentile(nameAndLimit[0].trim().toLowerCase(Locale.ROOT), part);
                final Duration limit = durations.convert(nameAndLimit[1]);
                objectives.add(new Slo(percentile, limit.toNanos() / 1_000.0));
            }
            return objectives;
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
            throw new TypeConversionException("'" + part + "': the percentile must be one of p50, p90, p99, " +
                "p99.9, p99.99, max");
        }
    }
}
