package io.sonde.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.api.FaultResult;
import io.sonde.api.Percentiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * A fault placed on a run's time axis: one its summary judged ({@link FaultResult}), or one only a
 * {@code faults.json} beside it records, which another process (e.g. {@code sonde exchange --fault}) applied to the
 * system while the run measured it, and which therefore has no recovery figures.
 *
 * @param atSeconds      when it began, seconds into its run's measured window, as {@code --fault AT} counts: the
 *                       time it was due, for a fault the run judged, as the run's own line says.
 * @param kind           the fault's kind as the command line writes it.
 * @param argument       its argument, empty when it takes none.
 * @param on             the sessions or the exchange member it acted on.
 * @param wallClockStart when it began, by the wall clock.
 * @param result         how the run went through it; null for a fault only {@code faults.json} records.
 * @param appliedBy      who applied it, from {@code faults.json}; empty when the run itself did and said nothing.
 */
record ReportFault(double atSeconds, String kind, String argument, String on, Instant wallClockStart,
    FaultResult result, String appliedBy)
{
    /** The file of faults applied, in a run's output folder or an exchange's data folder. */
    static final String FAULTS_FILE = "faults.json";
    /** Two records of one fault (the summary's and {@code faults.json}'s) start this close together. */
    private static final Duration SAME_FAULT = Duration.ofSeconds(1);

    /**
     * @return the label a marker and a table row carry, e.g. {@code kill-leader} or {@code disconnect:2}.
     */
    String label()
    {
        return argument.isEmpty() ? kind : kind + ":" + argument;
    }

    /**
     * @param measuredStartMs the run's measured start on the wall clock, which a fault only {@code faults.json}
     *                        records is timed from.
     * @return the run's judged faults, then those only its {@code faults.json} records, in the order they began.
     */
    static List<ReportFault> of(final List<FaultResult> judged, final Path folder, final long measuredStartMs)
    {
        final List<ReportFault> faults = new ArrayList<>();
        for (final FaultResult fault : judged)
        {
            faults.add(new ReportFault(fault.atSeconds(), fault.kind().cliName(), fault.argument(), on(fault),
                fault.wallClockStart(), fault, ""));
        }
        for (final ReportFault applied : applied(folder.resolve(FAULTS_FILE), measuredStartMs))
        {
            if (faults.stream().noneMatch(fault -> fault.sameAs(applied)))
            {
                faults.add(applied);
            }
        }
        faults.sort((a, b) -> a.wallClockStart.compareTo(b.wallClockStart));
        return faults;
    }

    /**
     * @param measuredStartMs the measured start on the wall clock of the run they are placed in.
     * @return the faults a {@code faults.json} records; none when there is no such file.
     * @throws ReportException naming the file and what is wrong with it.
     */
    static List<ReportFault> applied(final Path file, final long measuredStartMs)
    {
        final List<ReportFault> faults = new ArrayList<>();
        if (!Files.isRegularFile(file))
        {
            return faults;
        }
        try
        {
            final JsonNode entries = new ObjectMapper().readTree(file.toFile());
            if (!entries.isArray())
            {
                throw new ReportException(file + " is not a list of faults");
            }
            for (final JsonNode entry : entries)
            {
                final Instant start = Instant.parse(required(file, entry, "wallClockStart"));
                faults.add(new ReportFault((start.toEpochMilli() - measuredStartMs) / 1000.0,
                    required(file, entry, "kind"), entry.path("argument").asText(""),
                    entry.has("member") ? "member " + entry.get("member").asInt() :
                        String.join(",", texts(entry.path("sessions"))),
                    start, null, entry.path("appliedBy").asText("")));
            }
            return faults;
        }
        catch (final IOException | DateTimeParseException ex)
        {
            throw new ReportException("cannot read " + file + ": " + ex.getMessage());
        }
    }

    /**
     * @return the fault's p99 in a window, µs; NaN when the window held no answer.
     */
    static double p99(final Percentiles window)
    {
        return window == null || window.count() == 0 ? Double.NaN : window.p99();
    }

    private boolean sameAs(final ReportFault other)
    {
        return kind.equals(other.kind) &&
            Duration.between(wallClockStart, other.wallClockStart).abs().compareTo(SAME_FAULT) <= 0;
    }

    private static String on(final FaultResult fault)
    {
        return fault.member().isPresent() ? "member " + fault.member().getAsInt() : String.join(",", fault.sessions());
    }

    private static String required(final Path file, final JsonNode entry, final String field)
    {
        if (!entry.hasNonNull(field))
        {
            throw new ReportException(file + ": a fault without \"" + field + "\": " + entry);
        }
        return entry.get(field).asText();
    }

    private static List<String> texts(final JsonNode array)
    {
        final List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }
}
