package io.sonde.api;

/**
 * How the book flow cancels the orders still resting when its run ends: with one OrderMassCancelRequest (35=q) per
 * session, falling back to an OrderCancelRequest per order for whatever the venue refused, left unanswered or left
 * resting; or one by one from the start.
 */
public enum MassCancel
{
    /** A mass cancel where the venue is known to take one: the bundled exchange, {@code --embedded}. */
    AUTO("auto"),
    /** A mass cancel first, whatever the venue. */
    ON("on"),
    /** An OrderCancelRequest per order. */
    OFF("off");

    public static final Option<MassCancel> OPTION = Option.of("mass-cancel", "WHEN", MassCancel::parse,
        "With --flow book: end the run by cancelling what still rests with one OrderMassCancelRequest per session " +
            "(on), one OrderCancelRequest per order (off), or auto: a mass cancel with --embedded, else one by " +
            "one. Whatever a mass cancel leaves is cancelled one by one.").byDefault(AUTO);

    private final String label;

    MassCancel(final String label)
    {
        this.label = label;
    }

    public static MassCancel parse(final String label)
    {
        return Choices.parse(MassCancel.class, label, "a way to cancel the book");
    }

    /**
     * @param embedded whether the venue is the bundled exchange, run in this process.
     * @return whether the close-out starts with a mass cancel.
     */
    public boolean tries(final boolean embedded)
    {
        return this == ON || this == AUTO && embedded;
    }

    public String toString()
    {
        return label;
    }
}
