package io.sonde.probe.slo;

/**
 * Told once per transition of a rule, never per sample.
 */
public interface SloListener
{
    /**
     * @param observed what was measured, in the rule's terms (e.g. "p99 = 73ms").
     */
    void onFiring(SloRule rule, String observed);

    void onResolved(SloRule rule, String observed);
}
