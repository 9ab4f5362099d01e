package io.sonde.report;

import io.sonde.api.RunReport;
import io.sonde.api.TickToTradeSummary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A market run's folder in {@code sonde report}: read as a market's, its table and its tick-to-trade section in
 * report.html naming tick-to-trade, and never merged or compared with a FIX run, whose latency is another thing.
 */
class TickToTradeReportTest
{
    @TempDir
    static Path dir;

    private static Path market;
    private static Path run;

    @BeforeAll
    static void folders() throws Exception
    {
        market = SyntheticRun.write(dir.resolve("market"), 1000, 5, 40, 10, 1);
        final Path summary = market.resolve(RunReport.SUMMARY_FILE);
        Files.writeString(summary, Files.readString(summary).replace("\"kind\": \"run\"", "\"kind\": \"market\""));
        TickToTradeSummary.addTo(summary, TickToTradeLinesTest.tickToTrade(58, List.of("ClOrdID X17: tag 58 absent"),
            null));
        run = SyntheticRun.write(dir.resolve("run"), 1000, 5, 40, 10, 2);
    }

    @Test
    void aMarketFolderIsReadAsAMarketsWithItsTickToTrade()
    {
        final ReportInput input = ReportInput.read("market", List.of(market));

        assertEquals(ReportInput.MARKET, input.kind());
        assertEquals(1, input.rows().size());
        assertEquals(30_000, input.rows().get(0).tickToTrades().get(0).triggers());
        assertEquals(List.of(), ReportInput.read("run", List.of(run)).rows().get(0).tickToTrades());
    }

    @Test
    void itsReportHasATickToTradeSectionAndAFixRunsHasNone()
    {
        final StringBuilder html = new StringBuilder();
        TickToTradeSection.appendHtml(html, ReportInput.read("market", List.of(market)), "k");

        assertTrue(html.toString().contains("<table id=\"tick-to-trade-k\">"), html.toString());
        assertTrue(html.toString().contains("ClOrdID X17: tag 58 absent"), html.toString());
        assertTrue(html.toString().contains("echo in tag 58"), html.toString());

        final StringBuilder none = new StringBuilder();
        TickToTradeSection.appendHtml(none, ReportInput.read("run", List.of(run)), "k");
        assertEquals("", none.toString());
    }

    @Test
    void itsTableCountsTriggersAndNamesItsLatencyTickToTrade()
    {
        final StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text))
        {
            RunTable.print(out, RunReport.read(market));
        }

        final List<String> lines = text.toString().lines().toList();
        assertEquals("triggers 5000 = answered 5000 + missed 0 + awaited 0; events target 1000/s, achieved 1000/s",
            lines.get(1));
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("tick-to-trade corr. ")), text.toString());
        assertTrue(lines.stream().anyMatch(line -> line.startsWith("trigger lateness ")), text.toString());
        assertTrue(lines.stream().noneMatch(line -> line.startsWith("lifecycle")), text.toString());
    }

    @Test
    void itsWholeReportIsWrittenWithItsTickToTradeSection() throws Exception
    {
        final Path html = dir.resolve("report.html");
        ReportFiles.write(List.of(ReportInput.read("market", List.of(market))), List.of(), html);

        assertTrue(Files.readString(html).contains("<h3>Tick-to-trade</h3>"), "report.html holds the section");
    }

    @Test
    void sondeReportPrintsItsTickToTradeLinesUnderItsTable()
    {
        final StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text))
        {
            ReportTables.print(out, ReportInput.read("market", List.of(market)));
        }

        assertTrue(text.toString().contains("\nmarket (market)\n"), text.toString());
        assertTrue(text.toString().contains("tick-to-trade: 1 trigger in 10 events at 10k events/s"), text.toString());
    }

    @Test
    void aMarketRunIsNeitherMergedNorComparedWithAFixRun()
    {
        final ReportException merged = assertThrows(ReportException.class,
            () -> ReportInput.read("both", List.of(market, run)));
        assertTrue(merged.getMessage().contains("is a market run and"), merged.getMessage());

        final ReportException compared = assertThrows(ReportException.class, () -> ReportComparison.ratios(
            ReportInput.read("A", List.of(run)), ReportInput.read("B", List.of(market))));
        assertEquals("B is a market's (its latency is tick-to-trade) and A is not: compare a market run or sweep " +
            "only with another", compared.getMessage());
        assertEquals(1, ReportComparison.ratios(ReportInput.read("A", List.of(market)),
            ReportInput.read("B", List.of(market))).size());
    }
}
