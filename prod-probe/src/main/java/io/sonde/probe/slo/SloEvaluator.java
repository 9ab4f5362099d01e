package io.sonde.probe.slo;

import io.sonde.api.DurationText;
import io.sonde.loadgen.time.Durations;

import java.time.Duration;
import java.util.List;

/**
 * Evaluates every rule once per window tick and reports transitions only: a rule that keeps breaching is
 * logged when it starts firing and again when it resolves, so a night of breaches is two lines, not
 * thousands. Called from one thread; the states are read by the metrics thread, hence volatile.
 */
public final class SloEvaluator
{
    private final List<SloRule> rules;
    private final SloListener listener;
    private final boolean[] firing;
    private final boolean[] everFired;
    private volatile long firingMask;

    public SloEvaluator(final List<SloRule> rules, final SloListener listener)
    {
        if (rules.size() > Long.SIZE)
        {
            throw new IllegalArgumentException("at most " + Long.SIZE + " SLO rules, not " + rules.size());
        }
        this.rules = List.copyOf(rules);
        this.listener = listener;
        this.firing = new boolean[rules.size()];
        this.everFired = new boolean[rules.size()];
    }

    public List<SloRule> rules()
    {
        return rules;
    }

    public void evaluate(final SloInputs inputs)
    {
        long mask = 0;
        for (int i = 0; i < rules.size(); i++)
        {
            final SloRule rule = rules.get(i);
            final Judgement judgement = judge(rule, inputs);
            if (judgement.breached != firing[i] && judgement.known)
            {
                firing[i] = judgement.breached;
                if (judgement.breached)
                {
                    everFired[i] = true;
                    listener.onFiring(rule, judgement.observed);
                }
                else
                {
                    listener.onResolved(rule, judgement.observed);
                }
            }
            if (firing[i])
            {
                mask |= 1L << i;
            }
        }
        firingMask = mask;
    }

    /**
     * @return whether rule {@code index} was firing at the last evaluation; safe from any thread.
     */
    public boolean isFiring(final int index)
    {
        return (firingMask & (1L << index)) != 0;
    }

    public boolean anyFiring()
    {
        return firingMask != 0;
    }

    /**
     * @return whether rule {@code index} fired at any evaluation so far.
     */
    public boolean everFired(final int index)
    {
        return everFired[index];
    }

    /**
     * @return whether any rule fired at any evaluation so far (what a one-shot run is judged by).
     */
    public boolean anyEverFired()
    {
        for (final boolean fired : everFired)
        {
            if (fired)
            {
                return true;
            }
        }
        return false;
    }

    private static Judgement judge(final SloRule rule, final SloInputs inputs)
    {
        if (rule instanceof SloRule.Latency latency)
        {
            final double nanos = inputs.latencyNanos(latency.stage(), latency.percentile(), latency.window());
            if (Double.isNaN(nanos))
            {
                return new Judgement(false, false, "no " + latency.stage() + " samples in the window");
            }
            return new Judgement(true, nanos > latency.limitNanos(), latency.stage() + " p" +
                Durations.number(latency.percentile()) + " = " + Durations.readable(nanos));
        }
        if (rule instanceof SloRule.Timeouts timeouts)
        {
            final long run = inputs.consecutiveTimeouts();
            return new Judgement(true, run > timeouts.maxConsecutive(), run + " consecutive timeouts");
        }
        if (rule instanceof SloRule.MissingPublicEvents missing)
        {
            final long run = inputs.consecutiveMissingPublicEvents();
            return new Judgement(true, run > missing.maxConsecutive(), run + " consecutive missing public events");
        }
        final SloRule.SessionDown session = (SloRule.SessionDown)rule;
        final long down = inputs.sessionDownNanos();
        return new Judgement(true, down > session.maxDown().toNanos(),
            down == 0 ? "sessions up" :
                "a session down for " + DurationText.format(Duration.ofMillis(down / 1_000_000)));
    }

    private record Judgement(boolean known, boolean breached, String observed)
    {
    }
}
