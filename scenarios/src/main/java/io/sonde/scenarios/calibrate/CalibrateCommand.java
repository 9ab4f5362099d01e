package io.sonde.scenarios.calibrate;

import io.sonde.fix.client.FixClient;
import io.sonde.loadgen.idle.ThreadLayout;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.result.RunSummary;
import io.sonde.loadgen.result.SummaryJson;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.scenarios.cli.DurationConverter;
import io.sonde.api.IdleMode;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.scenarios.cli.ChoiceConverters;
import io.sonde.inprocess.run.OutputFolder;
import io.sonde.inprocess.run.ProgressPrinter;
import io.sonde.scenarios.cli.RateConverter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code sonde calibrate}: measures what this host itself costs, so every later result can be read as a
 * ratio to it. A CO-correct, open-loop TCP echo over loopback at a few rates, with the hiccup meter beside;
 * then the one-way UDP floor at the same rates (a feed's path, as the echo is an order's round trip); then Sonde's
 * own FIX floor at the same rates (its FIX client against the reference acceptor), so a result reads host floor,
 * then Sonde's floor, then the system under test.
 * <p>
 * The floors run one after the other, never together: two busy threads at any time.
 */
@Command(
    name = "calibrate",
    description = {
        "Measure this host's latency floor: an open-loop, coordinated-omission-correct TCP echo over loopback " +
            "at several rates, with the hiccup meter running beside it.",
        "Then, at the same rates, the one-way UDP floor: 64-byte datagrams over loopback, open loop, from each " +
            "one's intended send time to the receiver's read, reported as mean, p50, p99 and p99.9 beside the TCP " +
            "round trip, with every lost datagram counted; a market data feed's latency is read against it.",
        "Then, at the same rates, Sonde's own FIX floor: its FIX client against the in-process reference " +
            "acceptor (NewOrderSingle answered by ExecutionReports), which shows what Sonde's FIX path adds to " +
            "the host's.",
        "Later results are compared with these floors as ratios, because absolute microseconds mean little " +
            "on a shared or virtualised host.",
        "",
        "Writes floor-<rate>.hlog, udp-floor-<rate>.hlog and fix-floor-<rate>.hlog interval logs and " +
            "summary.json (with 'floor', 'udpFloor' and 'fixFloor' arrays, one entry per rate) to the output folder."
    },
    mixinStandardHelpOptions = true)
public final class CalibrateCommand implements Callable<Integer>
{
    private static final int BUSY_THREADS = 2;

    @Spec
    private CommandSpec spec;

    @Option(names = "--duration", defaultValue = "10s", converter = DurationConverter.class,
        description = "Measured time per rate (default: ${DEFAULT-VALUE}).")
    private Duration duration;

    @Option(names = "--warmup", defaultValue = "2s", converter = DurationConverter.class,
        description = "Warm-up per rate, sent and logged but not reported (default: ${DEFAULT-VALUE}).")
    private Duration warmup;

    @Option(names = "--rates", split = ",", defaultValue = "5k,10k,20k,50k,100k", converter = RateConverter.class,
        description = "Rates to measure, requests per second (default: ${DEFAULT-VALUE}).")
    private List<Double> rates;

    @Option(names = "--timeout", defaultValue = "5s", converter = DurationConverter.class,
        description = "A request not answered within this time (echoed; for FIX, filled) counts as timed out " +
            "(default: ${DEFAULT-VALUE}).")
    private Duration timeout;

    @Option(names = "--idle", defaultValue = "busy-spin", converter = ChoiceConverters.IdleModeConverter.class,
        description = "How the two busy threads poll (the load thread, and the echo server, the UDP receiver or " +
            "the FIX acceptor): busy-spin, auto, spin-window, backoff, yield, sleep (default: ${DEFAULT-VALUE}; two " +
            "threads spin).")
    private IdleMode idle;

    @Option(names = "--fix-sessions", defaultValue = "4",
        description = "FIX sessions Sonde's client opens to the reference acceptor for the FIX floor " +
            "(default: ${DEFAULT-VALUE}).")
    private int fixSessions;

    @Option(names = "--no-fix", description = "Do not measure Sonde's own FIX floor.")
    private boolean noFix;

    @Option(names = "--no-udp", description = "Do not measure the one-way UDP floor.")
    private boolean noUdp;

    @Option(names = "--out", defaultValue = "results/calibrate",
        description = "Output folder, created if missing (default: ${DEFAULT-VALUE}).")
    private Path out;

    public Integer call() throws Exception
    {
        validate();
        final PrintWriter console = spec.commandLine().getOut();
        try (HostIdle mode = HostIdle.claim(idle, BUSY_THREADS, console))
        {
            return calibrate(console, mode);
        }
    }

    private int calibrate(final PrintWriter console, final HostIdle mode) throws Exception
    {
        final Path folder = OutputFolder.prepare(out);
        final long startEpochMs = System.currentTimeMillis();

        final List<RunResult> tcpResults = new ArrayList<>();
        try (EchoServer server = new EchoServer(mode.newStrategy()))
        {
            for (final double rate : rates)
            {
                tcpResults.add(measure(console, folder, server.port(), rate, mode));
            }
        }
        final List<UdpFloor.Step> udpSteps = new ArrayList<>();
        if (!noUdp)
        {
            final UdpFloor udpFloor = new UdpFloor(mode, timing());
            for (final double rate : rates)
            {
                udpSteps.add(udpFloor.measure(console, folder, rate));
            }
        }
        final List<RunResult> fixResults = new ArrayList<>();
        if (!noFix)
        {
            try (FixFloor fixFloor = new FixFloor(fixSessions, mode, timing()))
            {
                for (final double rate : rates)
                {
                    fixResults.add(fixFloor.measure(console, folder, rate));
                }
            }
        }

        final RunMetadata metadata = RunMetadata.capture(
            spec.commandLine().getParseResult().originalArgs(), startEpochMs, layout(mode));
        final List<FloorEntry> floor = tcpResults.stream().map(FloorEntry::of).toList();
        final List<FloorEntry> fixFloor = fixResults.stream().map(FloorEntry::of).toList();
        final List<UdpFloorEntry> udpFloor = udpSteps.stream().map(UdpFloor.Step::entry).toList();
        final String fixTransport = noFix ? null : FixFloor.describe(fixSessions, mode);
        final String udpTransport = noUdp ? null : UdpFloor.describe(mode);
        final RunSummary total = RunSummary.of("calibrate", tcpResults, metadata);
        SummaryJson.write(folder.resolve("summary.json"), new CalibrationSummary(
            total, "loopback TCP echo, 16-byte frames, " + mode.describe() + " polling", floor, fixTransport,
            fixFloor, udpTransport, udpFloor));

        FloorTable.print(console, floor, total.hiccup());
        if (!udpFloor.isEmpty())
        {
            FloorTable.printUdp(console, udpTransport, udpFloor, floor, RunSummary.of("udp-floor",
                udpSteps.stream().map(UdpFloor.Step::result).toList(), metadata).hiccup());
        }
        if (!fixFloor.isEmpty())
        {
            FloorTable.printFix(console, fixTransport, fixFloor, floor,
                RunSummary.of("fix-floor", fixResults, metadata).hiccup());
        }
        console.println();
        console.println("Wrote " + folder.resolve("summary.json") + " and " +
            (floor.size() + udpFloor.size() + fixFloor.size()) + " interval logs.");
        return 0;
    }

    private RunResult measure(
        final PrintWriter console, final Path folder, final int port, final double rate, final HostIdle mode)
        throws Exception
    {
        final String label = String.format(Locale.ROOT, "[%7.0f/s]", rate);
        final RunConfig config = new RunConfig(new ConstantRateSchedule(rate), timing())
            .idleStrategy(mode.newStrategy())
            .outputDir(folder)
            .logName(String.format(Locale.ROOT, "floor-%.0f", rate))
            .listener(new ProgressPrinter(console, label, rate));

        try (TcpEchoTransport transport = new TcpEchoTransport(port))
        {
            return new LoadRun(config).execute(transport);
        }
    }

    private RunTiming timing()
    {
        return new RunTiming(warmup.toNanos(), duration.toNanos(), timeout.toNanos(), timeout.toNanos());
    }

    /**
     * The floors run one after the other, so two threads are busy at any time: the load thread, and the echo
     * server's, the UDP receiver's or the reference acceptor's.
     */
    private ThreadLayout layout(final HostIdle mode)
    {
        final List<String> loadWork = new ArrayList<>(List.of("load agent", "TCP client (TCP floor)"));
        final List<String> farEnds = new ArrayList<>(List.of("sonde-echo"));
        final List<String> farWork = new ArrayList<>(List.of("TCP echo server (TCP floor)"));
        if (!noUdp)
        {
            loadWork.add("UDP sender (UDP floor)");
            farEnds.add("sonde-udp-receiver");
            farWork.add("UDP receiver (UDP floor)");
        }
        if (!noFix)
        {
            loadWork.add("FIX library, Artio engine, media driver and archive (FIX floor)");
            farEnds.add("sonde-acceptor");
            farWork.add("reference acceptor's FIX library, Artio engine, media driver and archive (FIX floor)");
        }
        final List<ThreadLayout.BusyThread> threads = List.of(
            new ThreadLayout.BusyThread(FixClient.LOAD_THREAD, List.copyOf(loadWork)),
            new ThreadLayout.BusyThread(String.join(", then ", farEnds), List.copyOf(farWork)));
        return new ThreadLayout(threads, mode.describe(), Runtime.getRuntime().availableProcessors());
    }

    private void validate()
    {
        if (duration.isZero())
        {
            throw new ParameterException(spec.commandLine(), "--duration must be longer than zero");
        }
        if (timeout.isZero())
        {
            throw new ParameterException(spec.commandLine(), "--timeout must be longer than zero");
        }
        if (fixSessions < 1)
        {
            throw new ParameterException(spec.commandLine(), "--fix-sessions must be at least 1, not " + fixSessions);
        }
        if (noFix && spec.commandLine().getParseResult().hasMatchedOption("--fix-sessions"))
        {
            throw new ParameterException(spec.commandLine(), "--fix-sessions and --no-fix contradict each other: " +
                "give one or the other");
        }
    }
}
