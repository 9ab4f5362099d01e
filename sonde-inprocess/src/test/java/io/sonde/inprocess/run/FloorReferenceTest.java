package io.sonde.inprocess.run;

import io.sonde.api.FloorReport;
import io.sonde.api.InvalidOptionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A calibrate folder gives the TCP floor and, when it has them, Sonde's FIX floor and the one-way UDP floor, each
 * by nearest rate; a folder from before calibrate measured the FIX or UDP floor still reads, without it.
 */
@Timeout(10)
class FloorReferenceTest
{
    @Test
    void bothFloorsAreLookedUpAtTheNearestRate(@TempDir final Path dir) throws Exception
    {
        Files.writeString(dir.resolve("summary.json"), "{\"floor\": [" + entry(10_000, 40) + "," + entry(1_000, 30) +
            "], \"fixFloor\": [" + entry(1_000, 90) + "," + entry(10_000, 120) + "]}");

        final FloorReference floor = FloorReference.read(dir);

        assertEquals(30, floor.nearest(2_000).corrected().p99());
        assertEquals(40, floor.nearest(5_000).corrected().p99(), "5k is nearer 10k than 1k on a log scale");
        assertEquals(90, floor.nearestFix(2_000).corrected().p99());
        assertEquals(10_000, floor.nearestFix(50_000).rate());
    }

    @Test
    void theUdpFloorIsLookedUpAtTheNearestRateForItsP50AndP99(@TempDir final Path dir) throws Exception
    {
        Files.writeString(dir.resolve("summary.json"), "{\"floor\": [" + entry(1_000, 30) + "], \"udpFloor\": [" +
            entry(100_000, 25) + "," + entry(1_000, 12) + "]}");

        final FloorReport floor = FloorReference.read(dir).report();

        assertEquals(12, floor.nearestUdp(2_000).orElseThrow().corrected().p99());
        assertEquals(1, floor.nearestUdp(2_000).orElseThrow().corrected().p50());
        assertEquals(100_000, floor.nearestUdp(60_000).orElseThrow().rate());
        assertEquals(List.of(100_000.0, 1_000.0), floor.udpFloor().stream().map(FloorReport.OneWay::rate).toList(),
            "in the file's order");
    }

    @Test
    void aFolderWithoutAFixFloorHasNoneAndIsNoError(@TempDir final Path dir) throws Exception
    {
        Files.writeString(dir.resolve("summary.json"), "{\"floor\": [" + entry(1_000, 30) + "]}");

        final FloorReference floor = FloorReference.read(dir);

        assertEquals(30, floor.nearest(1_000).corrected().p99());
        assertTrue(floor.report().fixFloor().isEmpty());
        assertNull(floor.nearestFix(1_000));
        assertTrue(floor.report().nearestUdp(1_000).isEmpty(), "nor a UDP floor");
    }

    @Test
    void anEmptyFixFloorFromNoFixIsNone(@TempDir final Path dir) throws Exception
    {
        Files.writeString(dir.resolve("summary.json"), "{\"floor\": [" + entry(1_000, 30) + "], \"fixTransport\": " +
            "null, \"fixFloor\": []}");

        assertNull(FloorReference.read(dir).nearestFix(1_000));
    }

    @Test
    void aFolderWithoutACalibrationIsAUsageErrorNamingIt(@TempDir final Path dir) throws Exception
    {
        final String missing = assertThrows(InvalidOptionException.class, () -> FloorReference.read(dir))
            .getMessage();
        assertTrue(missing.startsWith("--floor " + dir + ": no summary.json there"), missing);

        Files.writeString(dir.resolve("summary.json"), "{\"kind\": \"run\"}");
        final String notACalibration = assertThrows(InvalidOptionException.class, () -> FloorReference.read(dir))
            .getMessage();
        assertTrue(notACalibration.contains("is not a calibrate summary"), notACalibration);
    }

    private static String entry(final double rate, final double p99)
    {
        return "{\"rate\": " + rate + ", \"corrected\": {\"p50\": 1, \"p90\": 2, \"p99\": " + p99 +
            ", \"p99_9\": 100, \"p99_99\": 200, \"max\": 300, \"count\": 1000}}";
    }
}
