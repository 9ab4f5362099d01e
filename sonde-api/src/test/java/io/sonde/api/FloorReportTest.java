package io.sonde.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A calibration's summary.json is one record both ways: what Jackson writes from a {@link FloorReport} reads back
 * equal, under the field names calibrations have always had; a calibration from before the UDP and FIX floors reads
 * without them; a folder that holds no calibration is refused naming its file.
 */
class FloorReportTest
{
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Percentiles FAST = new Percentiles(20, 30, 40, 50, 60, 70, 1000);
    private static final Percentiles SLOW = new Percentiles(90, 95, 120, 150, 160, 170, 1000);

    @TempDir
    Path dir;

    @Test
    void whatIsWrittenReadsBackEqualWithTheFileFieldNamesAndTheMetadataBeside() throws Exception
    {
        final FloorReport written = new FloorReport("loopback TCP echo", List.of(roundTrip(1_000, FAST),
            roundTrip(10_000, SLOW)), "Sonde's FIX client", List.of(roundTrip(1_000, SLOW)), "one-way loopback UDP",
            List.of(oneWay(1_000, FAST)), FAST, SLOW, FAST, selfCheck(), null);
        final ObjectNode file = JSON.valueToTree(written);
        file.putObject("metadata").put("startedAt", "2026-01-02T03:04:05Z").putArray("commandLine").add("calibrate");
        Files.writeString(dir.resolve(FloorReport.SUMMARY_FILE), file.toString());

        final FloorReport read = FloorReport.read(dir);

        assertEquals(written, read.withMetadata(null));
        assertEquals(List.of("calibrate"), read.metadata().commandLine());
        final List<String> fields = new ArrayList<>();
        JSON.valueToTree(written).fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("transport", "floor", "fixTransport", "fixFloor", "udpTransport", "udpFloor", "hiccup",
            "fixHiccup", "udpHiccup", "selfCheck"), fields, "the metadata is written beside the report, not by it");
        final List<String> checkFields = new ArrayList<>();
        file.get("selfCheck").fieldNames().forEachRemaining(checkFields::add);
        assertEquals(List.of("stall", "rate", "window", "host", "series", "measured", "base", "hiccupMax", "figures",
            "tolerance", "passed"), checkFields);
        final List<String> figureFields = new ArrayList<>();
        file.get("selfCheck").get("figures").get(0).fieldNames().forEachRemaining(figureFields::add);
        assertEquals(List.of("percentile", "truth", "measured", "error", "lower", "upper", "truthInside",
            "shortfall"), figureFields);
        final JsonNode udp = file.get("udpFloor").get(0);
        final List<String> udpFields = new ArrayList<>();
        udp.fieldNames().forEachRemaining(udpFields::add);
        assertEquals(List.of("rate", "achievedRate", "sent", "acknowledged", "timedOut", "corrected", "uncorrected",
            "lateness", "intervalLog", "mean", "uncorrectedMean", "lost", "outOfOrder"), udpFields);
        assertEquals(List.of("p50", "p90", "p99", "p99_9", "p99_99", "max", "count"),
            List.copyOf(JSON.convertValue(udp.get("corrected"), java.util.Map.class).keySet()));
    }

    @Test
    void aCalibrationFromBeforeTheUdpAndFixFloorsReadsWithoutThemAndLooksUpTheNearestRate() throws Exception
    {
        Files.writeString(dir.resolve(FloorReport.SUMMARY_FILE), "{\"kind\": \"calibrate\", \"sent\": 10, " +
            "\"transport\": \"loopback TCP echo\", \"floor\": [" + entry(10_000, 40) + "," + entry(1_000, 30) + "]}");

        final FloorReport floor = FloorReport.read(dir);

        assertEquals(30, floor.nearest(2_000).orElseThrow().corrected().p99());
        assertEquals(40, floor.nearest(5_000).orElseThrow().corrected().p99(), "5k is nearer 10k than 1k is");
        assertTrue(floor.fixFloor().isEmpty() && floor.udpFloor().isEmpty());
        assertTrue(floor.nearestFix(1_000).isEmpty() && floor.nearestUdp(1_000).isEmpty());
        assertNull(floor.fixTransport());
        assertNull(floor.selfCheck(), "a calibration from before the self-check has none");
        assertNull(floor.metadata());
    }

    private static SelfCheck selfCheck()
    {
        return new SelfCheck("50ms/1s", 1_000, 8, "host-a", "corrected", SLOW, 90, 250, List.of(
            new SelfCheck.Figure("p99", 39_680, 39_700, 0.0005, 39_690.0, 39_720.0, true, ""),
            new SelfCheck.Figure("max", 49_590, 49_600, 0.0002, null, null, null, "max: no interval")), 0.05, true);
    }

    @Test
    void aStepThatSentLessThanItsRateDidNotKeepUp()
    {
        assertTrue(new FloorReport.RoundTrip(1_000, 990, 0, 0, 0, FAST, FAST, FAST, "").keptUp());
        assertFalse(new FloorReport.RoundTrip(1_000, 989, 0, 0, 0, FAST, FAST, FAST, "").keptUp());
    }

    @Test
    void aFolderWithoutACalibrationIsRefusedNamingTheFile() throws Exception
    {
        final Path file = dir.resolve(FloorReport.SUMMARY_FILE);
        assertThrows(IllegalArgumentException.class, () -> FloorReport.read(dir));

        Files.writeString(file, "{\"kind\": \"run\"}");
        final String noFloor = assertThrows(IllegalArgumentException.class, () -> FloorReport.read(dir)).getMessage();
        assertEquals(file + " is not a calibrate summary (no 'floor' list)", noFloor);

        Files.writeString(file, "{\"floor\": [], \"udpFloor\": [{\"rate\": 1000}]}");
        final String noPercentiles = assertThrows(IllegalArgumentException.class, () -> FloorReport.read(dir))
            .getMessage();
        assertTrue(noPercentiles.startsWith(file + ": a udpFloor entry lacks its rate or corrected percentiles"),
            noPercentiles);
    }

    private static FloorReport.RoundTrip roundTrip(final double rate, final Percentiles corrected)
    {
        return new FloorReport.RoundTrip(rate, rate, 1000, 1000, 0, corrected, corrected, FAST,
            "floor-" + (long)rate + ".hlog");
    }

    private static FloorReport.OneWay oneWay(final double rate, final Percentiles corrected)
    {
        return new FloorReport.OneWay(rate, rate, 1000, 1000, 0, corrected, corrected, FAST,
            "udp-floor-" + (long)rate + ".hlog", 21.5, 20.5, 2, 0);
    }

    private static String entry(final double rate, final double p99)
    {
        return "{\"rate\": " + rate + ", \"corrected\": {\"p50\": 1, \"p90\": 2, \"p99\": " + p99 +
            ", \"p99_9\": 100, \"p99_99\": 200, \"max\": 300, \"count\": 1000}}";
    }
}
