package io.sonde.scenarios.calibrate;

import io.sonde.api.CalibrateSpec;
import io.sonde.api.FloorReport;
import io.sonde.api.Option;
import io.sonde.api.RunOptions;
import io.sonde.inprocess.Sonde;
import io.sonde.report.FloorTable;
import io.sonde.scenarios.cli.ProgressOptions;
import io.sonde.scenarios.cli.SpecOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code sonde calibrate}: measures what this host itself costs, so every later result can be read as a
 * ratio to it ({@link Sonde#calibrate}), and prints the floors. The options are {@link CalibrateSpec}'s.
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
        "Then the self-check of the measurement on this host: Sonde's FIX client against the reference acceptor " +
            "stalled 50 ms every second (1,000 orders/s, at most 8 in flight), whose true corrected p99, p99.9 and " +
            "max are known; prints how far the measured ones are from the truth and whether the truth lies in each " +
            "one's 95%% interval, and names the host when one is more than 5%% off (--no-self-check skips it).",
        "Later results are compared with these floors as ratios, because absolute microseconds mean little " +
            "on a shared or virtualised host.",
        "",
        "Writes floor-<rate>.hlog, udp-floor-<rate>.hlog, fix-floor-<rate>.hlog and self-check-1000.hlog interval " +
            "logs and summary.json (with 'floor', 'udpFloor' and 'fixFloor' arrays, one entry per rate, and " +
            "'selfCheck') to the output folder."
    },
    mixinStandardHelpOptions = true,
    modelTransformer = SpecOptions.class)
public final class CalibrateCommand implements Callable<Integer>, SpecOptions.Taker
{
    @Spec
    private CommandSpec spec;

    @Mixin
    private ProgressOptions progress;

    public Integer call()
    {
        final CalibrateSpec calibration = SpecOptions.applyTo(CalibrateSpec.builder(), spec).build();
        final PrintWriter console = spec.commandLine().getOut();
        final FloorReport report = Sonde.calibrate(calibration,
            progress.applyTo(RunOptions.builder()).console(console).build());
        FloorTable.print(console, report);
        console.println();
        final Path summary = calibration.out().resolve(FloorReport.SUMMARY_FILE);
        console.println("Wrote " + summary + " and " + (report.floor().size() + report.udpFloor().size() +
            report.fixFloor().size() + (report.selfCheck() == null ? 0 : 1)) + " interval logs.");
        return 0;
    }

    public List<Option<?>> specOptions()
    {
        return CalibrateSpec.OPTIONS;
    }
}
