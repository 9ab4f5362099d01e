package io.sonde.loadgen.sweep;

/**
 * When a sweep step (or a run) counts as the system keeping up, and when Sonde itself was the bottleneck.
 *
 * @param maxMissFraction            a step that sends less than {@code (1 - this)} of its target rate missed it
 *                                   (0.01: 1 %).
 * @param maxSendLatenessP99Micros   above this send-lateness p99 the generator could not keep its own
 *                                   schedule: the step is generator-limited.
 * @param maxHiccupP999Micros        above this hiccup p99.9 the generator's process was stalling: the step is
 *                                   generator-limited.
 */
public record SweepCriteria(double maxMissFraction, double maxSendLatenessP99Micros, double maxHiccupP999Micros)
{
    public SweepCriteria
    {
        if (maxMissFraction < 0 || maxMissFraction >= 1)
        {
            throw new IllegalArgumentException("the tolerated rate miss must be in [0, 1): " + maxMissFraction);
        }
        if (maxSendLatenessP99Micros <= 0 || maxHiccupP999Micros <= 0)
        {
            throw new IllegalArgumentException("generator limits must be positive");
        }
    }

    /**
     * Late sends count against Sonde only when nothing pushed back on them; lateness caused by back-pressure is
     * the system under test slowing its clients, which is what the corrected series is there to show.
     *
     * @param pushedBack whether the transport refused sends or the in-flight window filled.
     * @return whether Sonde itself fell behind its schedule, or its process stalled.
     */
    public boolean generatorLimited(
        final double sendLatenessP99Micros, final double hiccupP999Micros, final boolean pushedBack)
    {
        return (!pushedBack && sendLatenessP99Micros > maxSendLatenessP99Micros) ||
            hiccupP999Micros > maxHiccupP999Micros;
    }

    /**
     * @return whether less than the tolerated share of the target rate was sent.
     */
    public boolean rateMissed(final double targetRate, final double achievedRate)
    {
        return achievedRate < targetRate * (1 - maxMissFraction);
    }
}
