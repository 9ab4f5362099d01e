package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * How a run fared on one objective ({@code --slo}): one entry of {@code summary.json}'s {@code slo}, written and read
 * as it is. An objective on order-to-tick is judged on order-to-tick, one on faults on their "during" windows, and
 * {@code recovery} on the slowest recovery.
 *
 * @param objective    as given, e.g. {@code p99} or {@code tick.p99}.
 * @param limitMicros  its limit, µs.
 * @param actualMicros what was measured, µs; NaN when nothing could be (no order-to-tick, no fault recovered).
 * @param met          whether the measurement is within the limit.
 */
@JsonPropertyOrder({ "objective", "limitMicros", "actualMicros", "met" })
public record SloResult(String objective, double limitMicros, double actualMicros, boolean met)
{
}
