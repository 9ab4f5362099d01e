package io.sonde.api;

/**
 * How the requests of a run's warm-up ended: reported apart from the measured window, so that nothing sent is
 * unaccounted for.
 *
 * @param sent         requests sent during the warm-up.
 * @param acknowledged of those, acknowledged.
 * @param rejected     rejected.
 * @param timedOut     given up on.
 * @param inFlight     still unanswered when the warm-up ended.
 */
public record WarmupCounts(long sent, long acknowledged, long rejected, long timedOut, long inFlight)
{
}
