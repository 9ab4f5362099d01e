package io.sonde.inprocess.fault;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.sonde.api.Fault;
import io.sonde.fix.client.order.MeasuredTransport;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.transport.Transport;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A run's fault schedule, from the start of its load to its judgement: the transport the load thread drives (the
 * run's own when the schedule is empty, so a run without faults does no fault work), the interval listener that
 * keeps the latency over time, the schedule's thread, and the faults' judgement and {@code faults.json} once the
 * run has ended. Used once, then closed.
 */
public final class RunFaults implements AutoCloseable
{
    /** The file a run writes its faults to, in its output folder. */
    public static final String FILE_NAME = "faults.json";

    private final FaultingTransport faulting;
    private final FaultSchedule schedule;
    private final FaultWindows windows = new FaultWindows();

    private RunFaults(final FaultingTransport faulting, final FaultSchedule schedule)
    {
        this.faulting = faulting;
        this.schedule = schedule;
    }

    /**
     * @param faults       the schedule, checked against the run already; may be empty.
     * @param sessions     the run's sessions.
     * @param transport    the run's transport over them.
     * @param capacity     orders in flight at most.
     * @param timeoutNanos when an unanswered order times out.
     * @param exchange     what applies faults to the bundled exchange, or null.
     * @param console      where each fault is announced.
     * @param label        the run's label on the console.
     */
    public static RunFaults of(
        final List<Fault> faults,
        final SessionPool sessions,
        final MeasuredTransport transport,
        final int capacity,
        final long timeoutNanos,
        final ExchangeFaults exchange,
        final PrintWriter console,
        final String label)
    {
        if (faults.isEmpty())
        {
            return new RunFaults(null, null);
        }
        final FaultingTransport faulting = new FaultingTransport(transport, sessions, transport.failures(), capacity,
            timeoutNanos, faults.size());
        return new RunFaults(faulting, new FaultSchedule(faults, sessions, faulting, exchange, console, label));
    }

    /**
     * @return what the load thread drives: {@code own} itself when there are no faults.
     */
    public Transport transport(final Transport own)
    {
        return faulting == null ? own : faulting;
    }

    /**
     * @return told of every interval, to judge the faults by; {@link IntervalListener#NONE} without faults.
     */
    public IntervalListener listener()
    {
        return faulting == null ? IntervalListener.NONE : windows;
    }

    /**
     * Begin counting towards each fault once {@code run}'s measured window begins.
     */
    public void start(final LoadRun run)
    {
        if (schedule != null)
        {
            schedule.start(run);
        }
    }

    /**
     * Stop the schedule (a fault not due yet is not applied) and judge the faults; write {@code faults.json} into
     * {@code folder}. Called once the run has ended.
     *
     * @param measuredSeconds how long the measured window lasted.
     */
    public FaultJudgement judge(final double measuredSeconds, final Path folder)
    {
        if (schedule == null)
        {
            return FaultJudgement.NONE;
        }
        schedule.close();
        final FaultJudgement judgement = new FaultJudge(windows.intervals(), faulting, System.nanoTime(),
            "sonde (pid " + ProcessHandle.current().pid() + ")").judge(schedule.tracks(), measuredSeconds);
        write(folder.resolve(FILE_NAME), judgement.applied());
        return judgement;
    }

    public void close()
    {
        if (schedule != null)
        {
            schedule.close();
        }
    }

    private static void write(final Path file, final List<FaultRecord> records)
    {
        try
        {
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), records);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write " + file, ex);
        }
    }
}
