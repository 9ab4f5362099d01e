package io.sonde.loadgen.runner;

/**
 * How the requests of one phase ended. Always balances: {@code sent = acknowledged + rejected + timedOut + inFlight}.
 */
public record OutcomeCounts(long sent, long acknowledged, long rejected, long timedOut, long inFlight)
{
    public static OutcomeCounts of(final PhaseCounters counters)
    {
        final long sent = counters.sent();
        final long acknowledged = counters.acknowledged();
        final long rejected = counters.rejected();
        final long timedOut = counters.timedOut();
        return new OutcomeCounts(sent, acknowledged, rejected, timedOut, sent - acknowledged - rejected - timedOut);
    }

    public boolean balances()
    {
        return sent == acknowledged + rejected + timedOut + inFlight;
    }
}
