package io.sonde.inprocess.run;

import io.sonde.api.Percentiles;
import io.sonde.api.RunReport;
import io.sonde.api.SweepReport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * {@code sweep.csv}: one row per step, microseconds, for spreadsheets and plotting tools. Written to a
 * temporary file and moved into place, so a reader never sees half a table.
 */
public final class SweepCsv
{
    public static final String HEADER =
        "rate,message_size,achieved_rate,verdict,p50_us,p90_us,p99_us,p99_9_us,p99_99_us," +
        "max_us,uncorrected_p99_us,send_lateness_p99_us,hiccup_p99_9_us,errors," +
        "floor_rate,floor_p99_us,p99_ratio_to_floor," +
        // Appended, never inserted: readers that know the earlier columns by position keep working.
        "fix_floor_p99_us,p99_ratio_to_fix_floor,meets_objectives_probability";

    private SweepCsv()
    {
    }

    static void write(final Path file, final SweepReport sweep)
    {
        final StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (final SweepReport.Step step : sweep.steps())
        {
            final RunReport run = step.run();
            final Percentiles corrected = run.corrected();
            csv.append(String.format(Locale.ROOT,
                "%.0f,%s,%.1f,%s,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%d,%s,%s,%s,%s,%s,%s%n",
                step.rate(), step.messageSize().isEmpty() ? "" : Integer.toString(step.messageSize().getAsInt()),
                run.achievedRate(), step.stepVerdict().name().toLowerCase(Locale.ROOT),
                corrected.p50(), corrected.p90(), corrected.p99(), corrected.p99_9(), corrected.p99_99(),
                corrected.max(), run.uncorrected().p99(), run.lateness().p99(), run.hiccup().p99_9(),
                run.outcomes().rejected() + run.outcomes().timedOut(), optional(step.floorRate(), "%.0f"),
                optional(step.floorP99(), "%.1f"), optional(step.p99RatioToFloor(), "%.2f"),
                optional(step.fixFloorP99(), "%.1f"), optional(step.p99RatioToFixFloor(), "%.2f"),
                step.meetsObjectives().map(odds -> String.format(Locale.ROOT, "%.4f", odds.probability())).orElse("")));
        }
        try
        {
            final Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(temporary, csv, StandardCharsets.UTF_8);
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write " + file, ex);
        }
    }

    private static String optional(final OptionalDouble value, final String format)
    {
        return value.isEmpty() ? "" : String.format(Locale.ROOT, format, value.getAsDouble());
    }
}
