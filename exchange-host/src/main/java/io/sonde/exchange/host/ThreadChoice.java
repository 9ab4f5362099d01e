package io.sonde.exchange.host;

import io.sonde.api.ExchangeThreads;
import io.sonde.exchange.cluster.MemberThreads;

/**
 * What {@code --threads} ({@link ExchangeThreads}) makes of the exchange in one process on this host: the member's
 * threads, and why, for the console.
 *
 * @param threads what the exchange runs on.
 * @param why     what decided it.
 */
record ThreadChoice(MemberThreads threads, String why)
{
    /**
     * A separate {@code sonde run} usually starts after the exchange, so at start the exchange cannot see the
     * run's claim in the host's registry; on this many cores or fewer it leaves a core for that run.
     */
    static final int CORES_KEPT_FOR_A_RUN = 2;

    /**
     * @param asked         what {@code --threads} says.
     * @param othersClaimed busy threads that other live Sonde processes claim on this host.
     * @param cores         processors available to this JVM.
     */
    static ThreadChoice choose(final ExchangeThreads asked, final int othersClaimed, final int cores)
    {
        if (asked == ExchangeThreads.ONE)
        {
            return new ThreadChoice(MemberThreads.ONE, "asked for");
        }
        if (asked == ExchangeThreads.TWO)
        {
            return new ThreadChoice(MemberThreads.TWO, "asked for");
        }
        if (cores <= CORES_KEPT_FOR_A_RUN)
        {
            return new ThreadChoice(MemberThreads.ONE, cores + " core" + (cores == 1 ? "" : "s") +
                ": one is left for a run beside the exchange, which usually starts after it");
        }
        final int needed = othersClaimed + MemberThreads.TWO.busyThreads();
        if (needed > cores)
        {
            return new ThreadChoice(MemberThreads.ONE, "other Sonde processes claim " + othersClaimed +
                " busy thread" + (othersClaimed == 1 ? "" : "s") + " and two more would not fit " + cores + " cores");
        }
        return new ThreadChoice(MemberThreads.TWO, othersClaimed + " busy threads claimed by other Sonde processes " +
            "and two more fit " + cores + " cores");
    }
}
