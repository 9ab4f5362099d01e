package io.sonde.report;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * report.html shades the 95 % interval of corrected p99 over time (from the window of intervals around each point)
 * and of each step's percentiles against rate (from the step's own log), names the band in the legend, draws the
 * same band for the same folders, and leaves a band out where the samples cannot support it, saying why.
 */
class PlotBandsTest
{
    @TempDir
    static Path dir;

    private static Path at500;
    private static Path at1000;
    private static Path at20;

    @BeforeAll
    static void runs() throws Exception
    {
        at500 = SyntheticRun.write(dir.resolve("500"), 500, 60, 100, 50, 1);
        at1000 = SyntheticRun.write(dir.resolve("1000"), 1000, 60, 120, 60, 2);
        at20 = SyntheticRun.write(dir.resolve("20"), 20, 60, 100, 50, 3);
    }

    @Test
    void latencyOverTimeShadesP99sIntervalAtEveryPointAndTheLegendSaysWhatItIs()
    {
        final String html = HtmlReport.render(List.of(ReportInput.read("A", List.of(at500))), List.of());

        final String overTime = svg(html, "time-");
        final Matcher band = Pattern.compile("<path class=\"band\" data-name=\"corrected p99\" d=\"([^\"]+)\"")
            .matcher(overTime);
        assertTrue(band.find(), overTime);
        assertEquals(2 * 60, band.group(1).split(" L").length, "an upper and a lower end at each of 60 points: " +
            html.substring(html.indexOf("id=\"bands-")));
        assertFalse(band.find(), "one stretch: every window supports p99");
        assertTrue(overTime.contains("class=\"legend band-legend\">95 % interval</text>"), "the legend names it");
        assertTrue(overTime.indexOf("class=\"band\"") < overTime.indexOf("class=\"series\""), "beneath the lines");
        assertTrue(html.contains("the interval of p99 over the 31 intervals around each point"), html);
        assertEquals(html, HtmlReport.render(List.of(ReportInput.read("A", List.of(at500))), List.of()),
            "the same folder draws the same bands");
    }

    @Test
    void latencyVersusRateShadesEachStepsPercentilesFromItsOwnLog()
    {
        final String html = HtmlReport.render(List.of(ReportInput.read("A", List.of(at500, at1000))), List.of());

        final String byRate = svg(html, "rate-");
        for (final String series : List.of("p50", "p99", "p99.9"))
        {
            assertTrue(byRate.contains("<path class=\"band\" data-name=\"" + series + "\""), series + ": " + byRate);
        }
        assertTrue(byRate.contains("class=\"legend band-legend\">95 % interval</text>"), byRate);
    }

    @Test
    void aBandTheSamplesCannotSupportIsLeftOutAndTheNoteSaysWhatTheyLacked()
    {
        final String html = HtmlReport.render(List.of(ReportInput.read("A", List.of(at20))), List.of());

        assertFalse(svg(html, "time-").contains("class=\"band\""), "620 samples a window cannot place a p99");
        assertTrue(html.contains("corrected p99 over time at 20/s: no band at 60 of its points (p99: 620 samples, " +
            "needs ≥ 1,000 in a window)"), html);
    }

    private static String svg(final String html, final String id)
    {
        final Matcher plot = Pattern.compile("<svg class=\"plot\" id=\"" + id).matcher(html);
        assertTrue(plot.find(), "a plot " + id + " in the report");
        return html.substring(plot.start(), html.indexOf("</svg>", plot.start()));
    }
}
