package io.sonde.scenarios.cli;

import io.sonde.api.Rates;

/**
 * Rates per second on the command line ({@code 500}, {@code 5k}, {@code 2.5k}, {@code 1m}, an optional {@code /s}),
 * read by the API's own rules.
 */
public final class RateConverter extends ChoiceConverters.Parsed<Double>
{
    public RateConverter()
    {
        super(Rates::parse);
    }
}
