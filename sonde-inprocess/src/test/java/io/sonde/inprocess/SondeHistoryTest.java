package io.sonde.inprocess;

import io.sonde.api.Check;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.ResultHistory;
import io.sonde.api.RunOptions;
import io.sonde.api.RunSpec;
import io.sonde.history.HistoryDatabase;
import io.sonde.history.HistoryLocation;
import io.sonde.history.HistoryRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The results history and its regression gate are open to a run in a test's JVM through
 * {@link RunOptions.Builder#history}: two runs recorded under their labels, the second judged against the first by
 * the same gate {@code sonde run --baseline last} uses, its checks handed over and written to the JUnit report. The
 * tolerance is wide: the runs share a small VM with builds, and what is tested is that the gate judges, not how fast.
 */
@Timeout(180)
class SondeHistoryTest
{
    private static final String SCENARIO = "api-history";

    @Test
    void runsFromCodeAreRecordedInTheHistoryAndTheSecondIsJudgedAgainstTheFirst(@TempDir final Path dir)
        throws Exception
    {
        final String history = dir.resolve("history.db").toString();
        final StringWriter console = new StringWriter();
        final List<Check> firstGate = new ArrayList<>();
        final List<Check> secondGate = new ArrayList<>();

        Sonde.run(spec(dir.resolve("first")), options(console, history, "1", firstGate).build());
        final Path junit = dir.resolve("junit.xml");
        Sonde.run(spec(dir.resolve("second")), options(console, history, "2", secondGate).junitReport(junit).build());

        assertEquals(List.of(), firstGate, "nothing recorded to compare the first run with");
        assertFalse(secondGate.isEmpty(), console.toString());
        assertTrue(secondGate.stream().allMatch(check -> "regression".equals(check.group()) &&
            check.outcome() == Check.Outcome.PASSED), secondGate.toString());
        assertTrue(console.toString().contains("Recorded as run 2 of scenario '" + SCENARIO + "'"), console.toString());
        assertTrue(Files.readString(dir.resolve("second").resolve("summary.json")).contains("\"regression\""));
        assertTrue(Files.readString(junit).contains("classname=\"sonde run.regression\""), Files.readString(junit));
        try (HistoryDatabase recorded = HistoryDatabase.open(HistoryLocation.resolve(history)))
        {
            final List<HistoryRun> runs = recorded.runs(SCENARIO, Map.of(), 10);
            assertEquals(2, runs.size(), runs.toString());
            assertEquals(List.of(Map.of("build", "2"), Map.of("build", "1")),
                runs.stream().map(HistoryRun::labels).toList());
        }
    }

    @Test
    void aBaselineThatDoesNotReadIsRefusedBeforeAnythingRuns(@TempDir final Path dir)
    {
        final Path out = dir.resolve("run");
        final RunOptions options = RunOptions.builder()
            .history(ResultHistory.at(dir.resolve("history.db").toString()).regressionGate("yesterday", 10))
            .build();

        assertThrows(InvalidOptionException.class, () -> Sonde.run(spec(out), options));
        assertFalse(Files.exists(out.resolve("summary.json")));
    }

    private static RunSpec spec(final Path out)
    {
        return RunSpec.builder()
            .embedded(true)
            .rate(200)
            .warmup(Duration.ofSeconds(1))
            .duration(Duration.ofSeconds(2))
            .out(out)
            .build();
    }

    private static RunOptions.Builder options(
        final StringWriter console, final String history, final String build, final List<Check> gate)
    {
        return RunOptions.builder()
            .console(new PrintWriter(console, true))
            .history(ResultHistory.at(history).scenario(SCENARIO).label("build", build)
                .regressionGate("last", 100_000))
            .onRegressionChecks(gate::addAll);
    }
}
