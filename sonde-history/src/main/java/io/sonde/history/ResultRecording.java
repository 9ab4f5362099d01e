package io.sonde.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sonde.api.Check;
import io.sonde.api.Slo;
import io.sonde.loadgen.result.SummaryJson;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How a run's or sweep's result goes into the history: where, under which labels and scenario, and the baseline
 * its latency must not regress from (docs/regression-gate.md).
 *
 * @param location     the history.
 * @param labels       recorded with the result, e.g. {@code build=1234}.
 * @param scenarioName the scenario the result belongs to, or null for its command line's ({@link ScenarioName}).
 * @param baseline     the recorded run the result is judged against, or null for no regression gate.
 * @param tolerance    the slow-down the gate always allows, however quiet the baseline was, as a fraction.
 */
public record ResultRecording(
    HistoryLocation location,
    Map<String, String> labels,
    String scenarioName,
    BaselineChoice baseline,
    double tolerance)
{
    /**
     * Record the result in {@code folder} and, with a baseline, judge it against its baseline first, so that the
     * verdict is recorded too. Call once, after the result's files are written.
     *
     * @param objectives the command's objectives: the percentiles the gate compares.
     * @return the gate's checks, one per step and percentile (a regression fails its check); none without a
     *         baseline or when {@code last} found nothing to compare.
     * @throws HistoryException when the history cannot be used, or the baseline is not in it.
     */
    public List<Check> record(final PrintWriter console, final Path folder, final List<Slo> objectives)
    {
        RecordedFolder fresh = RecordedFolder.read(folder);
        final String scenario = scenarioName != null ? scenarioName :
            ScenarioName.of(fresh.kind(), fresh.commandLine());
        try (HistoryDatabase history = HistoryDatabase.open(location))
        {
            RegressionReport report = null;
            if (baseline != null)
            {
                final RecordedFolder judged = fresh;
                report = baseline.find(history, scenario, fresh.kind())
                    .map(run -> RegressionGate.judge(history, baseline, run, judged, objectives, tolerance))
                    .orElseGet(() -> RegressionReport.nothingToCompare(scenario, tolerance));
                report.print(console);
                addSection(folder, fresh.kind(), report);
                fresh = RecordedFolder.read(folder);
            }
            final long id = history.record(fresh, scenario, labels);
            console.printf("Recorded as run %d of scenario '%s' in the history %s%n", id, scenario,
                history.description());
            return report == null ? List.of() : report.checks();
        }
    }

    /**
     * The verdict goes into the result's own summary, where CI reads everything else about the run.
     */
    private static void addSection(final Path folder, final String kind, final RegressionReport report)
    {
        final Path summary = folder.resolve(RecordedFolder.isSweep(kind) ? RecordedFolder.SWEEP_SUMMARY :
            RecordedFolder.RUN_SUMMARY);
        try
        {
            final JsonNode document = SummaryJson.mapper().readTree(summary.toFile());
            ((ObjectNode)document).set("regression", SummaryJson.mapper().valueToTree(report));
            SummaryJson.write(summary, document);
        }
        catch (final IOException ex)
        {
            throw new HistoryException("cannot add the regression verdict to " + summary + ": " + ex.getMessage());
        }
    }
}
