package io.sonde.api;

/**
 * How every request of the measured window ended. Nothing vanishes: {@code sent = acknowledged + rejected +
 * timedOut + inFlight}.
 *
 * @param sent         requests sent.
 * @param acknowledged answered as intended.
 * @param rejected     refused by the venue (or its session layer).
 * @param timedOut     not answered within the timeout; counted at least the timeout in corrected terms.
 * @param inFlight     still unanswered when the run ended.
 * @param unsent       intended in the window but never sent (the run ended first).
 */
public record Outcomes(long sent, long acknowledged, long rejected, long timedOut, long inFlight, long unsent)
{
    /**
     * @return whether every request sent is accounted for.
     */
    public boolean balances()
    {
        return sent == acknowledged + rejected + timedOut + inFlight;
    }
}
