package io.sonde.loadgen.runner;

/**
 * Which part of a run a request belongs to, decided by its intended start time so the split is exact.
 */
public enum Phase
{
    WARMUP,
    MEASUREMENT
}
