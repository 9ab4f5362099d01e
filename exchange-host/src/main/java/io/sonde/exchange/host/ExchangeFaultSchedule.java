package io.sonde.exchange.host;

import io.sonde.api.Fault;

import java.io.PrintWriter;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Applies a schedule of faults to an exchange on a thread of its own, each at its time from {@link #start}, and
 * records each in {@code faults.json}. What {@code sonde exchange --nodes 3 --fault AT:KIND} runs; a fault that
 * could not be applied is said and the schedule goes on.
 * <p>
 * Started once, then closed; close stops the faults still due, waiting for one being applied to finish.
 */
public final class ExchangeFaultSchedule implements AutoCloseable
{
    private static final long CLOSE_WAIT_SECONDS = 90;

    private final List<Fault> faults;
    private final MemberFaults members;
    private final AppliedFaultsFile file;
    private final PrintWriter out;
    private final Thread thread;
    private volatile boolean closing;

    /**
     * @param faults faults on the exchange, each of a kind {@link MemberFaults#supports}.
     */
    public ExchangeFaultSchedule(
        final List<Fault> faults, final MemberFaults members, final AppliedFaultsFile file, final PrintWriter out)
    {
        this.faults = faults.stream().sorted(Comparator.comparing(Fault::at)).toList();
        this.members = members;
        this.file = file;
        this.out = out;
        this.thread = new Thread(this::run, "sonde-exchange-faults");
        thread.setDaemon(true);
    }

    /**
     * Start the clock the faults' times count from.
     */
    public void start()
    {
        thread.start();
    }

    public void close()
    {
        closing = true;
        thread.interrupt();
        try
        {
            thread.join(TimeUnit.SECONDS.toMillis(CLOSE_WAIT_SECONDS));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    private void run()
    {
        final long startNanos = System.nanoTime();
        for (final Fault fault : faults)
        {
            try
            {
                final long waitNanos = startNanos + fault.at().toNanos() - System.nanoTime();
                if (waitNanos > 0)
                {
                    TimeUnit.NANOSECONDS.sleep(waitNanos);
                }
            }
            catch (final InterruptedException ex)
            {
                return;
            }
            if (closing)
            {
                return;
            }
            apply(fault);
        }
    }

    private void apply(final Fault fault)
    {
        try
        {
            final FaultOnMember applied = members.apply(fault);
            file.add(applied);
            say("fault " + fault + ": " + applied.description() + " (recorded in " + file.file() + ")");
        }
        catch (final RuntimeException ex)
        {
            say("fault " + fault + " NOT applied: " + ex.getMessage());
        }
    }

    private void say(final String line)
    {
        synchronized (out)
        {
            out.println("sonde exchange: " + line);
            out.flush();
        }
    }
}
