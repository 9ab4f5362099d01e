package io.sonde.scenarios.exchange;

import io.sonde.exchange.cluster.MemberThreads;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * {@code sonde exchange --threads}: how many busy threads the exchange in one process (one member and its gateway)
 * runs on. {@code 2} gives the member's infrastructure (media driver, archive, consensus module) a thread beside
 * the service's; {@code 1} puts everything on the service's thread; {@code auto} chooses for the host at start.
 */
public enum ExchangeThreads
{
    /** One thread on a host of two cores or fewer, or when the exchange's two would not fit beside the others. */
    AUTO("auto"),
    /** Everything on the service's thread. */
    ONE("1"),
    /** Infrastructure and service on threads of their own. */
    TWO("2");

    /**
     * A separate {@code sonde run} usually starts after the exchange, so at start the exchange cannot see the
     * run's claim in the host's registry; on this many cores or fewer it leaves a core for that run.
     */
    static final int CORES_KEPT_FOR_A_RUN = 2;

    private final String label;

    ExchangeThreads(final String label)
    {
        this.label = label;
    }

    /**
     * @throws IllegalArgumentException naming the choices.
     */
    static ExchangeThreads parse(final String text)
    {
        return Arrays.stream(values())
            .filter(choice -> choice.label.equals(text.trim()))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("'" + text + "' is not one of " + labels()));
    }

    static String labels()
    {
        return Arrays.stream(values()).map(ExchangeThreads::toString).collect(Collectors.joining(", "));
    }

    /**
     * @param othersClaimed busy threads that other live Sonde processes claim on this host.
     * @param cores         processors available to this JVM.
     * @return the member's threads and why, for the console.
     */
    Choice choose(final int othersClaimed, final int cores)
    {
        if (this == ONE)
        {
            return new Choice(MemberThreads.ONE, "asked for");
        }
        if (this == TWO)
        {
            return new Choice(MemberThreads.TWO, "asked for");
        }
        if (cores <= CORES_KEPT_FOR_A_RUN)
        {
            return new Choice(MemberThreads.ONE, cores + " core" + (cores == 1 ? "" : "s") +
                ": one is left for a run beside the exchange, which usually starts after it");
        }
        final int needed = othersClaimed + MemberThreads.TWO.busyThreads();
        if (needed > cores)
        {
            return new Choice(MemberThreads.ONE, "other Sonde processes claim " + othersClaimed + " busy thread" +
                (othersClaimed == 1 ? "" : "s") + " and two more would not fit " + cores + " cores");
        }
        return new Choice(MemberThreads.TWO, othersClaimed + " busy threads claimed by other Sonde processes and " +
            "two more fit " + cores + " cores");
    }

    /**
     * @return the label users type.
     */
    public String toString()
    {
        return label;
    }

    /**
     * @param threads what the exchange runs on.
     * @param why     what decided it.
     */
    record Choice(MemberThreads threads, String why)
    {
    }

    /**
     * Reads {@code --threads}; a bad value fails naming the option and the choices.
     */
    public static final class Converter implements ITypeConverter<ExchangeThreads>
    {
        public ExchangeThreads convert(final String text)
        {
            try
            {
                return parse(text);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new TypeConversionException(ex.getMessage());
            }
        }
    }
}
