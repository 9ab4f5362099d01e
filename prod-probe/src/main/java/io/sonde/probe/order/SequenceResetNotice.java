package io.sonde.probe.order;

import io.sonde.probe.order.ProbeCounters.Count;

import java.util.function.Consumer;

/**
 * Tells of logons that had to reset both sides' sequence numbers (141=Y). On a local start that is expected (an
 * empty state.dir, an acceptor that forgets its sequence numbers), and every session of every start would log it:
 * the first reset is logged once, as an ordinary sentence, and every reset is counted ({@code sequence_resets} in
 * {@code probe-summary.json} and the metrics), which is where a production probe's resets are watched.
 */
final class SequenceResetNotice
{
    private final ProbeCounters counters;
    private final Consumer<String> log;
    private boolean logged;

    SequenceResetNotice(final ProbeCounters counters, final Consumer<String> log)
    {
        this.counters = counters;
        this.log = log;
    }

    void onReset(final int sessionIndex)
    {
        counters.increment(Count.SEQUENCE_RESETS);
        if (!logged)
        {
            logged = true;
            log.accept("Session " + (sessionIndex + 1) + " logged on with ResetSeqNumFlag (141=Y), so both sides " +
                "restart at 1: the venue did not take the sequence numbers in state.dir (none yet, behind the " +
                "venue's, or the venue reset its own). Further resets are counted as sequence_resets, not logged.");
        }
    }
}
