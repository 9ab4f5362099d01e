package io.sonde.report;

import io.sonde.api.BookReport;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BookLinesTest
{
    @Test
    void theTerminalSetsWhatWasAchievedAgainstTheTargetsAndHowTheBookWasLeft()
    {
        final BookReport book = new BookReport(10, 80, 84, 25, 0.8, 25.0, 0.79, 1289, 100, 1111, 0, 100, 1103, 0,
            552, new BookReport.CloseOut("one-by-one", 89, 89, 0, 0), List.of(80, 90, 0), List.of());

        assertEquals("""
            book: depth 10 a side (80 orders resting when built, 84 when measuring began); order-to-trade 25.0 \
            (target 25); cancel share 0.79 (target 0.8)
              sent 1,289 passive, 100 aggressive, 1,111 cancels, 0 replaces: 100 trades, 1,103 cancels and 0 \
            replaces confirmed, 552 fills of resting orders
              at the end 89 orders rested: 89 cancelled (one-by-one), 0 refused, 0 left
            """, printed(book));
    }

    @Test
    void noTradeReadsAsSuchAndEveryWarningGetsALineOfItsOwn()
    {
        final BookReport book = new BookReport(5, 20, 20, 25, 0.8, null, 0.8, 500, 40, 400, 0, 0, 400, 0, 0,
            new BookReport.CloseOut("one-by-one", 60, 60, 0, 0), List.of(), List.of("no trade: because"));

        final String printed = printed(book);

        assertTrue(printed.contains("order-to-trade none: no trade (target 25)"), printed);
        assertTrue(printed.endsWith("WARNING book: no trade: because\n"), printed);
    }

    @Test
    void theReportPlotsTheRestingOrdersOfEachSecond()
    {
        final BookReport book = new BookReport(10, 80, 84, 25, 0.8, 25.0, 0.79, 1, 1, 1, 0, 1, 1, 0, 0,
            new BookReport.CloseOut("one-by-one", 1, 1, 0, 0), List.of(80, 95, 0), List.of());

        final String svg = BookSection.restingOverTime(book, "run").render();

        assertTrue(svg.contains("id=\"book-resting-run\""), svg);
        assertTrue(svg.contains("resting orders"), svg);
    }

    private static String printed(final BookReport book)
    {
        final StringWriter text = new StringWriter();
        final PrintWriter console = new PrintWriter(text);
        BookLines.print(console, book);
        console.flush();
        return text.toString().replace(System.lineSeparator(), "\n");
    }
}
