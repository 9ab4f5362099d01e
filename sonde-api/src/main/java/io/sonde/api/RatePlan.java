package io.sonde.api;

import java.util.ArrayList;
import java.util.List;

/**
 * The rates a sweep offers, lowest first.
 */
final class RatePlan
{
    private static final int MAX_STEPS = 100;

    private RatePlan()
    {
    }

    /**
     * An explicit list: positive and strictly rising.
     *
     * @throws InvalidOptionException naming the offending rate.
     */
    static List<Double> of(final List<Double> rates)
    {
        if (rates.isEmpty())
        {
            throw new InvalidOptionException("no rates given");
        }
        double previous = 0;
        for (final double rate : rates)
        {
            if (rate <= previous)
            {
                throw new InvalidOptionException("rates must be positive and rising: " + format(rate) +
                    " after " + format(previous));
            }
            previous = rate;
        }
        return List.copyOf(rates);
    }

    /**
     * {@code from}, {@code from × factor}, ... up to {@code to}; {@code to} itself is always the last step.
     *
     * @throws InvalidOptionException when the range or factor make no sweep.
     */
    static List<Double> geometric(final double from, final double to, final double factor)
    {
        if (from <= 0 || to < from)
        {
            throw new InvalidOptionException("need 0 < from <= to, got from " + format(from) + " to " + format(to));
        }
        if (factor <= 1)
        {
            throw new InvalidOptionException("factor must be above 1, got " + factor);
        }
        final List<Double> rates = new ArrayList<>();
        for (double rate = from; rate < to && rates.size() < MAX_STEPS; rate *= factor)
        {
            rates.add((double)Math.round(rate));
        }
        rates.add(to);
        return of(rates.stream().distinct().toList());
    }

    private static String format(final double rate)
    {
        return rate == Math.rint(rate) ? Long.toString((long)rate) : Double.toString(rate);
    }
}
