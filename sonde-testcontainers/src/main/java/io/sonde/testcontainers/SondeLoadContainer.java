package io.sonde.testcontainers;

import io.sonde.api.ExitCode;
import io.sonde.api.ResultHistory;
import io.sonde.api.RunReport;
import io.sonde.api.RunSpec;
import io.sonde.api.SweepReport;
import io.sonde.api.SweepSpec;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.utility.DockerImageName;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code sonde run} or {@code sonde sweep} in a container, against a system under test on a Docker network,
 * handing back the same typed result as {@code io.sonde.inprocess.Sonde.run}: the container runs to its end when
 * started, its results folder is copied out to the host, and {@link #runReport()} or {@link #sweepReport()} reads it.
 * <pre>{@code
 * try (Network network = Network.newNetwork();
 *     SondeExchangeContainer exchange = new SondeExchangeContainer().withNetwork(network)
 *         .withNetworkAliases("exchange");
 *     SondeLoadContainer load = SondeLoadContainer.run(RunSpec.builder()
 *         .target("exchange", SondeExchangeContainer.FIX_PORT).rate(500).duration(Duration.ofSeconds(5)).build())
 *         .withNetwork(network))
 * {
 *     exchange.start();
 *     load.start();                                  // returns once the run has ended
 *     RunReport report = load.runReport();
 *     assertEquals(Verdict.PASSED, report.verdict(), report.checks().toString());
 * }
 * }</pre>
 * The spec's target is resolved inside the container: name the system by its network alias and container port
 * ({@code alias:port}, e.g. {@link SondeExchangeContainer#networkEndpoint()}), never {@code localhost} or a mapped
 * port. The spec's output folder is replaced by one inside the container; the results land in
 * {@link #withResultsOn(Path)}'s folder, else a new temporary folder. Other host paths in the spec ({@code venue},
 * {@code credentialsFile}, a sweep's {@code floor}) are read inside the container too: copy the files in at the same
 * paths ({@code withCopyFileToContainer}). The run is not recorded in a results history ({@code --no-history}).
 * <p>
 * The container exits with an {@link ExitCode}: {@link ExitCode#PASSED}, {@link ExitCode#MISSED} and
 * {@link ExitCode#NOT_CARRIED_OUT} (void: Sonde fell behind, or a run could not log on, whose summary says why) all
 * leave a result: judge it by its verdict. {@link ExitCode#BAD_USAGE} (the command line refused an option), a
 * command that wrote no summary, or one that outlived its time limit makes {@link #start()} throw a
 * {@link SondeContainerException} quoting the container's logs.
 */
public final class SondeLoadContainer extends GenericContainer<SondeLoadContainer>
{
    /** Allowed beyond the load's own time: the JVM's start, the logons, the drain and writing the results. */
    public static final Duration TIME_MARGIN = Duration.ofSeconds(90);

    private static final String RUN_FOLDER = SondeImage.RESULTS_FOLDER + "/run";
    private static final String SWEEP_FOLDER = SondeImage.RESULTS_FOLDER + "/sweep";
    /** The command line's own option, not the API's: results from a container are the caller's to keep. */

    private RunSpec runSpec;
    private SweepSpec sweepSpec;
    private Path resultsOn;
    private Duration timeLimit;
    private Long exitCode;
    private RunReport runReport;
    private SweepReport sweepReport;

    /**
     * A load container from {@link SondeImage#DEFAULT}, to be given its run or sweep.
     */
    public SondeLoadContainer()
    {
        this(SondeImage.DEFAULT);
    }

    /**
     * @param image a {@code sonde} image.
     */
    public SondeLoadContainer(final DockerImageName image)
    {
        super(image);
        withSharedMemorySize(SondeImage.SHARED_MEMORY_BYTES);
        withStartupCheckStrategy(new RunToExit());
        // Start-up is the whole run, which the startup check waits out; there is no port or log line to wait for.
        waitingFor(new AbstractWaitStrategy()
        {
            protected void waitUntilReady()
            {
            }
        });
    }

    /**
     * @param spec the run, its target as seen from inside the container.
     * @return a container from {@link SondeImage#DEFAULT} that runs it.
     */
    public static SondeLoadContainer run(final RunSpec spec)
    {
        return new SondeLoadContainer().withRun(spec);
    }

    /**
     * @param spec the sweep, its target as seen from inside the container.
     * @return a container from {@link SondeImage#DEFAULT} that runs it.
     */
    public static SondeLoadContainer sweep(final SweepSpec spec)
    {
        return new SondeLoadContainer().withSweep(spec);
    }

    /**
     * @param spec the run, instead of any sweep given before.
     * @return this container.
     */
    public SondeLoadContainer withRun(final RunSpec spec)
    {
        runSpec = requireSpec(spec, "withRun");
        sweepSpec = null;
        return this;
    }

    /**
     * @param spec the sweep, instead of any run given before.
     * @return this container.
     */
    public SondeLoadContainer withSweep(final SweepSpec spec)
    {
        sweepSpec = requireSpec(spec, "withSweep");
        runSpec = null;
        return this;
    }

    /**
     * @param hostFolder where the results folder is copied once the container has exited, created if need be:
     *                   {@code summary.json} and {@code run.hlog} for a run, a folder per step, {@code sweep.json}
     *                   and {@code sweep.csv} for a sweep. Default: a new temporary folder.
     * @return this container.
     */
    public SondeLoadContainer withResultsOn(final Path hostFolder)
    {
        resultsOn = hostFolder;
        return this;
    }

    /**
     * @param limit how long the container may run before it counts as hung. Default: the warm-up and measured time
     *              (every step's for a sweep), each lifecycle timeout, and {@link #TIME_MARGIN}.
     * @return this container.
     */
    public SondeLoadContainer withTimeLimit(final Duration limit)
    {
        if (limit == null || limit.isNegative() || limit.isZero())
        {
            throw new IllegalArgumentException("withTimeLimit needs a positive duration: " + limit);
        }
        timeLimit = limit;
        return this;
    }

    /**
     * Run the load to its end, copy its results out and read them.
     *
     * @throws SondeContainerException when the command line refused an option ({@link ExitCode#BAD_USAGE}), wrote
     *                                 no result, or its results could not be copied; the message quotes the
     *                                 container's logs.
     * @throws IllegalStateException   when neither a run nor a sweep was given.
     */
    public void start()
    {
        if (runSpec == null && sweepSpec == null)
        {
            throw new IllegalStateException("a SondeLoadContainer needs withRun(RunSpec) or withSweep(SweepSpec) " +
                "before it starts");
        }
        final Duration limit = timeLimit != null ? timeLimit : defaultTimeLimit();
        withStartupCheckStrategy(new RunToExit().withTimeout(limit));
        try
        {
            super.start();
        }
        catch (final RuntimeException ex)
        {
            throw SondeContainerException.withLogs("sonde " + command() + " did not start, or did not end within " +
                limit.toSeconds() + " s (withTimeLimit allows longer): " + ex.getMessage(), this, ex);
        }
        exitCode = getCurrentContainerInfo().getState().getExitCodeLong();
        if (exitCode != null && exitCode == ExitCode.BAD_USAGE.code())
        {
            throw SondeContainerException.withLogs("sonde " + command() + " exited " + ExitCode.BAD_USAGE.code() +
                " (bad usage): it refused an option of " + arguments(), this, null);
        }
        readResults();
    }

    /**
     * @return the run's result.
     * @throws IllegalStateException when this container ran a sweep, or has not run yet.
     */
    public RunReport runReport()
    {
        if (runReport == null)
        {
            throw new IllegalStateException(runSpec == null ? "this container runs a sweep: use sweepReport()" :
                "the run has not ended yet: start() the container first");
        }
        return runReport;
    }

    /**
     * @return the sweep's result.
     * @throws IllegalStateException when this container ran a single run, or has not run yet.
     */
    public SweepReport sweepReport()
    {
        if (sweepReport == null)
        {
            throw new IllegalStateException(sweepSpec == null ? "this container runs a single run: use runReport()" :
                "the sweep has not ended yet: start() the container first");
        }
        return sweepReport;
    }

    /**
     * @return the command line's exit code, the {@link ExitCode#code()} of its verdict's exit code: passed, missed
     *         or void ({@link ExitCode#NOT_CARRIED_OUT}).
     * @throws IllegalStateException when the container has not run yet.
     */
    public int exitCode()
    {
        if (exitCode == null)
        {
            throw new IllegalStateException("the container has not run yet: start() it first");
        }
        return exitCode.intValue();
    }

    /**
     * @return the host folder the results were copied to, or will be.
     */
    public Path resultsFolder()
    {
        if (resultsOn == null)
        {
            try
            {
                resultsOn = Files.createTempDirectory("sonde-" + command() + "-");
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException("could not create a temporary folder for the results", ex);
            }
        }
        return resultsOn;
    }

    /**
     * @return the container's command: {@code run} or {@code sweep}, the spec's options with the output folder
     *         inside the container, and {@code --no-history}.
     */
    public List<String> commandLine()
    {
        final List<String> command = new ArrayList<>();
        command.add(command());
        command.addAll(arguments());
        return command;
    }

    /**
     * Sets the command from the spec, just before the container is created.
     */
    protected void configure()
    {
        setCommand(commandLine().toArray(new String[0]));
    }

    private List<String> arguments()
    {
        final List<String> args = new ArrayList<>(runSpec != null ? runSpec.arguments(containerFolder()) :
            sweepSpec.arguments(containerFolder()));
        args.add(ResultHistory.NO_HISTORY_FLAG);
        return args;
    }

    private void readResults()
    {
        final Path folder = resultsFolder();
        try
        {
            ContainerFolders.copy(this, containerFolder(), folder);
        }
        catch (final RuntimeException ex)
        {
            throw SondeContainerException.withLogs("sonde " + command() + " exited " + exitCode +
                " and wrote no result: nothing in " + containerFolder() + " (" + ex.getMessage() + ")", this, ex);
        }
        try
        {
            if (runSpec != null)
            {
                runReport = RunReport.read(folder);
            }
            else
            {
                sweepReport = SweepReport.read(folder);
            }
        }
        catch (final RuntimeException ex)
        {
            throw SondeContainerException.withLogs("sonde " + command() + " exited " + exitCode +
                " and wrote no result: " + ex.getMessage(), this, ex);
        }
    }

    private Duration defaultTimeLimit()
    {
        if (runSpec != null)
        {
            return runSpec.warmup().plus(runSpec.measured()).plus(runSpec.load().timeout()).plus(TIME_MARGIN);
        }
        final Duration step = sweepSpec.warmup().plus(sweepSpec.stepDuration()).plus(sweepSpec.load().timeout());
        return step.multipliedBy(sweepSpec.plan().size()).plus(TIME_MARGIN);
    }

    private String command()
    {
        return runSpec != null ? RunSpec.COMMAND : SweepSpec.COMMAND;
    }

    private String containerFolder()
    {
        return runSpec != null ? RUN_FOLDER : SWEEP_FOLDER;
    }

    private static <T> T requireSpec(final T spec, final String method)
    {
        if (spec == null)
        {
            throw new IllegalArgumentException(method + " needs a spec, not null");
        }
        return spec;
    }
}
