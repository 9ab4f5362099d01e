package io.sonde.inprocess.fault;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.sonde.api.Fault;
import io.sonde.fix.client.order.MeasuredTransport;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.runner.SharedThread;
import io.sonde.loadgen.transport.Transport;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;

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
    /** Orders the ledger of lost and duplicated orders keeps at most; more are counted as untracked. */
    static final int LEDGER_CAPACITY = 1 << 16;
    private static final long SETTLE_CHECK_MILLIS = 1;

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
            timeoutNanos, faults.size(), transport.openLedger(LEDGER_CAPACITY));
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
            faulting.countTimeoutsOf(run::timedOut);
            schedule.start(run);
        }
    }

    /**
     * Once the run has drained, ask the venue (OrderStatusRequest) about each order kept while a fault was under way
     * that it acknowledged and never made final, and wait for the answers up to one order timeout: an order it no
     * longer knows is lost. On {@code thread}, which polls the FIX library, or on this thread when there is none
     * (the load thread has ended, and nothing else touches the library).
     */
    public void askAboutOpenOrders(final SharedThread thread, final IdleStrategy idle)
    {
        if (faulting == null || faulting.ledger() == null)
        {
            return;
        }
        final Settling settling = new Settling(faulting, System.nanoTime() + faulting.timeoutNanos());
        if (thread == null)
        {
            while (!settling.done)
            {
                idle.idle(settling.doWork());
            }
            return;
        }
        thread.attach(settling, idle);
        try
        {
            while (!settling.done)
            {
                Thread.sleep(SETTLE_CHECK_MILLIS);
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        finally
        {
            thread.detach(settling);
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
        final FaultJudgement judgement = new FaultJudge(windows.intervals(), faulting,
            OrderVerdicts.of(faulting.ledger()), System.nanoTime(),
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

    /**
     * The status requests and their answers, as an agent on the thread that polls the FIX library.
     */
    private static final class Settling implements Agent
    {
        private final FaultingTransport faulting;
        private final long deadlineNanos;
        private volatile boolean done;

        Settling(final FaultingTransport faulting, final long deadlineNanos)
        {
            this.faulting = faulting;
            this.deadlineNanos = deadlineNanos;
        }

        public int doWork()
        {
            if (done)
            {
                return 0;
            }
            final long nowNanos = System.nanoTime();
            final int work = faulting.settle(nowNanos);
            if (faulting.statusAnswered() || nowNanos >= deadlineNanos)
            {
                done = true;
            }
            return work;
        }

        public String roleName()
        {
            return "sonde-fault-settling";
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
