package io.sonde.scenarios.calibrate;

import com.fasterxml.jackson.databind.JsonNode;
import io.sonde.api.Percentiles;
import io.sonde.loadgen.result.SummaryJson;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A floor step that could not send its rate measured its own backlog: the table says so and gives it no ratio.
 * The UDP floor stands beside the TCP round trip at each rate, with its mean, and says what it lost.
 */
class FloorTableTest
{
    private static final Percentiles FAST = new Percentiles(20, 30, 40, 50, 60, 70, 1000);
    private static final Percentiles QUEUED = new Percentiles(1_350_000, 2e6, 3e6, 3e6, 3e6, 3e6, 1000);

    @Test
    void aFixFloorStepThatFellBehindIsNamedAndGivesNoRatioToTcp()
    {
        final List<FloorEntry> tcp = List.of(entry(10_000, 10_000, FAST), entry(100_000, 99_950, FAST));
        final List<FloorEntry> fix = List.of(entry(10_000, 9_990, FAST), entry(100_000, 67_000, QUEUED));
        final StringWriter out = new StringWriter();

        FloorTable.printFix(new PrintWriter(out, true), "1 session", fix, tcp, FAST);

        final String table = out.toString();
        assertTrue(table.contains("WARNING: Sonde's FIX floor fell behind at 100000/s (sent 67000/s)"), table);
        assertTrue(table.contains("behind"), table);
        assertFalse(table.contains("67500.0"), "no ratio for a step that measured its queue: " + table);
        assertFalse(table.contains("fell behind at 10000/s"), table);
    }

    @Test
    void theHostsFloorWarnsOfAStepBehindToo()
    {
        final StringWriter out = new StringWriter();

        FloorTable.print(new PrintWriter(out, true), List.of(entry(200_000, 150_000, QUEUED)), FAST);

        assertTrue(out.toString().contains("WARNING: the host's floor fell behind at 200000/s (sent 150000/s)"),
            out.toString());
    }

    @Test
    void theUdpFloorIsPrintedBesideTheTcpRoundTripWithItsMeanPercentilesAndLoss()
    {
        final Percentiles tcpRtt = new Percentiles(31, 35, 47, 60, 70, 90, 1000);
        final Percentiles oneWay = new Percentiles(11, 13, 17, 23, 29, 41, 1000);
        final List<UdpFloorEntry> udp = List.of(new UdpFloorEntry(entry(10_000, 10_000, oneWay), 12.5, 9.5, 0, 0));
        final StringWriter out = new StringWriter();

        FloorTable.printUdp(new PrintWriter(out, true), "one-way loopback UDP", udp,
            List.of(entry(10_000, 10_000, tcpRtt)), FAST);

        final String table = out.toString();
        assertTrue(table.contains("UDP floor: one-way loopback UDP"), table);
        final String row = table.lines().filter(line -> line.trim().startsWith("10000")).findFirst().orElseThrow();
        final List<String> columns = List.of(row.trim().split("[\\s|]+"));
        assertEquals(List.of("10000", "10000", "31.0µs", "47.0µs", "one-way", "12.5µs", "11.0µs", "17.0µs",
            "23.0µs", "41.0µs", "1000", "0"), columns,
            "rate, achieved, TCP p50 and p99, then UDP mean, p50, p99, p99.9, max, count, lost: " + table);
        assertFalse(table.contains("WARNING"), table);
    }

    @Test
    void aUdpStepThatLostDatagramsOrFellBehindIsNamed()
    {
        final List<UdpFloorEntry> udp = List.of(
            new UdpFloorEntry(entry(10_000, 10_000, FAST), 25, 25, 3, 1),
            new UdpFloorEntry(entry(200_000, 150_000, QUEUED), 1e6, 1e6, 0, 0));
        final StringWriter out = new StringWriter();

        FloorTable.printUdp(new PrintWriter(out, true), "one-way loopback UDP", udp, List.of(), FAST);

        final String table = out.toString();
        assertTrue(table.contains("WARNING: the UDP floor lost 3 datagram(s) at 10000/s, 1 out of order"), table);
        assertTrue(table.contains("WARNING: the UDP floor fell behind at 200000/s (sent 150000/s)"), table);
        assertFalse(table.contains("lost 0"), table);
    }

    @Test
    void aUdpEntryInTheSummaryHasTheShapeOfAFloorEntryPlusItsMeansAndLoss()
    {
        final UdpFloorEntry udp = new UdpFloorEntry(entry(1_000, 1_000, FAST), 21.5, 20.5, 2, 0);

        final JsonNode json = SummaryJson.mapper().valueToTree(udp);
        final JsonNode tcp = SummaryJson.mapper().valueToTree(udp.floor());

        tcp.fieldNames().forEachRemaining(field -> assertEquals(tcp.get(field), json.get(field), field));
        assertEquals(21.5, json.get("mean").asDouble());
        assertEquals(20.5, json.get("uncorrectedMean").asDouble());
        assertEquals(2, json.get("lost").asLong());
        assertEquals(0, json.get("outOfOrder").asLong());
        assertFalse(json.has("floor"), "the floor's fields stand at the entry's top level: " + json);
    }

    private static FloorEntry entry(final double rate, final double achieved, final Percentiles corrected)
    {
        return new FloorEntry(rate, achieved, 1000, 1000, 0, corrected, corrected, FAST, "floor.hlog");
    }
}
