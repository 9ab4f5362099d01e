package io.sonde.history;

import io.sonde.api.Slo;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * How long the regression gate makes a user wait after a sweep: a recorded sweep as the baseline, and a new one
 * recorded after being judged against it, as {@code sonde sweep --baseline last} does. The new sweep is recorded
 * twice in fresh histories, once judged and once not, so that the gate's own time (reading both sweeps' interval
 * logs, resampling every step's ratio) is the difference, apart from recording's.
 * <p>
 * Not a JMH benchmark: one operation is a second or more of file and database work. Give it two sweep folders
 * written by {@code sonde sweep} (five steps for the figure); they are copied, never changed.
 * <pre>
 * ./mvnw -B -q -DskipTests -pl benchmarks -am package
 * java -cp benchmarks/target/benchmarks.jar io.sonde.history.GateBenchmark BASELINE-SWEEP NEW-SWEEP [REPETITIONS]
 * </pre>
 */
public final class GateBenchmark
{
    private static final double MILLIS_PER_NANO = 1e-6;
    private static final double TOLERANCE = 0.10;

    private GateBenchmark()
    {
    }

    /**
     * @param args the baseline sweep's folder, the new sweep's folder, and the number of repetitions (3 unless
     *             given).
     */
    public static void main(final String[] args) throws IOException
    {
        if (args.length < 2)
        {
            System.err.println("usage: GateBenchmark BASELINE-SWEEP NEW-SWEEP [REPETITIONS]");
            System.exit(2);
        }
        final Path baseline = Path.of(args[0]);
        final Path fresh = Path.of(args[1]);
        final int repetitions = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        final PrintStream out = System.out;
        for (int repetition = 1; repetition <= repetitions; repetition++)
        {
            final Path work = Files.createTempDirectory("sonde-gate-benchmark");
            try
            {
                final long recordOnly = recordNew(work.resolve("plain"), baseline, fresh, null);
                final StringWriter table = new StringWriter();
                final long judged = recordNew(work.resolve("judged"), baseline, fresh, table);
                out.printf(Locale.ROOT, "repetition %d: recorded and judged in %.0f ms, recorded alone in %.0f ms: " +
                    "the gate took %.0f ms%n", repetition, judged * MILLIS_PER_NANO, recordOnly * MILLIS_PER_NANO,
                    (judged - recordOnly) * MILLIS_PER_NANO);
                if (repetition == repetitions)
                {
                    out.print(table);
                }
            }
            finally
            {
                delete(work);
            }
        }
    }

    /**
     * @param table where the gate's table goes, or null to record the new sweep without judging it.
     * @return the nanoseconds recording the new sweep took, the gate's judging included when there was one.
     */
    private static long recordNew(final Path work, final Path baseline, final Path fresh, final StringWriter table)
        throws IOException
    {
        final HistoryLocation history = HistoryLocation.resolve(work.resolve("history.db").toString());
        final PrintWriter quiet = new PrintWriter(new StringWriter());
        new ResultRecording(history, Map.of(), "gate-benchmark", null, TOLERANCE)
            .record(quiet, copy(baseline, work.resolve("baseline")), List.<Slo>of());
        final Path copied = copy(fresh, work.resolve("new"));
        final ResultRecording recording = new ResultRecording(history, Map.of(), "gate-benchmark",
            table == null ? null : BaselineChoice.parse("last"), TOLERANCE);
        final PrintWriter console = table == null ? quiet : new PrintWriter(table, true);
        final long start = System.nanoTime();
        recording.record(console, copied, List.of());
        return System.nanoTime() - start;
    }

    private static Path copy(final Path from, final Path to) throws IOException
    {
        try (Stream<Path> paths = Files.walk(from))
        {
            for (final Path path : paths.toList())
            {
                final Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path))
                {
                    Files.createDirectories(target);
                }
                else
                {
                    Files.copy(path, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return to;
    }

    private static void delete(final Path folder) throws IOException
    {
        try (Stream<Path> paths = Files.walk(folder))
        {
            paths.sorted(Comparator.reverseOrder()).forEach(path ->
            {
                try
                {
                    Files.delete(path);
                }
                catch (final IOException ex)
                {
                    throw new UncheckedIOException(ex);
                }
            });
        }
    }
}
