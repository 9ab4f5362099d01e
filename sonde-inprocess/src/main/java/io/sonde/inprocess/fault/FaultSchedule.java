package io.sonde.inprocess.fault;

import io.sonde.api.DurationText;
import io.sonde.api.Fault;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.loadgen.runner.LoadRun;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A run's faults on a sleeping thread of their own: it waits for the measured window to begin, sleeps until each
 * fault is due, marks the interval log, and hands a fault on Sonde's sessions to the load thread
 * ({@link FaultingTransport}) or applies a fault on the bundled exchange itself ({@link ExchangeFaults}, which may
 * block). Started once per run, then closed.
 */
public final class FaultSchedule implements AutoCloseable
{
    private static final long WAIT_STEP_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final List<FaultTrack> tracks;
    private final FaultingTransport transport;
    private final ExchangeFaults exchange;
    private final PrintWriter console;
    private final String label;
    private final List<AppliedFault> applied = new ArrayList<>();
    private Thread thread;
    private volatile boolean closed;

    /**
     * @param faults    the schedule, each checked against the run already.
     * @param sessions  the run's sessions, whose first N a session fault acts on.
     * @param transport the load thread's side.
     * @param exchange  what applies faults to the bundled exchange, or null when there is none to fault.
     */
    public FaultSchedule(
        final List<Fault> faults,
        final SessionPool sessions,
        final FaultingTransport transport,
        final ExchangeFaults exchange,
        final PrintWriter console,
        final String label)
    {
        this.transport = transport;
        this.exchange = exchange;
        this.console = console;
        this.label = label;
        final List<FaultTrack> ordered = new ArrayList<>();
        faults.stream().sorted(Comparator.comparing(Fault::at)).forEach(fault ->
            ordered.add(track(fault, sessions)));
        tracks = List.copyOf(ordered);
    }

    /**
     * Start the thread; it begins its count when {@code run}'s measured window does.
     */
    public FaultSchedule start(final LoadRun run)
    {
        thread = new Thread(() -> runSchedule(run), "sonde-faults");
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    /**
     * @return the faults in the order they were due, as the run went through them; read once the run has ended.
     */
    List<FaultTrack> tracks()
    {
        return tracks;
    }

    /**
     * @return the faults the bundled exchange applied.
     */
    public synchronized List<AppliedFault> applied()
    {
        return List.copyOf(applied);
    }

    public void close()
    {
        closed = true;
        if (thread != null)
        {
            thread.interrupt();
            try
            {
                thread.join(TimeUnit.SECONDS.toMillis(5));
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void runSchedule(final LoadRun run)
    {
        long measureStart;
        while ((measureStart = run.measureStartNanos()) == 0)
        {
            if (!sleepFor(WAIT_STEP_NANOS))
            {
                return;
            }
        }
        for (final FaultTrack track : tracks)
        {
            final long dueNanos = measureStart + track.fault().at().toNanos();
            long waitNanos;
            while ((waitNanos = dueNanos - System.nanoTime()) > 0)
            {
                if (!sleepFor(waitNanos) || run.isFinished())
                {
                    return;
                }
            }
            run.markLog("fault " + track.fault() + " due at " + DurationText.format(track.fault().at()) +
                " into the measured window, on " + describe(track));
            console.printf("%s fault %s%n", label, track.fault());
            console.flush();
            transport.hand(track);
            if (track.fault().kind().onExchange())
            {
                applyOnExchange(track);
            }
        }
    }

    private void applyOnExchange(final FaultTrack track)
    {
        if (exchange == null || !exchange.supports(track.fault().kind()))
        {
            track.notApplied(exchange == null ? "this run started no bundled exchange to fault" :
                exchange.whyNot(track.fault().kind()));
            return;
        }
        final AppliedFault done;
        try
        {
            done = exchange.apply(track.fault());
        }
        catch (final RuntimeException ex)
        {
            track.notApplied("the exchange could not apply it: " + ex.getMessage());
            return;
        }
        synchronized (this)
        {
            applied.add(done);
        }
        track.onExchange(done);
    }

    private boolean sleepFor(final long nanos)
    {
        LockSupport.parkNanos(Math.min(nanos, TimeUnit.MILLISECONDS.toNanos(100)));
        return !closed && !Thread.currentThread().isInterrupted();
    }

    private static String describe(final FaultTrack track)
    {
        return track.sessionNames().isEmpty() ? "the bundled exchange" : String.join(",", track.sessionNames());
    }

    private static FaultTrack track(final Fault fault, final SessionPool sessions)
    {
        if (fault.kind().onExchange())
        {
            return new FaultTrack(fault, new int[0], List.of());
        }
        final int count = switch (fault.kind())
        {
            case SLOW_READER -> sessions.size();
            default -> fault.sessions();
        };
        final int[] indexes = new int[count];
        final List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            indexes[i] = i;
            names.add(sessions.senderCompId(i));
        }
        return new FaultTrack(fault, indexes, names);
    }
}
