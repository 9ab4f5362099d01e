package io.sonde.report;

import io.sonde.api.RunReport;
import io.sonde.api.SweepReport;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BiConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The terminal tables of {@code sonde run} and {@code sonde sweep} print from the API's reports alone. Each folder
 * under {@code printed/} is what a run or sweep of the command line wrote, and its {@code printed.txt} is the table
 * that command printed from the engine's own records before both read one model: the same result must print the same
 * bytes from the folder, whoever reads it. {@code run-fault} and {@code run-md} were written before Sonde put
 * intervals on its percentiles (and hold no interval log): a percentile they cannot support prints what its samples
 * lack all the same; {@code run-intervals} (a 30 s run with a fault) was written with them.
 */
class PrintedTablesTest
{
    @Test
    void aRunWithAFaultPrintsItsBalanceStagesHopsFailuresFaultAndObjectives() throws Exception
    {
        assertPrinted("run-fault", (out, folder) -> RunTable.print(out, RunReport.read(folder)));
    }

    @Test
    void aRunWithIntervalsPrintsEachPercentileWithItsIntervalOrWhatItsSamplesLack() throws Exception
    {
        assertPrinted("run-intervals", (out, folder) -> RunTable.print(out, RunReport.read(folder)));
    }

    @Test
    void aRunWithMarketDataPrintsOrderToTickAndTheFeedBesideTheLifecycle() throws Exception
    {
        assertPrinted("run-md", (out, folder) -> RunTable.print(out, RunReport.read(folder)));
    }

    @Test
    void aRateSweepPrintsARowPerStepAndItsKnee() throws Exception
    {
        assertPrinted("sweep", (out, folder) -> SweepTable.print(out, SweepReport.read(folder)));
    }

    @Test
    void aSizeSweepPrintsTheLargestSizeThatMet() throws Exception
    {
        assertPrinted("sweep-size", (out, folder) -> SweepTable.print(out, SweepReport.read(folder)));
    }

    private static void assertPrinted(final String name, final BiConsumer<PrintWriter, Path> print)
        throws IOException, URISyntaxException
    {
        final Path folder = Path.of(PrintedTablesTest.class.getResource("/printed/" + name).toURI());
        final StringWriter printed = new StringWriter();
        try (PrintWriter out = new PrintWriter(printed))
        {
            print.accept(out, folder);
        }
        assertEquals(Files.readString(folder.resolve("printed.txt"), StandardCharsets.UTF_8), printed.toString());
    }
}
