package io.sonde.scenarios.cli;

/**
 * {@code --tif}: how long an order of the {@code new} flow, priced to cross, may live.
 */
public enum TimeInForceChoice
{
    /** Immediate or cancel: fills or expires at once, so the flow ends on the terminal report. */
    IOC("ioc"),
    /** Rests if not filled: the flow ends at the acknowledgement. */
    DAY("day");

    private final String label;

    TimeInForceChoice(final String label)
    {
        this.label = label;
    }

    public String toString()
    {
        return label;
    }

    public static final class Converter extends LabelConverter<TimeInForceChoice>
    {
        public Converter()
        {
            super(TimeInForceChoice.class, "a time in force");
        }
    }
}
