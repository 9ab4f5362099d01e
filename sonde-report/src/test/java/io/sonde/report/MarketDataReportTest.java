package io.sonde.report;

import io.sonde.loadgen.record.IntervalLog;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs that read market data ({@code --market-data}): what their reports show of order-to-tick and the feed, and
 * that a run without market data shows nothing of it.
 */
class MarketDataReportTest
{
    private static final String MEASURED = "\"marketData\": {\"source\": \"udp://127.0.0.1:4000\", " +
        "\"unavailable\": null, \"expected\": 3000, \"seen\": 2997, \"messages\": 4100, " +
        "\"messagesPerSecond\": 1366.7, \"gaps\": 2, \"recovered\": 1, \"unmatched\": 5, \"missing\": 3, " +
        "\"missingOrders\": [\"17\", \"18\", \"19\"]}";
    private static final String UNAVAILABLE = "\"marketData\": {\"source\": \"fix\", \"unavailable\": " +
        "\"the venue's feed carries no order IDs\", \"expected\": 0, \"seen\": 0, \"messages\": 0, \"gaps\": 0, " +
        "\"missing\": 0, \"missingOrders\": []}";

    @TempDir
    Path dir;

    @Test
    void orderToTickIsPlottedOverTimeBesideOrderToAckAndTabledWithTheFeedsHopsAndCounts()
    {
        final ReportInput input = ReportInput.read("A", List.of(run("measured", MEASURED, 2)));

        final String html = HtmlReport.render(List.of(input), List.of());

        final String overTime = html.substring(html.indexOf("<svg class=\"plot\" id=\"time-"));
        final String plot = overTime.substring(0, overTime.indexOf("</svg>"));
        assertTrue(plot.contains("data-name=\"corrected p99\"") && plot.contains("data-name=\"order-to-tick p99\""),
            "order-to-tick on order-to-ack's time axis: " + plot);
        assertTrue(plot.contains(">order-to-tick p99</text>"), "with its own legend entry");
        assertTrue(html.contains("<tr data-series=\"order-to-tick\"><td class=\"text\">order-to-tick</td>" +
            "<td class=\"p50\">"), html);
        assertFalse(html.contains("data-series=\"cancel-to-tick\""), "cancel-to-tick only when counted");
        assertTrue(html.contains("<tr data-hop=\"publish\">") && html.contains("<tr data-hop=\"wire\">"), html);
        assertTrue(html.contains("<td class=\"expected\">3000</td><td class=\"seen\">2997</td><td>1367</td>" +
            "<td class=\"gaps\">2</td><td>1</td><td>5</td><td class=\"missing\">3</td>"), html);
    }

    @Test
    void aRunWithoutMarketDataShowsNothingOfIt()
    {
        final ReportInput input = ReportInput.read("A", List.of(run("plain", null, 1)));

        final String html = HtmlReport.render(List.of(input), List.of());
        final String terminal = terminal(input);

        assertFalse(html.contains("order-to-tick") || html.contains("market-data") || html.contains("UDP"), html);
        assertFalse(terminal.contains("market data") || terminal.contains("order-to-tick"), terminal);
    }

    @Test
    void aRunWhoseFeedCouldNotBeTimedSaysWhyAndShowsNoZeros()
    {
        final ReportInput input = ReportInput.read("A", List.of(run("unavailable", UNAVAILABLE, 1)));

        final String html = HtmlReport.render(List.of(input), List.of());
        final String terminal = terminal(input);

        assertTrue(html.contains("Order-to-tick was not measured: fix: the venue's feed carries no order IDs"), html);
        assertFalse(html.contains("market-data-counts") || html.contains("data-series=\"order-to-tick\""), html);
        assertTrue(terminal.contains("market data at 1000/s: order-to-tick unavailable (fix: the venue's feed " +
            "carries no order IDs)"), terminal);
        assertFalse(terminal.contains("p50÷UDP"), "no table of zeros: " + terminal);
    }

    @Test
    void theTerminalPrintsTheTickSeriesTheFeedsHopsAndItsCounts()
    {
        final String terminal = terminal(ReportInput.read("A", List.of(run("measured", MEASURED, 2))));

        assertTrue(terminal.contains("market data at 1000/s: udp://127.0.0.1:4000, 2997 of 3000 measured orders on " +
            "the book seen, 4100 messages (1367/s), 2 gaps (1 recovered), 5 others' events, 3 missing (warm-up " +
            "included)"), terminal);
        assertTrue(terminal.matches("(?s).*\\n  order-to-tick +[0-9.]+(µs|ms) .* 3000 +- +-\\n.*"), terminal);
        assertTrue(terminal.matches("(?s).*\\n  feed publish +[0-9.]+(µs|ms) .*\\n  feed wire +.*"), terminal);
    }

    @Test
    void aComparisonDividesOrderToTickWhenBothHaveItAndSaysSoWhenOnlyOneDoes()
    {
        final ReportInput withTicks = ReportInput.read("A", List.of(run("measured", MEASURED, 2)));
        final ReportInput slower = ReportInput.read("B", List.of(run("slower", MEASURED, 4)));
        final ReportInput without = ReportInput.read("B", List.of(run("plain", null, 1)));

        final String both = comparison(withTicks, slower);
        final String one = comparison(withTicks, without);

        assertTrue(both.contains("\norder-to-tick\n  p50     A: p50: 3 intervals make 3 blocks of 1, needs ≥ 10 " +
            "blocks; B: p50: 3 intervals make 3 blocks of 1, needs ≥ 10 blocks\n"), "three seconds are too few " +
            "blocks for an interval, and say so: " + both);
        assertTrue(both.matches("(?s).*\\norder-to-tick\\n.*\\n  max     ×(1\\.9[89]|2\\.0[01]) \\(no interval for " +
            "max\\)\\n.*"), "B's ticks twice as slow: " + both);
        assertTrue(one.contains("\norder-to-tick only in A: B measured none at 1000/s, so there is nothing to " +
            "divide\n"), one);
        assertTrue(HtmlReport.render(List.of(withTicks, without), List.of()).contains("id=\"tick-comparison-note\""));
        assertTrue(HtmlReport.render(List.of(withTicks, slower), List.of()).contains("id=\"tick-comparison\""));
    }

    @Test
    void orderToTickIsDividedByTheUdpFloorAtTheNearestRate() throws Exception
    {
        final Path floor = Files.createDirectories(dir.resolve("calibrate"));
        Files.writeString(floor.resolve("summary.json"), "{\"floor\": [], \"udpFloor\": [" +
            "{\"rate\": 100, \"corrected\": {\"p50\": 1, \"p99\": 1}}, " +
            "{\"rate\": 2000, \"corrected\": {\"p50\": 10, \"p99\": 40}}]}");
        final ReportRow row = row(MEASURED, 2);

        row.floor(ReportInput.readFloor(floor));

        final MarketDataSection.Line tick = MarketDataSection.lines(row).get(0);
        assertEquals("order-to-tick", tick.name());
        assertEquals(tick.percentiles().p50() / 10, tick.p50OverFloor(), 1e-9, "2000/s is nearer 1000/s than 100/s");
        assertEquals(tick.percentiles().p99() / 40, tick.p99OverFloor(), 1e-9);
        assertTrue(Double.isNaN(MarketDataSection.lines(row).get(1).p99OverFloor()), "a feed hop is not divided");
    }

    @Test
    void cancelAndReplaceToTickAreDividedByTheUdpFloorAsOrderToTickIs() throws Exception
    {
        final Path floor = Files.createDirectories(dir.resolve("calibrate-follow-ups"));
        Files.writeString(floor.resolve("summary.json"), "{\"floor\": [], \"udpFloor\": [" +
            "{\"rate\": 1000, \"corrected\": {\"p50\": 10, \"p99\": 40}}]}");
        final ReportRow row = ReportInput.read("A", List.of(run("follow-ups", MEASURED, 2,
            List.of("order-to-tick", "cancel-to-tick", "replace-to-tick")))).rows().get(0);

        row.floor(ReportInput.readFloor(floor));

        final List<MarketDataSection.Line> lines = MarketDataSection.lines(row);
        assertEquals(List.of("order-to-tick", "cancel-to-tick", "replace-to-tick"),
            lines.subList(0, 3).stream().map(MarketDataSection.Line::name).toList());
        for (final MarketDataSection.Line tick : lines.subList(0, 3))
        {
            assertEquals(tick.percentiles().p50() / 10, tick.p50OverFloor(), 1e-9, tick.name());
            assertEquals(tick.percentiles().p99() / 40, tick.p99OverFloor(), 1e-9, tick.name());
        }
    }

    @Test
    void aFloorWithoutAUdpFloorSaysSoOnce() throws Exception
    {
        final Path floor = Files.createDirectories(dir.resolve("old-calibrate"));
        Files.writeString(floor.resolve("summary.json"), "{\"floor\": [{\"rate\": 1000, \"corrected\": {}}]}");
        final ReportRow row = row(MEASURED, 2);
        row.floor(ReportInput.readFloor(floor));
        final ReportInput input = new ReportInput("A", List.of(row, row), null, java.util.Map.of(), ReportInput.SWEEP);

        final String terminal = terminal(input);

        assertEquals(1, terminal.split(MarketDataSection.NO_UDP_FLOOR, -1).length - 1, terminal);
        assertTrue(HtmlReport.render(List.of(input), List.of()).contains(MarketDataSection.NO_UDP_FLOOR));
        assertNull(ReportInput.readFloor(dir.resolve("no-calibration-here")), "a floor no longer there is none");
    }

    @Test
    void aUdpFloorEntryWithoutItsPercentilesIsNamed() throws Exception
    {
        final Path floor = Files.createDirectories(dir.resolve("bad-calibrate"));
        Files.writeString(floor.resolve("summary.json"), "{\"floor\": [], \"udpFloor\": [{\"rate\": 1000}]}");

        final ReportException error = org.junit.jupiter.api.Assertions.assertThrows(ReportException.class,
            () -> ReportInput.readFloor(floor));

        assertTrue(error.getMessage().contains(floor.resolve("summary.json") + ": a udpFloor entry lacks"),
            error.getMessage());
    }

    private ReportRow row(final String marketData, final int scale)
    {
        final ReportInput input = ReportInput.read("A", List.of(run("row-" + scale, marketData, scale)));
        return input.rows().get(0);
    }

    /**
     * A run folder at 1000/s: three one-second intervals of order-to-ack and, with market data, order-to-tick
     * ({@code scale} times slower than a base) and the feed's hops.
     *
     * @param marketData the summary's {@code marketData} member, or null for a run without.
     */
    private Path run(final String name, final String marketData, final int scale)
    {
        return run(name, marketData, scale, List.of("order-to-tick"));
    }

    /**
     * @param tickSeries the tick series the run counted, each {@code scale} times slower than a base.
     */
    private Path run(final String name, final String marketData, final int scale, final List<String> tickSeries)
    {
        final Path folder = dir.resolve(name);
        try
        {
            Files.createDirectories(folder);
            Files.writeString(folder.resolve("summary.json"), "{\"kind\": \"run\", \"targetRate\": 1000, " +
                "\"achievedRate\": 1000, \"sent\": 3000, \"acknowledged\": 3000, \"intervalLogs\": [\"run.hlog\"]" +
                (marketData == null ? "" : ", " + marketData) + "}");
        }
        catch (final java.io.IOException ex)
        {
            throw new java.io.UncheckedIOException(ex);
        }
        final long startMs = 1_800_000_000_000L;
        try (IntervalLog log = new IntervalLog(folder.resolve("run.hlog"), startMs, name))
        {
            for (int i = 0; i < 3; i++)
            {
                log.write(interval("corrected", startMs, i, 20_000));
                log.write(interval("new-ack.corrected", startMs, i, 20_000));
                if (marketData != null)
                {
                    for (final String series : tickSeries)
                    {
                        log.write(interval(series + ".corrected", startMs, i, 30_000L * scale));
                    }
                    log.write(interval("feed-hop.publish", startMs, i, 5_000));
                    log.write(interval("feed-hop.wire", startMs, i, 2_000));
                }
            }
        }
        return folder;
    }

    private static Histogram interval(final String tag, final long startMs, final int index, final long nanos)
    {
        final Histogram histogram = new Histogram(3);
        histogram.setTag(tag);
        histogram.setStartTimeStamp(startMs + index * 1000L);
        histogram.setEndTimeStamp(startMs + (index + 1) * 1000L);
        for (int n = 0; n < 1000; n++)
        {
            histogram.recordValue(nanos + nanos * n / 1000);
        }
        return histogram;
    }

    private static String terminal(final ReportInput input)
    {
        final StringWriter text = new StringWriter();
        final PrintWriter out = new PrintWriter(text);
        ReportTables.print(out, input);
        out.flush();
        return text.toString();
    }

    private static String comparison(final ReportInput a, final ReportInput b)
    {
        final StringWriter text = new StringWriter();
        final PrintWriter out = new PrintWriter(text);
        ReportTables.printComparison(out, a, b);
        out.flush();
        return text.toString();
    }
}
