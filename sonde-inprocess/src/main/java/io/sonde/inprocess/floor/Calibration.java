package io.sonde.inprocess.floor;

import io.sonde.inprocess.run.ProgressConsole;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sonde.api.CalibrateSpec;
import io.sonde.api.FloorReport;
import io.sonde.api.RunSummary;
import io.sonde.api.SelfCheck;
import io.sonde.fix.client.FixClient;
import io.sonde.inprocess.run.OutputFolder;
import io.sonde.inprocess.run.SummaryFigures;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.idle.ThreadLayout;
import io.sonde.loadgen.record.RequestSeries;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.result.SummaryJson;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.runner.RunTiming;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * One calibration of this host, carried out: the TCP floor at every rate, then the one-way UDP floor, then Sonde's
 * own FIX floor, so a result reads host floor, then Sonde's floor, then the system under test; then the self-check
 * of the measurement against a scripted stall ({@link StallSelfCheck}); what {@code sonde calibrate} and
 * {@link io.sonde.inprocess.Sonde#calibrate} both call. The floors run one after the
 * other, never together: two busy threads at any time.
 * <p>
 * Writes an interval log per floor and rate, and {@code summary.json}: the TCP floor's rates summarised as one run
 * (the fields every run's summary has), with the {@link FloorReport} beside them.
 */
public final class Calibration
{
    private static final int BUSY_THREADS = 2;
    private static final String METADATA = "metadata";

    private final CalibrateSpec spec;
    private final HostIdle idle;
    private final RunTiming timing;

    private Calibration(final CalibrateSpec spec, final HostIdle idle)
    {
        this.spec = spec;
        this.idle = idle;
        final long timeoutNanos = spec.timeout().toNanos();
        timing = new RunTiming(spec.warmup().toNanos(), spec.duration().toNanos(), timeoutNanos, timeoutNanos);
    }

    /**
     * Measure every floor the spec asks for, printing progress to {@code console}, and write the results.
     *
     * @return the floors, read back from the output folder.
     * @throws io.sonde.api.InvalidOptionException    when the output folder cannot be made or written.
     * @throws io.sonde.loadgen.runner.RunFailedException when a floor could not be measured: the UDP receiver
     *                                                    failed, or the FIX sessions could not log on.
     */
    public static FloorReport execute(final CalibrateSpec spec, final ProgressConsole console)
    {
        try (HostIdle idle = HostIdle.claim(spec.idle(), BUSY_THREADS, console::println,
            change -> console.progress(change, false)))
        {
            return new Calibration(spec, idle).measure(console, OutputFolder.prepare(spec.out()));
        }
    }

    private FloorReport measure(final ProgressConsole console, final Path folder)
    {
        final long startEpochMs = System.currentTimeMillis();
        final List<RunResult> tcp = new ArrayList<>();
        try (TcpFloor floor = new TcpFloor(idle, timing))
        {
            spec.rates().forEach(rate -> tcp.add(floor.measure(console, folder, rate)));
        }
        final List<UdpFloor.Step> udp = new ArrayList<>();
        if (spec.measuresUdp())
        {
            final UdpFloor floor = new UdpFloor(idle, timing);
            spec.rates().forEach(rate -> udp.add(floor.measure(console, folder, rate)));
        }
        final List<RunResult> fix = new ArrayList<>();
        if (spec.measuresFix())
        {
            try (FixFloor floor = new FixFloor(spec.fixSessions(), idle, timing))
            {
                spec.rates().forEach(rate -> fix.add(floor.measure(console, folder, rate)));
            }
        }

        final SelfCheck selfCheck = spec.checksItself() ?
            new StallSelfCheck(idle, StallSelfCheck.TIMING, RequestSeries.CORRECTED).measure(console, folder) : null;

        final List<RunResult> udpResults = udp.stream().map(UdpFloor.Step::result).toList();
        final FloorReport report = new FloorReport(
            TcpFloor.describe(idle), tcp.stream().map(FloorSteps::roundTrip).toList(),
            spec.measuresFix() ? FixFloor.describe(spec.fixSessions(), idle) : null,
            fix.stream().map(FloorSteps::roundTrip).toList(),
            spec.measuresUdp() ? UdpFloor.describe(idle) : null,
            udp.stream().map(UdpFloor.Step::entry).toList(),
            FloorSteps.hiccup(tcp),
            fix.isEmpty() ? null : FloorSteps.hiccup(fix),
            udpResults.isEmpty() ? null : FloorSteps.hiccup(udpResults),
            selfCheck,
            null);
        final List<String> commandLine = new ArrayList<>(List.of("calibrate"));
        commandLine.addAll(spec.arguments());
        write(folder, SummaryFigures.totals("calibrate", tcp,
            RunMetadata.capture(commandLine, startEpochMs, layout())), report);
        return FloorReport.read(folder);
    }

    /**
     * The summary's fields are the run's totals, up to its metadata (a calibration drives no FIX lifecycle, so it
     * has none of a run's later fields), then the report's; both name the TCP floor's hiccups {@code hiccup}, the
     * same figures, which the report's take the place of.
     */
    private static void write(final Path folder, final RunSummary total, final FloorReport report)
    {
        final ObjectNode run = SummaryJson.mapper().valueToTree(total);
        final ObjectNode summary = SummaryJson.mapper().createObjectNode();
        for (final Iterator<Map.Entry<String, JsonNode>> fields = run.fields(); !summary.has(METADATA);)
        {
            final Map.Entry<String, JsonNode> field = fields.next();
            summary.set(field.getKey(), field.getValue());
        }
        summary.setAll((ObjectNode)SummaryJson.mapper().valueToTree(report));
        SummaryJson.write(folder.resolve(FloorReport.SUMMARY_FILE), summary);
    }

    /**
     * The floors run one after the other, so two threads are busy at any time: the load thread, and the echo
     * server's, the UDP receiver's or the reference acceptor's.
     */
    private ThreadLayout layout()
    {
        final List<String> loadWork = new ArrayList<>(List.of("load agent", "TCP client (TCP floor)"));
        final List<String> farEnds = new ArrayList<>(List.of("sonde-echo"));
        final List<String> farWork = new ArrayList<>(List.of("TCP echo server (TCP floor)"));
        if (spec.measuresUdp())
        {
            loadWork.add("UDP sender (UDP floor)");
            farEnds.add("sonde-udp-receiver");
            farWork.add("UDP receiver (UDP floor)");
        }
        if (spec.measuresFix() || spec.checksItself())
        {
            final String uses = spec.measuresFix() && spec.checksItself() ? "FIX floor, self-check" :
                spec.measuresFix() ? "FIX floor" : "self-check";
            loadWork.add("FIX library, Artio engine, media driver and archive (" + uses + ")");
            farEnds.add("sonde-acceptor");
            farWork.add("reference acceptor's FIX library, Artio engine, media driver and archive (" + uses + ")");
        }
        final List<ThreadLayout.BusyThread> threads = List.of(
            new ThreadLayout.BusyThread(FixClient.LOAD_THREAD, List.copyOf(loadWork)),
            new ThreadLayout.BusyThread(String.join(", then ", farEnds), List.copyOf(farWork)));
        return new ThreadLayout(threads, idle.describe(), Runtime.getRuntime().availableProcessors());
    }
}
