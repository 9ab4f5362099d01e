package io.sonde.scenarios.cli;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.Arrays;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * How polling threads wait for work. {@code busy-spin} burns a core for the lowest latency (tuned hosts,
 * at most one spinning thread per core); {@code backoff} spins briefly then parks (small shared hosts).
 */
public enum IdleMode
{
    BUSY_SPIN("busy-spin", BusySpinIdleStrategy::new),
    BACKOFF("backoff", BackoffIdleStrategy::new),
    YIELD("yield", YieldingIdleStrategy::new),
    SLEEP("sleep", () -> new SleepingMillisIdleStrategy(1));

    private final String label;
    private final Supplier<IdleStrategy> factory;

    IdleMode(final String label, final Supplier<IdleStrategy> factory)
    {
        this.label = label;
        this.factory = factory;
    }

    /**
     * @return a new strategy: idle strategies keep state, so every thread needs its own.
     */
    public IdleStrategy newStrategy()
    {
        return factory.get();
    }

    public String toString()
    {
        return label;
    }

    /**
     * Parses the labels users type on the command line.
     */
    public static final class Converter implements ITypeConverter<IdleMode>
    {
        public IdleMode convert(final String value)
        {
            for (final IdleMode mode : values())
            {
                if (mode.label.equals(value))
                {
                    return mode;
                }
            }
            throw new TypeConversionException("'" + value + "' is not an idle strategy (one of: " +
                Arrays.stream(values()).map(IdleMode::toString).collect(Collectors.joining(", ")) + ")");
        }
    }
}
