package io.sonde.scenarios.cli;

/**
 * {@code --schedule}: how requests' intended times are spaced.
 */
public enum ScheduleChoice
{
    /** Evenly spaced: the clearest view of latency against rate. */
    CONSTANT("constant"),
    /** Exponentially spaced, as independent users arrive: bursts the system must absorb. */
    POISSON("poisson"),
    /** Several orders intended at the same instant, as when one market event triggers many. */
    BURST("burst"),
    /** Flat steps and linear ramps of rate, one after another. */
    STEPS("steps");

    private final String label;

    ScheduleChoice(final String label)
    {
        this.label = label;
    }

    public String toString()
    {
        return label;
    }

    public static final class Converter extends LabelConverter<ScheduleChoice>
    {
        public Converter()
        {
            super(ScheduleChoice.class, "an arrival schedule");
        }
    }
}
