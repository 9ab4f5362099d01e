package io.sonde.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sonde.api.FloorChoice;
import io.sonde.api.RunReport;
import io.sonde.api.SweepReport;
import io.sonde.loadgen.record.IntervalLog;
import io.sonde.report.html.Html;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run's report, and the run's own lines, are read against a calibration and say which (or why none), so "floor
 * p99" is never "-" without a reason; and a p99 below a floor names the floor as no floor, in a run's lines, a
 * report and a sweep's table alike.
 */
class FloorBesideResultsTest
{
    /** The run's corrected p99 is 20 µs. */
    private static final double RUN_P99 = 20;

    @TempDir
    Path dir;

    @Test
    void aRunsReportIsReadAgainstTheChosenCalibrationAndSaysWhichOne() throws IOException
    {
        final ReportInput input = ReportInput.read("A", List.of(run()));
        final FloorChoice choice = new FloorChoice(Optional.of(calibration("floor", 10, 15)), false,
            "the latest calibration in results/");

        input.readAgainst(choice);

        final String terminal = print(out -> ReportTables.print(out, input));
        assertTrue(terminal.contains("\n" + choice.describe() + "\n"), terminal);
        assertFalse(terminal.contains("WARNING"), terminal);
        final String html = HtmlReport.render(List.of(input), List.of());
        assertTrue(html.contains("<td>10.0µs</td><td>2.0×</td><td class=\"fix-floor-p99\">15.0µs</td>" +
            "<td class=\"fix-floor-ratio\">1.3×</td>"), html);
        assertTrue(html.contains(escaped(choice.describe())), html);
    }

    @Test
    void withoutACalibrationTheReportSaysWhyItsFloorColumnsAreEmpty() throws IOException
    {
        final ReportInput input = ReportInput.read("A", List.of(run()));

        input.readAgainst(FloorChoice.of(Optional.empty(), dir.resolve("results")));

        assertTrue(print(out -> ReportTables.print(out, input)).contains("\nfloor: none (no calibration in " +
            dir.resolve("results") + "/: run `sonde calibrate`)\n"));
    }

    @Test
    void aP99BelowTheFloorNamesAFloorThatCannotBeOneInTheRunsLinesAndItsReport() throws IOException
    {
        final FloorChoice noisy = new FloorChoice(Optional.of(calibration("noisy", 40, 15)), true, "--floor");
        final ReportInput input = ReportInput.read("A", List.of(run()));
        input.readAgainst(noisy);

        final String runLines = print(out -> FloorLines.print(out, RunReport.read(dir.resolve("run")), noisy));
        final String report = print(out -> ReportTables.print(out, input));

        final String warning = "WARNING floor: p99 ÷ floor is 0.50× at 1000/s, below 1: the floor measurement is " +
            "not a floor (the host was busier while calibrating than while this ran); re-run sonde calibrate on a " +
            "quiet host";
        assertTrue(runLines.startsWith(noisy.describe() + ": floor p99 40.0µs, p99 ÷ floor 0.5×; Sonde's FIX floor " +
            "p99 15.0µs, p99 ÷ FIX floor 1.3×\n" + warning + "\n"), runLines);
        assertTrue(report.contains(warning), report);
        assertTrue(HtmlReport.render(List.of(input), List.of()).contains(escaped(warning)));
    }

    @Test
    void aSweepStepBelowItsFloorIsWarnedOfUnderTheSweepsTable() throws Exception
    {
        final Path sweep = copySweep();
        final ObjectMapper json = new ObjectMapper();
        final ObjectNode written = (ObjectNode)json.readTree(sweep.resolve("sweep.json").toFile());
        final ObjectNode step = (ObjectNode)written.get("steps").get(1);
        final double p99 = step.get("corrected").get("p99").asDouble();
        step.put("floorRate", 600).put("floorP99", p99 * 2).put("p99RatioToFloor", 0.5);
        written.put("floor", "results/floor");
        json.writeValue(sweep.resolve("sweep.json").toFile(), written);

        final String table = print(out -> SweepTable.print(out, SweepReport.read(sweep)));

        assertTrue(table.contains("\nfloor: results/floor\nWARNING floor: p99 ÷ floor is 0.50× at 600/s, below 1: " +
            "the floor measurement is not a floor"), table);
        assertFalse(table.contains("at 300/s, below 1"), "the step above its floor is not warned of: " + table);
    }

    private static String escaped(final String text)
    {
        return Html.escape(text);
    }

    private Path copySweep() throws Exception
    {
        final Path from = Path.of(FloorBesideResultsTest.class.getResource("/printed/sweep").toURI());
        final Path to = dir.resolve("sweep");
        try (var files = Files.walk(from))
        {
            for (final Path file : files.toList())
            {
                final Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file))
                {
                    Files.createDirectories(target);
                }
                else
                {
                    Files.copy(file, target);
                }
            }
        }
        return to;
    }

    private Path calibration(final String name, final double tcpP99, final double fixP99) throws IOException
    {
        final Path folder = Files.createDirectories(dir.resolve(name));
        Files.writeString(folder.resolve("summary.json"), "{\"floor\": [{\"rate\": 1000, \"corrected\": {\"p99\": " +
            tcpP99 + "}}], \"fixFloor\": [{\"rate\": 1000, \"corrected\": {\"p99\": " + fixP99 + "}}]}");
        return folder;
    }

    /**
     * A run at 1000/s whose every answer took 20 µs.
     */
    private Path run() throws IOException
    {
        final Path folder = Files.createDirectories(dir.resolve("run"));
        Files.writeString(folder.resolve("summary.json"), "{\"kind\": \"run\", \"targetRate\": 1000, " +
            "\"achievedRate\": 1000, \"sent\": 1000, \"acknowledged\": 1000, \"intervalLogs\": [\"run.hlog\"], " +
            "\"corrected\": {\"p50\": 20, \"p90\": 20, \"p99\": " + RUN_P99 + ", \"p99_9\": 20, \"p99_99\": 20, " +
            "\"max\": 20, \"count\": 1000}}");
        final long startMs = 1_800_000_000_000L;
        try (IntervalLog log = new IntervalLog(folder.resolve("run.hlog"), startMs, "run"))
        {
            final Histogram interval = new Histogram(3);
            interval.setTag("corrected");
            interval.setStartTimeStamp(startMs);
            interval.setEndTimeStamp(startMs + 1000);
            interval.recordValueWithCount(20_000, 1000);
            log.write(interval);
        }
        return folder;
    }

    private static String print(final Consumer<PrintWriter> print)
    {
        final StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text))
        {
            print.accept(out);
        }
        return text.toString().replace(System.lineSeparator(), "\n");
    }
}
