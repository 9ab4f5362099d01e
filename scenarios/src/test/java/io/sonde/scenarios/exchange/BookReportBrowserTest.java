package io.sonde.scenarios.exchange;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.scenarios.CliHarness;
import io.sonde.scenarios.HeadlessChromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * report.html of a short book run against the bundled exchange, as a reader's browser renders it: the resting
 * orders over time are drawn from the run's own counts, a point a second (the 0 after the close-out included, on
 * a count's linear axis), and each action's stage (passive ack, aggressive fill, cancel, replace) has its figures in
 * a table (a run this short says what its samples lack for an interval) and its curve on the stages plot.
 */
@Timeout(180)
class BookReportBrowserTest
{
    private static final Path EQUITY_BOOK = Path.of("..", "docs", "scenarios", "equity-book.yaml");
    private static final List<String> STAGES = List.of("passive-ack", "aggressive-fill", "cancel", "replace");

    @Test
    void theReportDrawsTheRestingOrdersOverTimeAndEachActionsStage(@TempDir final Path dir) throws Exception
    {
        final HeadlessChromium chromium = HeadlessChromium.require();
        final Path run = dir.resolve("run");
        final CliHarness sonde = CliHarness.runMechanics("run", "--embedded", "--scenario", EQUITY_BOOK.toString(),
            "--replace-share", "0.1", "--rate", "500", "--warmup", "1s",
            "--duration", "3s", "--timeout", "10s", "--out", run.toString());
        assertEquals(0, sonde.exitCode, sonde.toString());
        final Path page = dir.resolve("report.html");
        final CliHarness report = CliHarness.run("report", run.toString(), "--out", page.toString());
        assertEquals(0, report.exitCode, report.toString());

        final String dom = chromium.dom(page);
        chromium.screenshot(page, Path.of("target", "book-report-screenshot.png").toAbsolutePath(), 1400, 2400);

        final JsonNode resting = new ObjectMapper().readTree(run.resolve("summary.json").toFile()).get("book")
            .get("restingBySecond");
        final String overTime = svg(dom, "book-resting-");
        final List<Double> drawn = pointsOf(overTime, "resting orders");
        assertEquals(resting.size(), drawn.size(), "a point a second: " + overTime);
        int most = 0;
        int fewest = 0;
        for (int second = 0; second < resting.size(); second++)
        {
            most = resting.get(second).asInt() > resting.get(most).asInt() ? second : most;
            fewest = resting.get(second).asInt() < resting.get(fewest).asInt() ? second : fewest;
            for (int other = 0; other < resting.size(); other++)
            {
                if (resting.get(second).asInt() > resting.get(other).asInt())
                {
                    assertTrue(drawn.get(second) <= drawn.get(other), "more orders are drawn higher: " + resting +
                        " as " + drawn);
                }
            }
        }
        assertTrue(resting.get(most).asInt() > resting.get(fewest).asInt(), "the warm-up built the book: " + resting);
        assertTrue(drawn.get(most) < drawn.get(fewest), "and the plot shows it: " + drawn);
        assertTrue(overTime.contains(">orders resting</text>") && !overTime.contains("µs</text>"),
            "a count's axis, not a latency's: " + overTime);

        final String stagesPlot = svg(dom, "stages-");
        for (final String stage : STAGES)
        {
            assertTrue(Pattern.compile("<tr data-stage=\"" + stage + "\"><td>" + stage + "</td><td>[1-9][0-9]*</td>" +
                "<td>p50( [0-9.]+(µs|ms) \\([0-9.µms]+–[0-9.µms]+\\)|: [^<]+, needs ≥ [^<]+)</td><td>p99[^<]+</td>" +
                "<td>[^<]+</td><td>[0-9.]+(µs|ms)</td></tr>").matcher(dom).find(),
                stage + " has its samples, p50 and p99 with their intervals (or what a short run's samples lack) and " +
                "its maximum in the table: " + table(dom));
            assertTrue(stagesPlot.contains("data-name=\"" + stage + "\""), stage + " is drawn: " + stagesPlot);
        }
    }

    /**
     * @return the y values of the series' points, as drawn, in order.
     */
    private static List<Double> pointsOf(final String svg, final String series)
    {
        final Matcher path = Pattern.compile("<path[^>]*data-name=\"" + Pattern.quote(series) + "\"[^>]*d=\"([^\"]+)\"")
            .matcher(svg);
        assertTrue(path.find(), "a path for " + series + ": " + svg);
        final List<Double> ys = new ArrayList<>();
        final Matcher point = Pattern.compile("[ML] *([0-9.]+)[ ,]([0-9.]+)").matcher(path.group(1));
        while (point.find())
        {
            ys.add(Double.parseDouble(point.group(2)));
        }
        return ys;
    }

    private static String table(final String html)
    {
        final int start = html.indexOf("<table id=\"book-stages-");
        return start < 0 ? "no book-stages table" : html.substring(start, html.indexOf("</table>", start));
    }

    private static String svg(final String html, final String id)
    {
        final Matcher plot = Pattern.compile("<svg class=\"plot\" id=\"" + id).matcher(html);
        assertTrue(plot.find(), "a plot " + id + " in the report");
        return html.substring(plot.start(), html.indexOf("</svg>", plot.start()));
    }
}
