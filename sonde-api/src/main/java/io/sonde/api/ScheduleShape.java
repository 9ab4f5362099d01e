package io.sonde.api;

/**
 * The shape of the arrival schedule ({@code --schedule}). Every shape keeps intended times fixed from its origin,
 * so a late send never shifts a later request's intended time.
 */
public enum ScheduleShape
{
    /** Evenly spaced at the rate. */
    CONSTANT("constant"),
    /** Exponential gaps averaging the rate, seeded so a run can be repeated. */
    POISSON("poisson"),
    /** Bursts of {@code --burst-size} orders intended at one instant, as often as the rate needs. */
    BURST("burst"),
    /** The stages of {@code --stages}: flat steps, linear ramps and pauses. */
    STEPS("steps");

    private final String label;

    ScheduleShape(final String label)
    {
        this.label = label;
    }

    /**
     * @param label {@code constant}, {@code poisson}, {@code burst} or {@code steps}.
     * @throws InvalidOptionException naming the choices.
     */
    public static ScheduleShape parse(final String label)
    {
        return Choices.parse(ScheduleShape.class, label, "an arrival schedule");
    }

    /**
     * @return the label users type.
     */
    public String toString()
    {
        return label;
    }
}
