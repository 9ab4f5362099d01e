package io.sonde.scenarios.calibrate;

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
import io.sonde.scenarios.cli.IdleMode;
import io.sonde.scenarios.cli.OutputFolder;
import io.sonde.scenarios.cli.ProgressPrinter;
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
 * ratio to it. A CO-correct, open-loop TCP echo over loopback at a few rates, with the hiccup meter beside.
 */
@Command(
    name = "calibrate",
    description = {
        "Measure this host's latency floor: an open-loop, coordinated-omission-correct TCP echo over loopback " +
            "at several rates, with the hiccup meter running beside it.",
        "Later results are compared with this floor as ratios, because absolute microseconds mean little " +
            "on a shared or virtualised host.",
        "",
        "Writes floor-<rate>.hlog interval logs and summary.json (with a 'floor' array, one entry per rate) " +
            "to the output folder."
    },
    mixinStandardHelpOptions = true)
public final class CalibrateCommand implements Callable<Integer>
{
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
        description = "An echo not back within this time counts as timed out (default: ${DEFAULT-VALUE}).")
    private Duration timeout;

    @Option(names = "--idle", defaultValue = "busy-spin", converter = IdleMode.Converter.class,
        description = "How the client and the echo server poll: busy-spin, backoff, yield, sleep " +
            "(default: ${DEFAULT-VALUE}; two threads spin).")
    private IdleMode idle;

    @Option(names = "--out", defaultValue = "results/calibrate",
        description = "Output folder, created if missing (default: ${DEFAULT-VALUE}).")
    private Path out;

    public Integer call() throws Exception
    {
        validate();
        final PrintWriter console = spec.commandLine().getOut();
        final Path folder = OutputFolder.prepare(out);
        final long startEpochMs = System.currentTimeMillis();
        final List<RunResult> results = new ArrayList<>();

        try (EchoServer server = new EchoServer(idle.newStrategy()))
        {
            for (final double rate : rates)
            {
                results.add(measure(console, folder, server.port(), rate));
            }
        }

        final List<FloorEntry> floor = results.stream().map(FloorEntry::of).toList();
        final RunSummary total = RunSummary.of("calibrate", results, RunMetadata.capture(
            spec.commandLine().getParseResult().originalArgs(), startEpochMs, layout()));
        SummaryJson.write(folder.resolve("summary.json"),
            new CalibrationSummary(total, "loopback TCP echo, 16-byte frames, " + idle + " polling", floor));

        FloorTable.print(console, floor, total.hiccup());
        console.println();
        console.println("Wrote " + folder.resolve("summary.json") + " and " + floor.size() + " interval logs.");
        return 0;
    }

    private RunResult measure(final PrintWriter console, final Path folder, final int port, final double rate)
        throws Exception
    {
        final String label = String.format(Locale.ROOT, "[%7.0f/s]", rate);
        final RunConfig config = new RunConfig(
            new ConstantRateSchedule(rate),
            new RunTiming(warmup.toNanos(), duration.toNanos(), timeout.toNanos(), timeout.toNanos()))
            .idleStrategy(idle.newStrategy())
            .outputDir(folder)
            .logName(String.format(Locale.ROOT, "floor-%.0f", rate))
            .listener(new ProgressPrinter(console, label, rate));

        try (TcpEchoTransport transport = new TcpEchoTransport(port))
        {
            return new LoadRun(config).execute(transport);
        }
    }

    private ThreadLayout layout()
    {
        return new ThreadLayout(List.of(
            new ThreadLayout.BusyThread("sonde-load", List.of("load agent", "TCP client")),
            new ThreadLayout.BusyThread("sonde-echo", List.of("TCP echo server"))),
            idle.toString(), Runtime.getRuntime().availableProcessors());
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
    }
}
