package io.sonde.api;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * How a run or sweep in this process ({@code io.sonde.inprocess.Sonde}) goes beside its spec: where its progress is
 * printed, the command line its metadata records, what stops it early, a live metrics endpoint, and the report a
 * sweep writes beside its files. The {@code sonde} command line runs through the same options, so whatever it adds on
 * top of a spec is open to a test too. Immutable; {@link #defaults()} prints to standard output, a progress line every
 * few seconds ({@link Progress#EVERY_FEW_SECONDS}), and adds nothing.
 * <pre>{@code
 * CompletableFuture<Void> stop = new CompletableFuture<>();
 * SweepReport report = Sonde.sweep(spec, RunOptions.builder().stopWhen(stop).htmlReport(List.of()).build());
 * }</pre>
 */
public final class RunOptions
{
    private final PrintWriter console;
    private final Progress progress;
    private final int columns;
    private final List<String> commandLine;
    private final CompletionStage<?> stop;
    private final String metricsHost;
    private final Integer metricsPort;
    private final Consumer<Path> onOutputFolder;
    private final List<Path> hiccupFolders;
    private final Path junitReport;
    private final ResultHistory history;
    private final Consumer<RunReport> onReport;
    private final Consumer<SweepReport> onSweepReport;
    private final Consumer<List<Check>> onRegressionChecks;
    private final Consumer<MarketEndpoints> onMarketReady;

    private RunOptions(final Builder builder)
    {
        console = builder.console != null ? builder.console :
            new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        progress = builder.progress;
        columns = builder.columns;
        commandLine = builder.commandLine;
        stop = builder.stop;
        metricsHost = builder.metricsHost;
        metricsPort = builder.metricsPort;
        onOutputFolder = builder.onOutputFolder;
        hiccupFolders = builder.hiccupFolders;
        junitReport = builder.junitReport;
        history = builder.history;
        onReport = builder.onReport;
        onSweepReport = builder.onSweepReport;
        onRegressionChecks = builder.onRegressionChecks;
        onMarketReady = builder.onMarketReady;
    }

    /**
     * @return progress to standard output, nothing else.
     */
    public static RunOptions defaults()
    {
        return builder().build();
    }

    /**
     * @return options to fill in.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * @return where progress lines, announcements and warnings go.
     */
    public PrintWriter console()
    {
        return console;
    }

    /**
     * How the console shows a run's progress: the line of each interval, and the lines that say what it is doing.
     */
    public enum Progress
    {
        /**
         * For a terminal: the latest interval on one line, rewritten in place (carriage return, line cleared), and
         * every other line once.
         */
        IN_PLACE,
        /**
         * For a log or a pipe: a measured interval's line once {@link #PERIOD_SECONDS} have passed without any line
         * (a warm-up says when it ends, not each interval), and every other line once.
         */
        EVERY_FEW_SECONDS,
        /**
         * Nothing while it runs: only what the caller prints of the result; errors are thrown as ever.
         */
        QUIET;

        /** The longest a log goes without a line while a run is measured, {@link #EVERY_FEW_SECONDS}. */
        public static final int PERIOD_SECONDS = 5;
    }

    /**
     * @return how progress is shown; {@link Progress#EVERY_FEW_SECONDS} by default.
     */
    public Progress progress()
    {
        return progress;
    }

    /**
     * @return the terminal's width, to which an {@link Progress#IN_PLACE} line is cut so that it never wraps.
     */
    public int columns()
    {
        return columns;
    }

    /**
     * @return the command as typed, recorded in the result's metadata; empty from code.
     */
    public List<String> commandLine()
    {
        return commandLine;
    }

    /**
     * @return completes when the run or sweep should stop: the step under way is cut short, its results written and
     *         marked so, and no other step starts.
     */
    public CompletionStage<?> stop()
    {
        return stop;
    }

    /**
     * @return the address a live Prometheus endpoint binds to; empty without one.
     */
    public Optional<String> metricsHost()
    {
        return Optional.ofNullable(metricsHost);
    }

    /**
     * @return the port of the live Prometheus endpoint, 0 for a free one; empty without one.
     */
    public OptionalInt metricsPort()
    {
        return metricsPort == null ? OptionalInt.empty() : OptionalInt.of(metricsPort);
    }

    /**
     * @return told of the output folder once it is ready and before anything connects, e.g. to put a file of one's
     *         own there.
     */
    public Consumer<Path> onOutputFolder()
    {
        return onOutputFolder;
    }

    /**
     * @return for a sweep, the folders of the system's own hiccup logs its {@code report.html} puts beside the
     *         latency; empty when the sweep writes no report.
     */
    public Optional<List<Path>> htmlReport()
    {
        return Optional.ofNullable(hiccupFolders);
    }

    /**
     * @return the file every check is written to as a JUnit test case, for CI servers; empty for none.
     */
    public Optional<Path> junitReport()
    {
        return Optional.ofNullable(junitReport);
    }

    /**
     * @return the history the result is recorded into, and its regression gate; empty for none.
     */
    public Optional<ResultHistory> history()
    {
        return Optional.ofNullable(history);
    }

    /**
     * @return told of a run's or replay's result once its files are written, before it goes into the history.
     */
    public Consumer<RunReport> onReport()
    {
        return onReport;
    }

    /**
     * @return told of a sweep's result once its files are written, before it goes into the history.
     */
    public Consumer<SweepReport> onSweepReport()
    {
        return onSweepReport;
    }

    /**
     * @return told of the regression gate's checks once the result is judged, before the JUnit report is written.
     */
    public Consumer<List<Check>> onRegressionChecks()
    {
        return onRegressionChecks;
    }

    /**
     * @return told, by a market run or sweep, where the market listens once it does and before it waits for the
     *         trading application: where an application started in the same test connects.
     */
    public Consumer<MarketEndpoints> onMarketReady()
    {
        return onMarketReady;
    }

    /**
     * Fills in {@link RunOptions}; what is not given keeps its default.
     */
    public static final class Builder
    {
        /** A terminal's width when none is given. */
        public static final int DEFAULT_COLUMNS = 80;

        private PrintWriter console;
        private Progress progress = Progress.EVERY_FEW_SECONDS;
        private int columns = DEFAULT_COLUMNS;
        private List<String> commandLine = List.of();
        private CompletionStage<?> stop = new CompletableFuture<Void>();
        private String metricsHost;
        private Integer metricsPort;
        private Consumer<Path> onOutputFolder = folder ->
        {
        };
        private List<Path> hiccupFolders;
        private Path junitReport;
        private ResultHistory history;
        private Consumer<RunReport> onReport = report ->
        {
        };
        private Consumer<SweepReport> onSweepReport = report ->
        {
        };
        private Consumer<List<Check>> onRegressionChecks = checks ->
        {
        };
        private Consumer<MarketEndpoints> onMarketReady = endpoints ->
        {
        };

        private Builder()
        {
        }

        /**
         * @param console where progress goes; standard output by default.
         * @return this builder.
         */
        public Builder console(final PrintWriter console)
        {
            this.console = Objects.requireNonNull(console, "console");
            return this;
        }

        /**
         * @param progress how progress is shown: in place on a terminal, every few seconds in a log, or not at all.
         * @return this builder.
         */
        public Builder progress(final Progress progress)
        {
            this.progress = Objects.requireNonNull(progress, "progress");
            return this;
        }

        /**
         * @param columns the terminal's width, for an {@link Progress#IN_PLACE} line; {@value #DEFAULT_COLUMNS} by
         *                default.
         * @return this builder.
         * @throws InvalidOptionException for a width below 20.
         */
        public Builder columns(final int columns)
        {
            if (columns < 20)
            {
                throw new InvalidOptionException("a terminal narrower than 20 columns: " + columns);
            }
            this.columns = columns;
            return this;
        }

        /**
         * @param commandLine the command as typed, for the result's metadata.
         * @return this builder.
         */
        public Builder commandLine(final List<String> commandLine)
        {
            this.commandLine = List.copyOf(commandLine);
            return this;
        }

        /**
         * @param stop completes when the run or sweep should stop (Ctrl-C, a test's own deadline).
         * @return this builder.
         */
        public Builder stopWhen(final CompletionStage<?> stop)
        {
            this.stop = Objects.requireNonNull(stop, "stop");
            return this;
        }

        /**
         * @param host the address to bind, e.g. {@code 127.0.0.1}.
         * @param port the port, 0 for a free one.
         * @return this builder.
         * @throws InvalidOptionException for a port outside 0..65535.
         */
        public Builder liveMetrics(final String host, final int port)
        {
            if (port < 0 || port > 65535)
            {
                throw new InvalidOptionException("--metrics-port must be in 0..65535: " + port);
            }
            this.metricsHost = Objects.requireNonNull(host, "host");
            this.metricsPort = port;
            return this;
        }

        /**
         * @param onOutputFolder told of the output folder once it is ready, before anything connects.
         * @return this builder.
         */
        public Builder onOutputFolder(final Consumer<Path> onOutputFolder)
        {
            this.onOutputFolder = Objects.requireNonNull(onOutputFolder, "onOutputFolder");
            return this;
        }

        /**
         * A sweep writes {@code report.html} (with {@code report.csv} and {@code report.json}) into its folder, as
         * {@code sonde sweep} does.
         *
         * @param hiccupFolders folders of the system's own hiccup logs to put beside the latency; may be empty.
         * @return this builder.
         */
        public Builder htmlReport(final List<Path> hiccupFolders)
        {
            this.hiccupFolders = List.copyOf(hiccupFolders);
            return this;
        }

        /**
         * The run's or sweep's checks as JUnit test cases, as {@code --junit FILE} writes them: a failed check is a
         * failure, a void one an error. A run that could not be carried out writes its one void check.
         *
         * @param file the XML file to write.
         * @return this builder.
         */
        public Builder junitReport(final Path file)
        {
            this.junitReport = Objects.requireNonNull(file, "file");
            return this;
        }

        /**
         * Record the result into a history once its files are written, as {@code sonde run} does, and with a
         * regression gate judge it against its baseline first: the gate's checks go to
         * {@link #onRegressionChecks} and into the JUnit report, and its verdict into the summary's
         * {@code regression} section. A replay is not recorded.
         *
         * @param history where, under which labels and scenario, and the baseline.
         * @return this builder.
         */
        public Builder history(final ResultHistory history)
        {
            this.history = Objects.requireNonNull(history, "history");
            return this;
        }

        /**
         * @param onReport told of a run's or replay's result once its files are written, before it goes into the
         *                 history; what the command line prints its table from.
         * @return this builder.
         */
        public Builder onReport(final Consumer<RunReport> onReport)
        {
            this.onReport = Objects.requireNonNull(onReport, "onReport");
            return this;
        }

        /**
         * @param onSweepReport told of a sweep's result once its files are written, before it goes into the history.
         * @return this builder.
         */
        public Builder onSweepReport(final Consumer<SweepReport> onSweepReport)
        {
            this.onSweepReport = Objects.requireNonNull(onSweepReport, "onSweepReport");
            return this;
        }

        /**
         * @param onRegressionChecks told of the regression gate's checks, one per step and percentile (a regression
         *                           fails its check); none without a gate or when {@code last} found nothing.
         * @return this builder.
         */
        public Builder onRegressionChecks(final Consumer<List<Check>> onRegressionChecks)
        {
            this.onRegressionChecks = Objects.requireNonNull(onRegressionChecks, "onRegressionChecks");
            return this;
        }

        /**
         * @param onMarketReady told where a market listens once it does, before it waits for the application (the
         *                      moment to start one in the same test).
         * @return this builder.
         */
        public Builder onMarketReady(final Consumer<MarketEndpoints> onMarketReady)
        {
            this.onMarketReady = Objects.requireNonNull(onMarketReady, "onMarketReady");
            return this;
        }

        /**
         * @return the options.
         */
        public RunOptions build()
        {
            return new RunOptions(this);
        }
    }
}
