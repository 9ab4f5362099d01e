package io.sonde.scenarios.scenario;

import io.sonde.api.RunReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The example scenarios run, shortened from the command line (which also shows that typed options override the
 * file), and each run writes its effective scenario, which reads back as the same settings.
 */
@Timeout(180)
class ScenarioCommandTest
{
    private static final Path EXAMPLES = Path.of("examples");

    @TempDir
    private Path dir;

    @Test
    void aScenarioFilesNameIsTheScenarioItsResultIsRecordedUnder() throws Exception
    {
        final String history = "jdbc:sqlite:" + dir.resolve("history.db");
        final CliHarness cli = CliHarness.runMechanics("run", "--scenario", EXAMPLES.resolve("smoke.yaml").toString(),
            "--duration", "1s", "--warmup", "0s", "--slo", "p99=10s", "--idle", "backoff", "--history", history,
            "--out", dir.resolve("named").toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("of scenario 'smoke' in the history"), cli.out);
        final CliHarness listed = CliHarness.run("history", "list", "--history", history, "--scenario", "smoke");
        assertEquals(0, listed.exitCode, listed.toString());
        assertTrue(listed.out.contains("smoke"), listed.out);
    }

    @Test
    void theSmokeExampleRunsWithTypedOptionsOverridingItsFields() throws Exception
    {
        final Path out = dir.resolve("smoke");
        final CliHarness cli = CliHarness.runMechanics("run", "--scenario", EXAMPLES.resolve("smoke.yaml").toString(),
            "--duration", "1s", "--warmup", "0s", "--slo", "p99=10s", "--idle", "backoff", "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        final JsonNode summary = summary(out);
        assertEquals(1.0, summary.get("measuredSeconds").asDouble(), 1e-9, "--duration 1s overrides duration: 60s");
        assertEquals(500, summary.get("targetRate").asDouble(), 1e-9, "rate: 500 from the file");
        assertEquals(2, summary.get("sessions").asInt(), "sessions: 2 from the file");
        assertTrue(summary.get("flows").asText().contains("new-cancel"), "flow: mix from the file");

        final Map<ScenarioField, String> effective = new ScenarioReader().read(out.resolve(ScenarioOption.FILE_NAME));
        assertEquals("smoke", effective.get(ScenarioField.NAME));
        assertEquals("embedded", effective.get(ScenarioField.TARGET));
        assertEquals("1s", effective.get(ScenarioField.DURATION));
        assertEquals("0s", effective.get(ScenarioField.byKey("warmup")));
        assertEquals("500", effective.get(ScenarioField.byKey("rate")));
        assertEquals("2", effective.get(ScenarioField.byKey("sessions")));
        assertEquals("mix", effective.get(ScenarioField.byKey("flow")));
        assertEquals("new=60,new-cancel=30,new-replace-cancel=10", effective.get(ScenarioField.byKey("mix")));
        assertEquals("p99=10s", effective.get(ScenarioField.byKey("slo")));
        assertEquals("constant", effective.get(ScenarioField.byKey("schedule")));
        assertTrue(Files.readString(out.resolve(ScenarioOption.FILE_NAME)).contains("#   timeout: 5s"),
            "the defaults taken are listed");
    }

    @Test
    void theEffectiveScenarioRepeatsTheRunItCameFrom() throws Exception
    {
        final Path first = dir.resolve("first");
        final CliHarness cli = CliHarness.runMechanics("run", "--embedded", "--rate", "300", "--duration", "1s",
            "--warmup", "0s", "--sessions", "2", "--flow", "new-cancel", "--schedule", "poisson", "--seed", "9",
            "--slo", "p99=10s", "--idle", "backoff", "--out", first.toString());
        assertEquals(0, cli.exitCode, cli.toString());

        final Path again = dir.resolve("again");
        final CliHarness repeat = CliHarness.runMechanics("run", "--scenario", first.resolve(ScenarioOption.FILE_NAME)
            .toString(), "--idle", "backoff", "--out", again.toString());

        assertEquals(0, repeat.exitCode, repeat.toString());
        assertEquals(new ScenarioReader().read(first.resolve(ScenarioOption.FILE_NAME)),
            new ScenarioReader().read(again.resolve(ScenarioOption.FILE_NAME)));
        for (final String field : new String[] {"targetRate", "measuredSeconds", "sessions", "flows"})
        {
            assertEquals(summary(first).get(field), summary(again).get(field), field);
        }
    }

    @Test
    void theSoakExampleRunsShortened() throws Exception
    {
        final Path out = dir.resolve("soak");
        final CliHarness cli = CliHarness.runMechanics("run", "--scenario", EXAMPLES.resolve("soak.yaml").toString(),
            "--duration", "1s", "--warmup", "0s", "--rate", "500", "--idle", "backoff", "--out", out.toString());

        assertEquals(RunReport.read(out).verdict().exitCode().code(), cli.exitCode,
            "the exit code is what the run's checks add up to: " + cli);
        assertEquals(4, summary(out).get("sessions").asInt(), cli.toString());
        assertEquals(2, summary(out).get("slo").size(), "both objectives of the file: " + summary(out).get("slo"));
        assertEquals("poisson", new ScenarioReader().read(out.resolve(ScenarioOption.FILE_NAME))
            .get(ScenarioField.byKey("schedule")));
    }

    @Test
    void theBurstExampleRunsItsSessionGroups() throws Exception
    {
        final Path out = dir.resolve("burst");
        final CliHarness cli = CliHarness.runMechanics("run", "--scenario", EXAMPLES.resolve("burst.yaml").toString(),
            "--duration", "1s", "--warmup", "0s", "--rate", "400", "--slo", "p99=10s", "--idle", "backoff", "--out",
            out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        final JsonNode summary = summary(out);
        assertEquals(4, summary.get("sessions").asInt(), "the groups' 2 + 2 sessions");
        assertEquals(400, summary.get("targetRate").asDouble(), 1e-9);
        assertEquals(400, summary.get("sent").asLong(), 60, "200/s steady and 200/s in bursts of 50 for 1 s");
    }

    @Test
    void theRateSweepExampleSweepsTheRatesGivenInsteadOfItsOwn() throws Exception
    {
        final Path out = dir.resolve("sweep");
        final CliHarness cli = CliHarness.runMechanics("sweep", "--scenario",
            EXAMPLES.resolve("rate-sweep.yaml").toString(), "--rates", "200,400", "--step-duration", "1s",
            "--warmup", "0s", "--slo", "p99=10s", "--idle", "backoff", "--out", out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        final JsonNode sweep = new ObjectMapper().readTree(out.resolve("sweep.json").toFile());
        assertEquals(2, sweep.get("steps").size());
        assertEquals(400, sweep.get("steps").get(1).get("rate").asDouble(), 1e-9);
        final Map<ScenarioField, String> effective = new ScenarioReader().read(out.resolve(ScenarioOption.FILE_NAME));
        assertEquals("200,400", effective.get(ScenarioField.byKey("sweep.rates")));
        assertEquals("1s", effective.get(ScenarioField.DURATION), "a sweep's duration is each step's");
    }

    @Test
    void aBadScenarioExitsTwoNamingEveryProblemBeforeAnythingRuns() throws Exception
    {
        final Path file = Files.writeString(dir.resolve("bad.yaml"), "target: embedded\nrate: lots\nwarmup: soon\n" +
            "venue: missing.yaml\n");
        final CliHarness cli = CliHarness.runMechanics("run", "--scenario", file.toString(), "--out",
            dir.resolve("out").toString());

        assertEquals(2, cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("3 problems"), cli.err);
        assertTrue(cli.err.contains("rate: 'lots'"), cli.err);
        assertTrue(cli.err.contains("warmup: 'soon'"), cli.err);
        assertTrue(cli.err.contains("missing.yaml: no such file"), cli.err);
        assertFalse(Files.exists(dir.resolve("out")), "nothing ran");
    }

    @Test
    void fieldsThatContradictATypedOptionGiveWay() throws Exception
    {
        final Path file = Files.writeString(dir.resolve("groups.yaml"), "target: 127.0.0.1:1\n" +
            "sessionGroups: 1:constant,1:burst(5)\n");
        final Path out = dir.resolve("typed");
        final CliHarness cli = CliHarness.runMechanics("run", "--scenario", file.toString(), "--embedded", "--schedule",
            "constant", "--rate", "200", "--duration", "1s", "--warmup", "0s", "--idle", "backoff", "--out",
            out.toString());

        assertEquals(0, cli.exitCode, cli.toString());
        assertEquals(1, summary(out).get("sessions").asInt(), "--schedule drops the file's session groups");
        final Map<ScenarioField, String> effective = new ScenarioReader().read(out.resolve(ScenarioOption.FILE_NAME));
        assertEquals("embedded", effective.get(ScenarioField.TARGET), "--embedded drops the file's target");
        assertFalse(effective.containsKey(ScenarioField.byKey("sessionGroups")));
    }

    private static JsonNode summary(final Path out) throws Exception
    {
        return new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    }
}
