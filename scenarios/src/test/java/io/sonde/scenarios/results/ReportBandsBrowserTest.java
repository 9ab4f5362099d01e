package io.sonde.scenarios.results;

import io.sonde.loadgen.record.IntervalLog;
import io.sonde.scenarios.CliHarness;
import io.sonde.scenarios.HeadlessChromium;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * report.html's 95 % bands and the comparison's intervals, as a reader's browser renders them, over run folders
 * written from known distributions: a minute at 500/s, a minute at 1,000/s, and the 500/s run again half as slow
 * again. No exchange runs: the bands need a minute of intervals, which a test of the report need not wait for.
 */
@Timeout(120)
class ReportBandsBrowserTest
{
    private static final long START_MS = 1_800_000_000_000L;

    @TempDir
    static Path dir;

    private static Path at500;
    private static Path at1000;
    private static Path slowerAt500;

    @BeforeAll
    static void runs() throws Exception
    {
        at500 = run("500", 500, 100, 1);
        at1000 = run("1000", 1000, 120, 2);
        slowerAt500 = run("500-slower", 500, 150, 3);
    }

    @Test
    void theBandsAreDrawnOverTimeAndAgainstRateAndTheLegendSaysWhatTheyAre() throws Exception
    {
        final HeadlessChromium chromium = HeadlessChromium.require();
        final Path out = dir.resolve("bands/report.html");
        final CliHarness cli = CliHarness.run("report", at500.toString(), at1000.toString(), "--out", out.toString());
        assertEquals(0, cli.exitCode, cli.toString());

        final String dom = chromium.dom(out);
        chromium.screenshot(out, Path.of("target", "report-bands-screenshot.png").toAbsolutePath(), 1400, 1400);

        for (final String step : new String[] {"500", "1000"})
        {
            final String overTime = svg(dom, "time-[^\"]*-" + step + "\"");
            assertTrue(overTime.contains("<path class=\"band\" data-name=\"corrected p99\""), step + ": " + overTime);
            assertTrue(overTime.contains("class=\"legend band-legend\">95 % interval</text>"), overTime);
        }
        final String byRate = svg(dom, "rate-");
        for (final String series : new String[] {"p50", "p99", "p99.9"})
        {
            assertTrue(byRate.contains("<path class=\"band\" data-name=\"" + series + "\""), series + ": " + byRate);
        }
        assertTrue(byRate.contains("class=\"legend band-legend\">95 % interval</text>"), byRate);
        assertTrue(dom.contains("Shaded bands are 95 % confidence intervals"), "the note under the plots");
    }

    @Test
    void aComparisonPrintsEachRatiosIntervalAndWhetherItIsBeyondTheNoiseInTheTerminalAndTheBrowser() throws Exception
    {
        final HeadlessChromium chromium = HeadlessChromium.require();
        final Path out = dir.resolve("compare/report.html");
        final CliHarness cli = CliHarness.run("report", "--compare", at500.toString(), slowerAt500.toString(),
            "--out", out.toString());
        assertEquals(0, cli.exitCode, cli.toString());

        assertTrue(Pattern.compile("\n  p99 {5}×1\\.[0-9]{2} \\([0-9.]+–[0-9.]+\\) +slower, beyond the noise\n")
            .matcher(cli.out).find(), cli.out);
        assertTrue(cli.out.contains("\n  p99.99  A: p99.99: 30,000 samples, needs ≥ 100,000; "), cli.out);
        final String dom = chromium.dom(out);
        assertTrue(Pattern.compile("<td class=\"slower\" data-percentile=\"p50\"><span class=\"ratio\">×1\\.[0-9]{2} " +
            "\\([0-9.]+–[0-9.]+\\)</span><br><small>slower, beyond the noise</small></td>").matcher(dom).find(), dom);
    }

    /**
     * A minute's run folder: latencies of {@code baseMicros} plus an exponential tail of half that mean.
     */
    private static Path run(final String name, final int rate, final double baseMicros, final long seed)
        throws Exception
    {
        final Path folder = Files.createDirectories(dir.resolve(name));
        final int seconds = 60;
        final long sent = (long)rate * seconds;
        Files.writeString(folder.resolve("summary.json"), "{\"kind\": \"run\", \"targetRate\": " + rate +
            ", \"achievedRate\": " + rate + ", \"sent\": " + sent + ", \"acknowledged\": " + sent +
            ", \"intervalLogs\": [\"run.hlog\"], \"warmupSeconds\": 0}");
        final SplittableRandom random = new SplittableRandom(seed);
        try (IntervalLog log = new IntervalLog(folder.resolve("run.hlog"), START_MS, "synthetic run"))
        {
            for (int second = 0; second < seconds; second++)
            {
                final Histogram interval = new Histogram(3);
                interval.setTag("corrected");
                interval.setStartTimeStamp(START_MS + second * 1000L);
                interval.setEndTimeStamp(START_MS + (second + 1) * 1000L);
                for (int i = 0; i < rate; i++)
                {
                    interval.recordValue(Math.round((baseMicros - baseMicros / 2 * Math.log(1 - random.nextDouble())) *
                        1000));
                }
                log.write(interval);
            }
        }
        return folder;
    }

    private static String svg(final String html, final String id)
    {
        final Matcher plot = Pattern.compile("<svg class=\"plot\" id=\"" + id).matcher(html);
        assertTrue(plot.find(), "a plot " + id + " in the report");
        return html.substring(plot.start(), html.indexOf("</svg>", plot.start()));
    }
}
