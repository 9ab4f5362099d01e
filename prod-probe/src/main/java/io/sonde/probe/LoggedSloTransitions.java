package io.sonde.probe;

import io.sonde.probe.slo.SloListener;
import io.sonde.probe.slo.SloRule;

import java.util.function.Consumer;

/**
 * Every SLO rule that starts or stops firing, as a line of the probe's log naming the rule, its objective and what
 * was observed.
 */
final class LoggedSloTransitions implements SloListener
{
    private final Consumer<String> log;

    LoggedSloTransitions(final Consumer<String> log)
    {
        this.log = log;
    }

    public void onFiring(final SloRule rule, final String observed)
    {
        log.accept("SLO " + rule.name() + " FIRING: " + rule.objective() + " breached (" + observed + ")");
    }

    public void onResolved(final SloRule rule, final String observed)
    {
        log.accept("SLO " + rule.name() + " resolved: " + rule.objective() + " holds again (" + observed + ")");
    }
}
