package io.sonde.market;

import io.sonde.loadgen.schedule.Schedule;

/**
 * The load agent's schedule in a market run: every Nth intended time of the event schedule is a trigger's, and
 * the N − 1 before it are fillers', queued in {@link FillerTimes} in order for the transport to publish as they
 * fall due. So the agent measures triggers (their corrected and uncorrected tick-to-trade, their lateness) while
 * the feed carries every event at its own intended time.
 */
final class TriggerSchedule implements Schedule
{
    private final Schedule events;
    private final int triggerEvery;
    private final FillerTimes fillers;

    /**
     * @param events       the event schedule.
     * @param triggerEvery N, at least 2.
     * @param fillers      where the fillers go.
     */
    TriggerSchedule(final Schedule events, final int triggerEvery, final FillerTimes fillers)
    {
        if (triggerEvery < 2)
        {
            throw new IllegalArgumentException("a trigger every " + triggerEvery + " events: at least every 2nd");
        }
        this.events = events;
        this.triggerEvery = triggerEvery;
        this.fillers = fillers;
    }

    public void start(final long startNanos)
    {
        fillers.clear();
        events.start(startNanos);
    }

    public long nextIntendedNanos()
    {
        for (int i = 1; i < triggerEvery; i++)
        {
            final long filler = events.nextIntendedNanos();
            if (filler == END)
            {
                return END;
            }
            fillers.add(filler);
        }
        return events.nextIntendedNanos();
    }

    public double meanRatePerSecond()
    {
        return events.meanRatePerSecond() / triggerEvery;
    }

    /**
     * @return e.g. {@code 1 in 10 of poisson(10000.0/s, seed=7)}: the header of the run's interval log.
     */
    public String toString()
    {
        return "1 in " + triggerEvery + " of " + events;
    }
}
