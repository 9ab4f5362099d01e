package io.sonde.loadgen.record;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run's hops by latency survive its folder, and two generators' files add up to what one generator recording
 * both would have held.
 */
class HopsByLatencyCsvTest
{
    private static final List<String> NAMES = List.of("send", "wire", "venue");

    @TempDir
    Path dir;

    @Test
    void whatIsWrittenIsReadBack()
    {
        final HopsByLatency written = recorded(1_000, 20_000, 2_000_000);

        HopsByLatencyCsv.write(dir.resolve("a.csv"), NAMES, written);
        final HopsByLatencyCsv.Loaded read = HopsByLatencyCsv.read(dir.resolve("a.csv"));

        assertEquals(NAMES, read.hopNames());
        assertEquals(written.requests(), read.byLatency().requests());
        assertArrayEquals(written.at(50).meanHopNanos(), read.byLatency().at(50).meanHopNanos());
        assertArrayEquals(written.at(99.9).meanHopNanos(), read.byLatency().at(99.9).meanHopNanos());
    }

    @Test
    void twoGeneratorsFilesAddUpToOneRecordingOfBoth()
    {
        HopsByLatencyCsv.write(dir.resolve("a.csv"), NAMES, recorded(1_000, 20_000, 0));
        HopsByLatencyCsv.write(dir.resolve("b.csv"), NAMES, recorded(1_000, 0, 2_000_000));
        final HopsByLatency both = recorded(2_000, 20_000, 2_000_000);

        final HopsByLatency merged = HopsByLatencyCsv.read(dir.resolve("a.csv")).byLatency();
        HopsByLatencyCsv.read(dir.resolve("b.csv")).byLatency().forEachBand(merged::addBand);

        assertEquals(both.requests(), merged.requests());
        assertArrayEquals(both.at(50).meanHopNanos(), merged.at(50).meanHopNanos());
        assertArrayEquals(both.at(99).meanHopNanos(), merged.at(99).meanHopNanos());
    }

    @Test
    void aFileThatIsNotOneNamesWhatIsWrong() throws Exception
    {
        Files.writeString(dir.resolve("bad.csv"), "band_lowest_ns,requests,send\n1000,2\n");

        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> HopsByLatencyCsv.read(dir.resolve("bad.csv")));

        assertTrue(error.getMessage().contains("bad.csv") && error.getMessage().contains("'1000,2'"),
            error.getMessage());
    }

    /**
     * Requests of 10 us split evenly, then some of {@code slowWire} and of {@code slowVenue} nanoseconds.
     */
    private static HopsByLatency recorded(final int fast, final long slowWire, final long slowVenue)
    {
        final HopsByLatency byLatency = new HopsByLatency(NAMES.size());
        for (int i = 0; i < fast; i++)
        {
            add(byLatency, 4_000, 3_000, 3_000);
        }
        for (int i = 0; i < 10; i++)
        {
            if (slowWire > 0)
            {
                add(byLatency, 4_000, slowWire, 3_000);
            }
            if (slowVenue > 0)
            {
                add(byLatency, 4_000, 3_000, slowVenue);
            }
        }
        return byLatency;
    }

    private static void add(final HopsByLatency byLatency, final long send, final long wire, final long venue)
    {
        final int band = byLatency.request(send + wire + venue);
        byLatency.hop(band, 0, send);
        byLatency.hop(band, 1, wire);
        byLatency.hop(band, 2, venue);
    }
}
