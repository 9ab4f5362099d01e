package io.sonde.inprocess.run;

import io.sonde.loadgen.runner.LoadRun;

/**
 * A request to stop a run or sweep early, from another thread (a shutdown hook on Ctrl-C or SIGTERM): the step in
 * progress stops sending, drains what is in flight briefly, and writes its results, marked cut short; a sweep
 * starts no further step. Thread-safe.
 */
public final class StopSignal
{
    private volatile boolean requested;
    private volatile LoadRun running;

    /**
     * Stop now: the run in progress, if any, and any that would start after.
     */
    public void request()
    {
        requested = true;
        final LoadRun run = running;
        if (run != null)
        {
            run.requestStop();
        }
    }

    /**
     * @return whether a stop was requested.
     */
    public boolean requested()
    {
        return requested;
    }

    /**
     * @param run the run now in progress, stopped at once if a stop was already requested; null once it ended.
     */
    public void running(final LoadRun run)
    {
        running = run;
        if (run != null && requested)
        {
            run.requestStop();
        }
    }
}
