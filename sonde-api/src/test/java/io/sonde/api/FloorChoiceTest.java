package io.sonde.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which calibration a result is read against: the one {@code --floor} names; else the one written last among the
 * folders of {@code results/}, whatever they are called, passing over folders that hold another result; else none,
 * saying what to do. Each says which, so a floor never shows as "-" without a reason.
 */
class FloorChoiceTest
{
    @TempDir
    Path results;

    @Test
    void theFolderFloorNamesIsTakenWhateverResultsHolds() throws IOException
    {
        calibration("calibrate", "2026-11-27T20:00:00Z");

        final FloorChoice choice = FloorChoice.of(Optional.of(Path.of("elsewhere")), results);

        assertEquals(Optional.of(Path.of("elsewhere")), choice.folder());
        assertTrue(choice.named());
        assertEquals("floor: elsewhere (--floor)", choice.describe());
    }

    @Test
    void withoutFloorTheLatestCalibrationInResultsIsTakenAndSaidToBe() throws IOException
    {
        calibration("floor", "2026-11-27T20:00:00Z");
        calibration("calibrate", "2026-11-27T21:00:00Z");
        calibration("older", "2026-11-26T21:00:00Z");
        final Path run = Files.createDirectories(results.resolve("run"));
        Files.writeString(run.resolve("summary.json"), "{\"kind\": \"run\"}");
        Files.setLastModifiedTime(run.resolve("summary.json"), FileTime.from(Instant.parse("2026-11-27T22:00:00Z")));

        final FloorChoice choice = FloorChoice.of(Optional.empty(), results);

        assertEquals(Optional.of(results.resolve("calibrate")), choice.folder(), "a run's summary is no calibration");
        assertFalse(choice.named());
        assertEquals("floor: " + results.resolve("calibrate") + " (the latest calibration in " + results + "/)",
            choice.describe());
    }

    @Test
    void withoutAnyCalibrationTheChoiceSaysWhatToDo()
    {
        final FloorChoice choice = FloorChoice.of(Optional.empty(), results.resolve("missing"));

        assertTrue(choice.folder().isEmpty());
        assertEquals("floor: none (no calibration in " + results.resolve("missing") + "/: run `sonde calibrate`)",
            choice.describe());
    }

    @Test
    void runSweepAndReportTakeOneFloorOption()
    {
        assertTrue(RunSpec.OPTIONS.contains(FloorChoice.OPTION));
        assertTrue(SweepSpec.OPTIONS.contains(FloorChoice.OPTION));
        assertEquals(Optional.of(Path.of("results/floor")),
            RunSpec.builder().embedded(true).set("--floor", "results/floor").build().floor());
    }

    private void calibration(final String name, final String written) throws IOException
    {
        final Path folder = Files.createDirectories(results.resolve(name));
        final Path summary = folder.resolve(FloorReport.SUMMARY_FILE);
        Files.writeString(summary, "{\"floor\": [{\"rate\": 1000, \"corrected\": {\"p99\": 30}}]}");
        Files.setLastModifiedTime(summary, FileTime.from(Instant.parse(written)));
    }
}
