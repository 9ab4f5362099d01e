package io.sonde.api;

/**
 * The time in force of the new flow's orders ({@code --tif}), which are priced to cross.
 */
public enum TimeInForce
{
    /** Immediate or cancel: fills or expires at once. */
    IOC("ioc"),
    /** Day: rests on the book when not filled. */
    DAY("day");

    private final String label;

    TimeInForce(final String label)
    {
        this.label = label;
    }

    /**
     * @param label {@code ioc} or {@code day}.
     * @throws InvalidOptionException naming the choices.
     */
    public static TimeInForce parse(final String label)
    {
        return Choices.parse(TimeInForce.class, label, "a time in force");
    }

    /**
     * @return the label users type.
     */
    public String toString()
    {
        return label;
    }
}
