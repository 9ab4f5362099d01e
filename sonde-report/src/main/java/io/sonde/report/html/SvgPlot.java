package io.sonde.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small line chart written as inline SVG, so a report needs no script or network to be read. The y axis
 * is logarithmic (latencies span decades), or linear from 0 for a count ({@link #countAxis()}); the x axis is
 * linear in whatever the caller maps to it (time, rate, or log10(1/(1-p)) for percentile plots). A series may have
 * a band (a shaded interval around it, e.g. its 95 % confidence interval), drawn beneath every line in the series'
 * colour and named in the legend.
 */
public final class SvgPlot
{
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
        "#e377c2", "#17becf"};
    private static final int WIDTH = 640;
    private static final int HEIGHT = 320;
    private static final int LEFT = 70;
    private static final int RIGHT = 150;
    private static final int TOP = 30;
    private static final int BOTTOM = 45;

    public record Point(double x, double y)
    {
    }

    /**
     * A band's extent at one x: from {@code low} to {@code high}, in the y axis's unit.
     */
    public record Span(double x, double low, double high)
    {
    }

    private record Series(String name, List<Point> points, boolean dashed)
    {
    }

    private record Band(String series, List<Span> spans, String description)
    {
    }

    private record Tick(double x, String label)
    {
    }

    private final String id;
    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final List<Series> series = new ArrayList<>();
    private final List<Tick> xTicks = new ArrayList<>();
    private final List<Tick> markers = new ArrayList<>();
    private final List<Band> bands = new ArrayList<>();
    private boolean counts;

    public SvgPlot(final String id, final String title, final String xLabel, final String yLabel)
    {
        this.id = id;
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /**
     * Make the y axis a count's, before any series is added: linear from 0, its ticks plain numbers, and a point
     * at 0 drawn (on a logarithmic axis it has no place and is left out).
     */
    public SvgPlot countAxis()
    {
        counts = true;
        return this;
    }

    public SvgPlot series(final String name, final List<Point> points, final boolean dashed)
    {
        final List<Point> positive = points.stream().filter(p -> p.y() > 0 || counts && p.y() == 0).toList();
        if (!positive.isEmpty())
        {
            series.add(new Series(name, positive, dashed));
        }
        return this;
    }

    /**
     * Shade one stretch of a band around {@code series}: one {@code <path class="band">} joining the spans in x
     * order. A band with gaps (x where it means nothing) is several stretches, each added on its own; a stretch of
     * one span is drawn as a vertical bar.
     *
     * @param series      the name of the series the band belongs to, whose colour it takes; added before or after it.
     * @param spans       the band's extent at each x of the stretch.
     * @param description what the band is, for the legend and the band's tooltip, e.g. {@code 95 % interval}.
     */
    public SvgPlot band(final String series, final List<Span> spans, final String description)
    {
        final List<Span> positive = spans.stream().filter(s -> s.low() > 0 && s.high() >= s.low()).toList();
        if (!positive.isEmpty())
        {
            bands.add(new Band(series, positive, description));
        }
        return this;
    }

    public SvgPlot xTick(final double x, final String label)
    {
        xTicks.add(new Tick(x, label));
        return this;
    }

    /**
     * A labelled vertical line, e.g. the knee.
     */
    public SvgPlot marker(final double x, final String label)
    {
        markers.add(new Tick(x, label));
        return this;
    }

    public String render()
    {
        final StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg class=\"plot\" id=\"%s\" xmlns=\"http://www.w3.org/2000/svg\" " +
            "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n", Html.escape(id), WIDTH, HEIGHT, WIDTH, HEIGHT));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"18\" class=\"title\">%s</text>%n", LEFT,
            Html.escape(title)));
        if (series.isEmpty())
        {
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">no samples</text></svg>%n", LEFT,
                HEIGHT / 2));
            return svg.toString();
        }
        final List<Point> extent = new ArrayList<>();
        series.forEach(line -> extent.addAll(line.points()));
        bands.forEach(band -> band.spans().forEach(span ->
            extent.addAll(List.of(new Point(span.x(), span.low()), new Point(span.x(), span.high())))));
        final double minX = extent.stream().mapToDouble(Point::x).min().orElse(0);
        final double maxX = Math.max(minX + 1e-9, extent.stream().mapToDouble(Point::x).max().orElse(1));
        final double highest = extent.stream().mapToDouble(Point::y).max().orElse(10);
        final Scale scale;
        if (counts)
        {
            final double step = niceStep(Math.max(highest, 1) / 5);
            scale = new Scale(minX, maxX, 0, Math.ceil(Math.max(highest, 1) / step) * step, step);
        }
        else
        {
            scale = new Scale(minX, maxX, Math.pow(10, Math.floor(Math.log10(
                extent.stream().mapToDouble(Point::y).min().orElse(1)))),
                Math.pow(10, Math.ceil(Math.log10(highest) + 1e-9)), 0);
        }

        axes(svg, scale);
        bands(svg, scale);
        for (final Tick marker : markers)
        {
            final double x = scale.x(marker.x());
            // The legend sits right of the plot area: a label in the right half runs leftwards from its line,
            // so however far right the marker is (a knee at the top step), the label stays inside the plot.
            final boolean rightHalf = x > (LEFT + WIDTH - RIGHT) / 2.0;
            svg.append(String.format(Locale.ROOT, "<line class=\"marker\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" " +
                "y2=\"%d\" stroke=\"#444\" stroke-dasharray=\"2,3\"/><text x=\"%.1f\" y=\"%d\" " +
                "class=\"marker-label\" text-anchor=\"%s\">%s</text>%n",
                x, TOP, x, HEIGHT - BOTTOM, rightHalf ? x - 3 : x + 3, TOP + 12, rightHalf ? "end" : "start",
                Html.escape(marker.label())));
        }
        for (int i = 0; i < series.size(); i++)
        {
            final Series line = series.get(i);
            final String colour = COLOURS[i % COLOURS.length];
            final StringBuilder path = new StringBuilder();
            for (final Point point : line.points())
            {
                path.append(path.length() == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f,%.1f",
                    scale.x(point.x()), scale.y(point.y())));
            }
            svg.append(String.format(Locale.ROOT, "<path class=\"series\" data-name=\"%s\" d=\"%s\" fill=\"none\" " +
                "stroke=\"%s\" stroke-width=\"1.6\"%s/>%n", Html.escape(line.name()), path, colour,
                line.dashed() ? " stroke-dasharray=\"5,3\"" : ""));
            final int legendY = TOP + 14 + i * 16;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\"%s/>" +
                "<text x=\"%d\" y=\"%d\" class=\"legend\">%s</text>%n", WIDTH - RIGHT + 10, legendY - 4,
                WIDTH - RIGHT + 30, legendY - 4, colour, line.dashed() ? " stroke-dasharray=\"5,3\"" : "",
                WIDTH - RIGHT + 34, legendY, Html.escape(line.name())));
        }
        bandLegend(svg, TOP + 14 + series.size() * 16);
        svg.append("</svg>\n");
        return svg.toString();
    }

    private void bands(final StringBuilder svg, final Scale scale)
    {
        for (final Band band : bands)
        {
            final List<Span> spans = band.spans().stream().sorted((a, b) -> Double.compare(a.x(), b.x())).toList();
            final StringBuilder path = new StringBuilder();
            for (final Span span : spans)
            {
                path.append(path.length() == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f,%.1f",
                    scale.x(span.x()), scale.y(span.high())));
            }
            for (int i = spans.size() - 1; i >= 0; i--)
            {
                path.append(String.format(Locale.ROOT, " L%.1f,%.1f", scale.x(spans.get(i).x()),
                    scale.y(spans.get(i).low())));
            }
            final String colour = colourOf(band.series());
            svg.append(String.format(Locale.ROOT, "<path class=\"band\" data-name=\"%s\" d=\"%s Z\" fill=\"%s\" " +
                "fill-opacity=\"0.2\" stroke=\"%s\" stroke-opacity=\"0.3\" stroke-width=\"1\"><title>%s: %s</title>" +
                "</path>%n", Html.escape(band.series()), path, colour, colour, Html.escape(band.series()),
                Html.escape(band.description())));
        }
    }

    /**
     * One legend line per description of the bands drawn: a shaded swatch and what the shading is.
     */
    private void bandLegend(final StringBuilder svg, final int firstY)
    {
        final List<String> descriptions = bands.stream().map(Band::description).distinct().toList();
        for (int i = 0; i < descriptions.size(); i++)
        {
            final int legendY = firstY + i * 16;
            svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"20\" height=\"8\" " +
                "fill=\"#888\" fill-opacity=\"0.3\"/><text x=\"%d\" y=\"%d\" class=\"legend band-legend\">%s</text>%n",
                WIDTH - RIGHT + 10, legendY - 8, WIDTH - RIGHT + 34, legendY, Html.escape(descriptions.get(i))));
        }
    }

    /**
     * @return the colour of the series named, as its line is drawn; grey when there is no such series.
     */
    private String colourOf(final String name)
    {
        for (int i = 0; i < series.size(); i++)
        {
            if (series.get(i).name().equals(name))
            {
                return COLOURS[i % COLOURS.length];
            }
        }
        return "#888";
    }

    private void axes(final StringBuilder svg, final Scale scale)
    {
        final int bottom = HEIGHT - BOTTOM;
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" " +
            "stroke=\"#999\"/>%n", LEFT, TOP, WIDTH - LEFT - RIGHT, bottom - TOP));
        for (double y = scale.minY; y <= scale.maxY * 1.0001; y = scale.next(y))
        {
            final double py = scale.y(y);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" " +
                "stroke=\"#eee\"/><text x=\"%d\" y=\"%.1f\" class=\"tick\" text-anchor=\"end\">%s</text>%n",
                LEFT, py, WIDTH - RIGHT, py, LEFT - 4, py + 4, Html.escape(counts ?
                String.format(Locale.ROOT, "%,.0f", y) : Html.micros(y))));
        }
        final List<Tick> ticks = xTicks.isEmpty() ? defaultTicks(scale) : xTicks;
        for (final Tick tick : ticks)
        {
            if (tick.x() < scale.minX - 1e-9 || tick.x() > scale.maxX + 1e-9)
            {
                continue;
            }
            final double px = scale.x(tick.x());
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" " +
                "stroke=\"#eee\"/><text x=\"%.1f\" y=\"%d\" class=\"tick\" text-anchor=\"middle\">%s</text>%n",
                px, TOP, px, bottom, px, bottom + 14, Html.escape(tick.label())));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"axis\" " +
            "text-anchor=\"middle\">%s</text>%n", (LEFT + WIDTH - RIGHT) / 2, HEIGHT - 8, Html.escape(xLabel)));
        svg.append(String.format(Locale.ROOT, "<text x=\"14\" y=\"%d\" class=\"axis\" " +
            "transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">%s</text>%n",
            (TOP + bottom) / 2, (TOP + bottom) / 2, Html.escape(yLabel)));
    }

    private static List<Tick> defaultTicks(final Scale scale)
    {
        final List<Tick> ticks = new ArrayList<>();
        final double step = niceStep((scale.maxX - scale.minX) / 6);
        for (double x = Math.ceil(scale.minX / step) * step; x <= scale.maxX + 1e-9; x += step)
        {
            ticks.add(new Tick(x, x == Math.rint(x) ? String.format(Locale.ROOT, "%.0f", x) :
                String.format(Locale.ROOT, "%.1f", x)));
        }
        return ticks;
    }

    private static double niceStep(final double rough)
    {
        final double magnitude = Math.pow(10, Math.floor(Math.log10(Math.max(rough, 1e-9))));
        final double normalised = rough / magnitude;
        return (normalised <= 1 ? 1 : normalised <= 2 ? 2 : normalised <= 5 ? 5 : 10) * magnitude;
    }

    /**
     * @param linearStep the y axis's tick step when it is linear (a count's); 0 when it is logarithmic.
     */
    private record Scale(double minX, double maxX, double minY, double maxY, double linearStep)
    {
        double x(final double value)
        {
            return LEFT + (value - minX) / (maxX - minX) * (WIDTH - LEFT - RIGHT);
        }

        /**
         * @return the y axis's next tick above {@code tick}.
         */
        double next(final double tick)
        {
            return linearStep > 0 ? tick + linearStep : tick * 10;
        }

        double y(final double value)
        {
            final double fraction = linearStep > 0 ? (value - minY) / (maxY - minY) :
                (Math.log10(value) - Math.log10(minY)) / (Math.log10(maxY) - Math.log10(minY));
            return HEIGHT - BOTTOM - fraction * (HEIGHT - BOTTOM - TOP);
        }
    }
}
