package io.sonde.scenarios.cli;

import io.sonde.api.Slo;

import java.util.List;

/**
 * {@code --slo p50|p90|p99|p99.9|p99.99|max=DURATION[,...]}, read by the API's own rules.
 */
public final class SloConverter extends ChoiceConverters.Parsed<List<Slo>>
{
    public SloConverter()
    {
        super(Slo::parse);
    }
}
