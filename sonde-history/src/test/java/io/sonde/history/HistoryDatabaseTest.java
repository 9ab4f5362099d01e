package io.sonde.history;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The history in its default store, an SQLite file, without the command line: what is recorded is read back as
 * written. The command line's suites (scenarios) run the same against PostgreSQL too.
 */
class HistoryDatabaseTest
{
    private static final String STARTED = "2026-01-02T03:04:05Z";

    @TempDir
    Path dir;

    @Test
    void aRecordedRunIsReadBackWithItsFilesLabelsAndPercentiles() throws Exception
    {
        final Path run = Files.createDirectories(dir.resolve("run"));
        Files.writeString(run.resolve(RecordedFolder.RUN_SUMMARY), "{\"metadata\": {\"startedAt\": \"" + STARTED +
            "\", \"commandLine\": [\"run\", \"--rate\", \"1k\", \"--out\", \"run\"]}, \"target\": \"127.0.0.1:9880\"," +
            " \"targetRate\": 1000.0, \"corrected\": {\"p50\": 10.0, \"p90\": 20.0, \"p99\": 30.0, \"p99_9\": 40.0," +
            " \"p99_99\": 50.0, \"max\": 60.0, \"count\": 1000}}");
        Files.writeString(run.resolve("run.hlog"), "#[Histogram log format version 1.3]\n");
        Files.writeString(run.resolve(RecordedFolder.SCENARIO_FILE), "rate: 1k\n");
        final RecordedFolder folder = RecordedFolder.read(run);
        final String scenario = ScenarioName.of(folder.kind(), folder.commandLine());

        try (HistoryDatabase history = open())
        {
            final long id = history.record(folder, scenario, Map.of("build", "7"));

            final HistoryRun recorded = history.run(id).orElseThrow();
            assertEquals("run --rate 1k", recorded.scenario());
            assertEquals(Instant.parse(STARTED).toEpochMilli(), recorded.startedAtMs());
            assertEquals("127.0.0.1:9880", recorded.target());
            assertEquals(Map.of("build", "7"), recorded.labels());
            assertEquals(Set.of(RecordedFolder.RUN_SUMMARY, "run.hlog", RecordedFolder.SCENARIO_FILE),
                history.files(id).keySet());
            assertEquals(Files.readString(run.resolve("run.hlog")), history.files(id).get("run.hlog"));
            final StepPercentiles step = history.percentiles(id).get(0);
            assertEquals(1000.0, step.rate());
            assertEquals(30.0, step.get(StepPercentiles.CORRECTED).p99());
            assertEquals(1000, step.get(StepPercentiles.CORRECTED).count());
            assertEquals(List.of(id), history.runs(scenario, Map.of("build", "7"), 10).stream()
                .map(HistoryRun::id).toList());
            assertEquals(List.of(), history.runs(scenario, Map.of("build", "8"), 10));
        }
    }

    @Test
    void aRunIdTheHistoryDoesNotHoldIsNamed()
    {
        final HistoryException ex = assertThrows(HistoryException.class,
            () -> HistoryFolders.resolve(List.of(Path.of("42")), dir.resolve("history.db").toString()));
        assertTrue(ex.getMessage().startsWith("no run 42 in the history"), ex.getMessage());
    }

    private HistoryDatabase open()
    {
        return HistoryDatabase.open(HistoryLocation.resolve(dir.resolve("nested/history.db").toString()));
    }
}
