package io.sonde.inprocess.floor;

import io.sonde.inprocess.run.ProgressConsole;
import io.sonde.inprocess.run.ProgressPrinter;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The host's TCP floor: a CO-correct, open-loop echo of 16-byte frames over loopback, what an order's round trip
 * costs on this host before any FIX. Two busy threads while it runs: the load thread and the echo server's.
 * Opened once, measures rates one after another on a fresh connection each, then closed.
 */
final class TcpFloor implements AutoCloseable
{
    private final EchoServer server;
    private final HostIdle idle;
    private final RunTiming timing;

    /**
     * Start the echo server on a free loopback port.
     *
     * @param idle   how the echo server's and the load thread wait for work.
     * @param timing warm-up, measurement and timeouts of every rate.
     */
    TcpFloor(final HostIdle idle, final RunTiming timing)
    {
        this.idle = idle;
        this.timing = timing;
        server = new EchoServer(idle.newStrategy());
    }

    /**
     * @return what this floor measures, for the summary.
     */
    static String describe(final HostIdle idle)
    {
        return "loopback TCP echo, 16-byte frames, " + idle.describe() + " polling";
    }

    /**
     * Run one rate; the interval log is {@code floor-<rate>.hlog}.
     */
    RunResult measure(final ProgressConsole console, final Path folder, final double rate)
    {
        final String label = String.format(Locale.ROOT, "[%7.0f/s]", rate);
        final RunConfig config = new RunConfig(new ConstantRateSchedule(rate), timing)
            .idleStrategy(idle.newStrategy())
            .outputDir(folder)
            .logName(String.format(Locale.ROOT, "floor-%.0f", rate))
            .listener(new ProgressPrinter(console, label, rate));

        try (TcpEchoTransport transport = new TcpEchoTransport(server.port()))
        {
            return new LoadRun(config).execute(transport);
        }
    }

    public void close()
    {
        server.close();
    }
}
