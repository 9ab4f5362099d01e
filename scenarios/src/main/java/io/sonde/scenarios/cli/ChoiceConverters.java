package io.sonde.scenarios.cli;

import io.sonde.api.Flow;
import io.sonde.api.IdleMode;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.ScheduleShape;
import io.sonde.api.TimeInForce;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.function.Function;

/**
 * The API's choices read from the command line by the labels users type, with the API's own error naming the
 * choices.
 */
public final class ChoiceConverters
{
    private ChoiceConverters()
    {
    }

    /**
     * {@code --flow}.
     */
    public static final class FlowConverter extends Parsed<Flow>
    {
        public FlowConverter()
        {
            super(Flow::parse);
        }
    }

    /**
     * {@code --tif}.
     */
    public static final class TimeInForceConverter extends Parsed<TimeInForce>
    {
        public TimeInForceConverter()
        {
            super(TimeInForce::parse);
        }
    }

    /**
     * {@code --schedule}.
     */
    public static final class ScheduleShapeConverter extends Parsed<ScheduleShape>
    {
        public ScheduleShapeConverter()
        {
            super(ScheduleShape::parse);
        }
    }

    /**
     * {@code --idle}.
     */
    public static final class IdleModeConverter extends Parsed<IdleMode>
    {
        public IdleModeConverter()
        {
            super(IdleMode::parse);
        }
    }

    /**
     * A converter over one of the API's parse methods.
     *
     * @param <T> what it reads.
     */
    public abstract static class Parsed<T> implements ITypeConverter<T>
    {
        private final Function<String, T> parse;

        Parsed(final Function<String, T> parse)
        {
            this.parse = parse;
        }

        public T convert(final String value)
        {
            try
            {
                return parse.apply(value);
            }
            catch (final InvalidOptionException ex)
            {
                throw new TypeConversionException(ex.getMessage());
            }
        }
    }
}
