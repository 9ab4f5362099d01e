package io.sonde.loadgen.runner;

import io.sonde.loadgen.record.IntervalSnapshot;

/**
 * Told about every logging interval as it closes, e.g. to print a progress line.
 */
@FunctionalInterface
public interface IntervalListener
{
    IntervalListener NONE = snapshot -> {};

    void onInterval(IntervalSnapshot snapshot);
}
