package io.sonde.scenarios.scenario;

import io.sonde.scenarios.cli.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ScenarioReaderTest
{
    private static final String VENUE = "name: test venue\nfix:\n  version: FIX.4.4\n";

    @Test
    void everyFieldIsReadAsTheTextItsOptionTakes(@TempDir final Path dir) throws Exception
    {
        Files.createDirectories(dir.resolve("venues"));
        Files.writeString(dir.resolve("venues/v.yaml"), VENUE);
        final Path file = Files.writeString(dir.resolve("s.yaml"), String.join("\n",
            "name: every field",
            "target: 127.0.0.1:9880",
            "venue: venues/v.yaml",
            "sessions: 6",
            "flow: mix",
            "mix: new=1,new-cancel=3",
            "schedule: burst",
            "burstSize: 25",
            "stages: 1k:10s,1k-5k:20s",
            "sessionGroups: [4:constant, 2:burst(50)]",
            "rate: 2.5k",
            "warmup: 2s",
            "duration: 40s",
            "slo: [p99=2ms, p99.99=10ms]",
            "timeout: 3s",
            "seed: 7",
            "sweep:",
            "  rates: [1k, 2k]",
            "  sizes: 128,256",
            ""));

        final Map<ScenarioField, String> values = new ScenarioReader().read(file);

        assertEquals("every field", values.get(ScenarioField.NAME));
        assertEquals("127.0.0.1:9880", values.get(ScenarioField.TARGET));
        assertEquals(dir.resolve("venues/v.yaml").toAbsolutePath().toString(), values.get(ScenarioField.byKey("venue")),
            "a venue profile's path is relative to the scenario file");
        assertEquals("6", values.get(ScenarioField.byKey("sessions")));
        assertEquals("mix", values.get(ScenarioField.byKey("flow")));
        assertEquals("new=1,new-cancel=3", values.get(ScenarioField.byKey("mix")));
        assertEquals("burst", values.get(ScenarioField.byKey("schedule")));
        assertEquals("25", values.get(ScenarioField.byKey("burstSize")));
        assertEquals("1k:10s,1k-5k:20s", values.get(ScenarioField.byKey("stages")));
        assertEquals("4:constant,2:burst(50)", values.get(ScenarioField.byKey("sessionGroups")),
            "a list joins by commas");
        assertEquals("2.5k", values.get(ScenarioField.byKey("rate")));
        assertEquals("2s", values.get(ScenarioField.byKey("warmup")));
        assertEquals("40s", values.get(ScenarioField.DURATION));
        assertEquals("p99=2ms,p99.99=10ms", values.get(ScenarioField.byKey("slo")));
        assertEquals("3s", values.get(ScenarioField.byKey("timeout")));
        assertEquals("7", values.get(ScenarioField.byKey("seed")));
        assertEquals("1k,2k", values.get(ScenarioField.byKey("sweep.rates")));
        assertEquals("128,256", values.get(ScenarioField.byKey("sweep.sizes")));
        assertEquals(18, values.size(), "every field of the file is read");
    }

    @Test
    void eachFieldStandsForItsOptionInRunAndInSweep()
    {
        assertEquals("--duration", ScenarioField.DURATION.option("run"));
        assertEquals("--step-duration", ScenarioField.DURATION.option("sweep"));
        assertEquals("--rates", ScenarioField.byKey("sweep.rates").option("sweep"));
        assertEquals(null, ScenarioField.byKey("sweep.rates").option("run"), "a run has no use for a sweep's rates");
        assertEquals("--session-groups", ScenarioField.byKey("sessionGroups").option("run"));
    }

    @Test
    void aBadFileNamesEveryProblemAtOnce(@TempDir final Path dir) throws Exception
    {
        Files.writeString(dir.resolve("bad-venue.yaml"), "fix:\n  version: FIX.4.1\n");
        final Path file = Files.writeString(dir.resolve("s.yaml"), String.join("\n",
            "target: nowhere",
            "venue: bad-venue.yaml",
            "sessions: 0",
            "flow: sideways",
            "schedule: sometimes",
            "stages: 1k",
            "sessionGroups: 4:steady",
            "rate: fast",
            "warmup: soon",
            "slo: p42=1ms",
            "colour: blue",
            "sweep:",
            "  rates: [1k, lots]",
            "  steps: 3",
            ""));

        final UserError error = assertThrows(UserError.class, () -> new ScenarioReader().read(file));

        final String message = error.getMessage();
        assertTrue(message.startsWith("scenario " + file + ": 13 problems"), message);
        for (final String problem : List.of("target: 'nowhere' is not HOST:PORT", "sessions: must be at least 1: 0",
            "flow: 'sideways'", "schedule: 'sometimes'", "stages: '1k'", "sessionGroups: '4:steady'",
            "rate: 'fast'", "warmup: 'soon'", "slo: 'p42=1ms'", "colour: unknown field", "sweep.rates: 'lots'",
            "sweep.steps: unknown field; did you mean 'rates'? " +
                "(fields: factor, from, noStop, rates, sizes, to)",
            "bad-venue.yaml: fix.version"))
        {
            assertTrue(message.contains(problem), problem + " in " + message);
        }
    }

    @Test
    void aMistypedFieldNamesTheNearestField(@TempDir final Path dir) throws Exception
    {
        final Path file = Files.writeString(dir.resolve("typo.yaml"), "sesions: 4\nsweep:\n  rats: 1k,2k\n");

        final String message = assertThrows(UserError.class, () -> new ScenarioReader().read(file)).getMessage();

        assertTrue(message.contains("sesions: unknown field; did you mean 'sessions'?"), message);
        assertTrue(message.contains("sweep.rats: unknown field; did you mean 'rates'?"), message);
    }

    @Test
    void aMissingOrMalformedFileIsNamed(@TempDir final Path dir) throws Exception
    {
        assertTrue(assertThrows(UserError.class, () -> new ScenarioReader().read(dir.resolve("none.yaml")))
            .getMessage().contains("none.yaml: 1 problem"));
        final Path list = Files.writeString(dir.resolve("list.yaml"), "- rate: 1k\n");
        assertTrue(assertThrows(UserError.class, () -> new ScenarioReader().read(list))
            .getMessage().contains("a scenario is a YAML mapping"));
    }
}
