package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.OptionalDouble;

/**
 * A sweep step's floors as {@code sweep.json} writes them, inside the step's own object: null where there is none.
 *
 * @param floorRate          the calibrated rate the floors are of.
 * @param floorP99           the calibrate floor's corrected p99 at that rate, µs.
 * @param p99RatioToFloor    the step's corrected p99 against it.
 * @param fixFloorP99        Sonde's own FIX floor's corrected p99 at that rate, µs.
 * @param p99RatioToFixFloor the step's corrected p99 against it.
 */
@JsonPropertyOrder({ "floorRate", "floorP99", "p99RatioToFloor", "fixFloorP99", "p99RatioToFixFloor" })
record StepFloors(Double floorRate, Double floorP99, Double p99RatioToFloor, Double fixFloorP99,
    Double p99RatioToFixFloor)
{
    static StepFloors of(final SweepReport.Step step)
    {
        return new StepFloors(orNull(step.floorRate()), orNull(step.floorP99()), orNull(step.p99RatioToFloor()),
            orNull(step.fixFloorP99()), orNull(step.p99RatioToFixFloor()));
    }

    private static Double orNull(final OptionalDouble value)
    {
        return value.isPresent() ? value.getAsDouble() : null;
    }
}
