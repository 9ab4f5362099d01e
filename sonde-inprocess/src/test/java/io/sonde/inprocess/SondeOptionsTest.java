package io.sonde.inprocess;

import io.sonde.api.Check;
import io.sonde.api.RunOptions;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the command line adds to a spec is open to a run in a test's JVM through {@link RunOptions}: a stop (here as
 * soon as the measurement has begun), the output folder before anything connects, and the JUnit report of the checks.
 */
@Timeout(120)
class SondeOptionsTest
{
    @Test
    void aStoppedRunIsCutShortAndItsChecksGoToTheJUnitReportAsTheCommandLineWritesThem(@TempDir final Path dir)
        throws Exception
    {
        final Path out = dir.resolve("run");
        final Path junit = dir.resolve("junit.xml");
        final List<Path> folders = new ArrayList<>();
        final CompletableFuture<Void> stop = new CompletableFuture<>();
        final StringWriter console = new StringWriter()
        {
            public void write(final String text, final int offset, final int length)
            {
                super.write(text, offset, length);
                if (getBuffer().indexOf(" measure ") >= 0)
                {
                    stop.complete(null);
                }
            }
        };

        final RunReport report = Sonde.run(RunSpec.builder()
            .embedded(true)
            .rate(200)
            .warmup(Duration.ofSeconds(1))
            .duration(Duration.ofSeconds(60))
            .out(out)
            .build(), RunOptions.builder()
            .console(new PrintWriter(console))
            .onOutputFolder(folders::add)
            .stopWhen(stop)
            .junitReport(junit)
            .build());

        assertEquals(List.of(out), folders, "told of the folder once, before the run");
        assertTrue(report.cutShort(), console.toString());
        assertEquals(Verdict.VOID, report.verdict(), report.checks().toString());
        final String xml = Files.readString(junit);
        assertTrue(xml.contains("<testsuite name=\"sonde run\" tests=\"" + report.checks().size() + "\""), xml);
        assertTrue(xml.contains("<testcase classname=\"sonde run.run\" name=\"cut short\""), xml);
        assertTrue(report.checks().stream().anyMatch(check -> check.outcome() == Check.Outcome.VOID));
    }
}
