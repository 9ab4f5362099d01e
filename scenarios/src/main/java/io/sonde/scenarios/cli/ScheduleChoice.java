package io.sonde.scenarios.cli;

import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.schedule.PoissonSchedule;
import io.sonde.loadgen.schedule.Schedule;

/**
 * {@code --schedule}: how requests' intended times are spaced at a given rate.
 */
public enum ScheduleChoice
{
    /** Evenly spaced: the clearest view of latency against rate. */
    CONSTANT("constant"),
    /** Exponentially spaced, as independent users arrive: bursts the system must absorb. */
    POISSON("poisson");

    private final String label;

    ScheduleChoice(final String label)
    {
        this.label = label;
    }

    /**
     * @param seed drives a Poisson schedule's gaps, so a run can be repeated exactly.
     */
    public Schedule at(final double rate, final long seed)
    {
        return this == CONSTANT ? new ConstantRateSchedule(rate) : new PoissonSchedule(rate, seed);
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
