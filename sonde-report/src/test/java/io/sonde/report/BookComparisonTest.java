package io.sonde.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code report --compare} of two book runs sets their books side by side: the achieved order-to-trade ratio,
 * cancel share, depth and orders resting at the end with B ÷ A, and each action's stage with A's and B's p50 and p99
 * and the interval of each ratio, in the terminal, report.json and report.html. B's passive acks are twice as slow
 * as A's and its cancels as fast; it never replaced, so there is no replace to divide.
 */
class BookComparisonTest
{
    @TempDir
    static Path dir;

    private static ReportInput a;
    private static ReportInput b;
    private static ReportInput plain;

    @BeforeAll
    static void runs() throws Exception
    {
        a = input("A", SyntheticBookRun.write(dir.resolve("a"), 25.0, 0.8, 80, Map.of("passive-ack", 50.0,
            "aggressive-fill", 80.0, "cancel", 40.0, "replace", 45.0), 1));
        b = input("B", SyntheticBookRun.write(dir.resolve("b"), 20.0, 0.6, 60, Map.of("passive-ack", 100.0,
            "aggressive-fill", 80.0, "cancel", 40.0), 2));
        plain = input("B", SyntheticRun.write(dir.resolve("plain"), 1000, 30, 100, 50, 3));
    }

    @Test
    void theBooksFiguresStandSideBySideWithTheirRatio()
    {
        final BookComparison.Comparison comparison = BookComparison.of(a, b);

        assertNull(comparison.onlyIn());
        final List<BookComparison.Figure> figures = comparison.figures();
        assertEquals(new BookComparison.Figure("order-to-trade", 25.0, 20.0, 0.8), figures.get(0));
        assertEquals("cancel share", figures.get(1).name());
        assertEquals(0.75, figures.get(1).ratio(), 1e-9);
        assertEquals(new BookComparison.Figure("depth", 10.0, 10.0, 1.0), figures.get(2));
        assertEquals(new BookComparison.Figure("resting at the end", 80.0, 60.0, 0.75), figures.get(3));
    }

    @Test
    void eachStageBothTimedIsDividedWithTheIntervalOfItsRatio()
    {
        final List<BookComparison.Stage> stages = BookComparison.of(a, b).stages();

        assertEquals(List.of("passive-ack", "aggressive-fill", "cancel"),
            stages.stream().map(BookComparison.Stage::stage).toList(), "replace is only in A");
        final BookComparison.Stage passive = stages.get(0);
        assertTrue(passive.b().p50() > 1.8 * passive.a().p50(), passive.toString());
        assertTrue(passive.a().p99Interval().supported(), passive.a().toString());
        assertTrue(passive.a().p99Interval().lower() <= passive.a().p99() &&
            passive.a().p99() <= passive.a().p99Interval().upper(), passive.a().toString());
        assertEquals(RatioText.SLOWER, passive.ratio().intervals().get("p50").difference());
        final ReportComparison.Interval p50 = passive.ratio().intervals().get("p50");
        assertTrue(p50.lower() <= 2 && 2 <= p50.upper(), "B's passive acks are twice as slow: " + p50);
        assertEquals(RatioText.WITHIN_NOISE, stages.get(2).ratio().intervals().get("p50").difference(),
            "the cancels are as fast");
    }

    @Test
    void theTerminalPrintsTheFiguresAndEachStagesP50AndP99OfBothWithTheirRatios()
    {
        final String printed = printed(a, b);

        assertTrue(printed.contains("\n  order-to-trade      A 25        B 20        ×0.80\n"), printed);
        assertTrue(printed.contains("\n  cancel share        A 0.80      B 0.60      ×0.75\n"), printed);
        assertTrue(printed.contains("\n  resting at the end  A 80        B 60        ×0.75\n"), printed);
        assertTrue(Pattern.compile("\n  passive-ack {9}A p50 [0-9.]+µs \\([0-9.]+–[0-9.]+\\), p99 [0-9.]+µs " +
            "\\([0-9.]+–[0-9.]+\\)\n {22}B p50 [0-9.]+µs \\([0-9.]+–[0-9.]+\\), p99 [0-9.]+µs \\([0-9.]+–[0-9.]+\\)\n" +
            " {22}B ÷ A p50 ×[12]\\.[0-9]{2} \\([0-9.]+–[0-9.]+\\)  slower, beyond the noise\n {28}p99 ×")
            .matcher(printed).find(), printed);
        assertFalse(printed.contains("\n  replace "), printed);
    }

    @Test
    void aComparisonWithoutABookPrintsNothingOfIt()
    {
        assertNull(BookComparison.of(input("A", dir.resolve("plain")), plain));
        assertFalse(printed(input("A", dir.resolve("plain")), plain).contains("book"));
    }

    @Test
    void aBookAgainstAnotherFlowSaysThereIsNothingToDivide()
    {
        assertTrue(printed(a, plain).contains("\nthe book flow only in A: B ran another flow at 1000/s, so there is " +
            "no book to divide\n"), printed(a, plain));
    }

    @Test
    void theJsonAndHtmlCarryTheBooksAndTheirStages() throws Exception
    {
        final Path html = dir.resolve("compare/report.html");

        ReportFiles.write(List.of(a, b), List.of(), html);

        final JsonNode book = new ObjectMapper().readTree(ReportFiles.jsonBeside(html).toFile()).get("bookBOverA");
        assertEquals(0.8, book.get("figures").get(0).get("ratio").asDouble(), 1e-9, book.toString());
        final JsonNode passive = book.get("stages").get(0);
        assertEquals("passive-ack", passive.get("stage").asText());
        assertTrue(passive.get("a").get("p99Interval").get("upper").asDouble() > 0, passive.toString());
        assertEquals("slower", passive.get("ratio").get("intervals").get("p50").get("difference").asText());
        final String page = Files.readString(html);
        assertTrue(page.contains("<table id=\"book-comparison\">"), "the figures' table");
        assertTrue(page.contains("<tr><td class=\"text\">order-to-trade</td><td>25</td><td>20</td><td>×0.80</td>" +
            "</tr>"), page);
        assertTrue(Pattern.compile("<tr data-stage=\"passive-ack\"><td>passive-ack</td><td>p50 [0-9.]+µs " +
            "\\([0-9.]+–[0-9.]+\\)</td>").matcher(page).find(), "A's and B's figures with intervals");
        assertTrue(page.contains("<tr><td>passive-ack</td><td class=\"slower\" data-percentile=\"p50\">"),
            "the ratio's row as the run's comparison draws it");
    }

    private static String printed(final ReportInput first, final ReportInput second)
    {
        final StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text))
        {
            ReportTables.printComparison(out, first, second);
        }
        return text.toString();
    }

    private static ReportInput input(final String label, final Path folder)
    {
        return ReportInput.read(label, List.of(folder));
    }
}
