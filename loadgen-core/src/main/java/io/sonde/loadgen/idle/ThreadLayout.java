package io.sonde.loadgen.idle;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Which threads of a process poll without sleeping for long (its busy threads), what each one runs, and how
 * they wait: printed at start and written with every result, because a latency figure means little without
 * knowing how many threads competed for the cores that produced it.
 *
 * @param busyThreads the threads that own a path, in start order.
 * @param idle        how they wait for work (e.g. busy-spin, spin-window).
 * @param cores       processors available to this JVM.
 */
public record ThreadLayout(List<BusyThread> busyThreads, String idle, int cores)
{
    public ThreadLayout
    {
        busyThreads = List.copyOf(busyThreads);
    }

    /**
     * @param name the thread's name, as thread dumps and {@code top -H} show it.
     * @param runs what the thread invokes on each duty cycle.
     */
    public record BusyThread(String name, List<String> runs)
    {
        public BusyThread
        {
            runs = List.copyOf(runs);
        }

        public String describe()
        {
            return name + " (" + String.join(", ", runs) + ")";
        }
    }

    /**
     * @return e.g. "2 busy threads, busy-spin, 2 cores: sonde-load (load agent, ...); exchange-service (...)".
     */
    public String describe()
    {
        return busyThreads.size() + " busy thread" + (busyThreads.size() == 1 ? "" : "s") + ", " + idle + ", " +
            cores + " core" + (cores == 1 ? "" : "s") + ": " +
            busyThreads.stream().map(BusyThread::describe).collect(Collectors.joining("; "));
    }
}
