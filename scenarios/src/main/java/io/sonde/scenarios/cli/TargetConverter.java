package io.sonde.scenarios.cli;

import io.sonde.api.Target;

/**
 * {@code HOST:PORT} on the command line, read by the API's own rules.
 */
public final class TargetConverter extends ChoiceConverters.Parsed<Target>
{
    public TargetConverter()
    {
        super(Target::parse);
    }
}
