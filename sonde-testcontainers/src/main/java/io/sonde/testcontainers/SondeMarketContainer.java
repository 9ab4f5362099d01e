package io.sonde.testcontainers;

import io.sonde.api.ExitCode;
import io.sonde.api.IdleMode;
import io.sonde.api.MarketLoad;
import io.sonde.api.MarketSpec;
import io.sonde.api.ResultHistory;
import io.sonde.api.RunReport;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code sonde market} in a container: Sonde as the venue of the trading application under test. It publishes a
 * scripted feed on a schedule, one event in N a trigger, accepts the application's FIX order sessions and times each
 * reaction from its trigger's intended publish time (tick-to-trade, {@code docs/tick-to-trade.md}), handing back the
 * same typed result as {@code io.sonde.inprocess.Sonde.market}.
 * <pre>{@code
 * try (SondeMarketContainer market = SondeMarketContainer.market(MarketSpec.builder()
 *         .rate(1_000).triggerEvery(10).duration(Duration.ofSeconds(5)).build())
 *     .withImagePullPolicy(image -> false))
 * {
 *     market.start();                                   // returns once the market listens: READY
 *     app.connect(market.fixHost(), market.fixPort(), market.targetCompId());
 *     RunReport report = market.report(Duration.ofSeconds(120));
 *     assertEquals(0, report.tickToTrade().orElseThrow().missed());
 * }
 * }</pre>
 * The container counts as started once the market prints its READY line, within {@link #DEFAULT_STARTUP_TIMEOUT}
 * unless {@link #withStartupTimeout(Duration)} says otherwise: then the run waits for the application (the spec's
 * {@code awaitApp}, 60 s unless given), which connects to {@link #fixHost()}:{@link #fixPort()} with TargetCompID
 * {@link #targetCompId()}. {@link #report(Duration)} waits for the run's end, copies its results out and reads them.
 * <p>
 * The market listens on every interface of its container at {@link #FIX_PORT}, whatever the spec's {@code bind} and
 * {@code port}, and its busy thread waits as {@link #withIdle(IdleMode)} says ({@code BACKOFF} unless given), whatever
 * the spec's {@code idle}. <b>Feeds:</b> FIX market data is served on the FIX port, so an application in this JVM
 * takes it through the mapped port. A UDP feed ({@code mdUdp}) is sent from inside the container, and Docker maps no
 * UDP back to the host: name a destination on the container's network ({@code withNetwork}, e.g. {@code app:40001})
 * where the application runs in a container of its own. Other host paths in the spec ({@code venue}, {@code floor})
 * are read inside the container: copy the files in at the same paths. The run is not recorded in a results history
 * ({@code --no-history}).
 * <p>
 * The command exits with an {@link ExitCode}: passed, missed (an objective, or triggers left unanswered) and void all
 * leave a result: judge it by its verdict. {@link ExitCode#BAD_USAGE} (an option refused), no result, or no end
 * within {@link #report(Duration)}'s time make it throw a {@link SondeContainerException} quoting the logs.
 */
public final class SondeMarketContainer extends SondeFixContainer<SondeMarketContainer>
{
    /** The market's FIX port inside the container, exposed and mapped to a free port on the host. */
    public static final int FIX_PORT = MarketLoad.DEFAULT_PORT;
    /** How long the market may take to print READY: one JVM, its FIX engine and media driver. */
    public static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.ofSeconds(120);

    private static final String EVERY_INTERFACE = "0.0.0.0";
    private static final String RESULTS = SondeImage.RESULTS_FOLDER + "/market";
    private static final long POLL_MILLIS = 200;
    /** The spec's options this container decides itself, each followed by its value on the command line. */
    private static final Set<String> DECIDED_HERE =
        Set.of(MarketLoad.BIND.toString(), MarketLoad.PORT.toString(), MarketLoad.IDLE.toString());

    private MarketSpec spec;
    private Path resultsOn;
    private Duration startupTimeout = DEFAULT_STARTUP_TIMEOUT;
    private Long exitCode;
    private RunReport report;

    /**
     * A market from {@link SondeImage#DEFAULT}, to be given its spec.
     */
    public SondeMarketContainer()
    {
        this(SondeImage.DEFAULT);
    }

    /**
     * @param image a {@code sonde} image, e.g. one tagged for a release.
     */
    public SondeMarketContainer(final DockerImageName image)
    {
        super(image, FIX_PORT, "the market", "market");
        waitingFor(Wait.forLogMessage(".*sonde market: READY.*", 1).withStartupTimeout(startupTimeout));
    }

    /**
     * @param spec the market run: its rate, triggers, matching, duration and limits.
     * @return a container from {@link SondeImage#DEFAULT} that runs it.
     */
    public static SondeMarketContainer market(final MarketSpec spec)
    {
        return new SondeMarketContainer().withMarket(spec);
    }

    /**
     * @param spec the market run; its bind address, port, idle mode and output folder are the container's.
     * @return this container.
     * @throws IllegalArgumentException for no spec.
     */
    public SondeMarketContainer withMarket(final MarketSpec spec)
    {
        if (spec == null)
        {
            throw new IllegalArgumentException("withMarket needs a spec, e.g. MarketSpec.builder().build()");
        }
        this.spec = spec;
        return this;
    }

    /**
     * @param hostFolder where the results folder is copied once the run has ended ({@code summary.json},
     *                   {@code run.hlog}), created if need be. Default: a new temporary folder.
     * @return this container.
     */
    public SondeMarketContainer withResultsOn(final Path hostFolder)
    {
        resultsOn = hostFolder;
        return this;
    }

    /**
     * @param timeout how long the market may take to print its READY line.
     * @return this container.
     */
    public SondeMarketContainer withStartupTimeout(final Duration timeout)
    {
        startupTimeout = timeout;
        return super.withStartupTimeout(timeout);
    }

    /**
     * @return the market's CompID, the TargetCompID the application logs on with: the spec's, else
     *         {@link MarketLoad#DEFAULT_COMP_ID}.
     * @throws IllegalStateException when no spec was given.
     */
    public String targetCompId()
    {
        return requireSpec().load().compId().orElse(MarketLoad.DEFAULT_COMP_ID);
    }

    /**
     * Start the market and wait for its READY line: it listens, and waits for the application.
     *
     * @throws SondeContainerException when it did not print READY in time, or exited first (e.g. an option
     *                                 refused); the message quotes the container's logs.
     * @throws IllegalStateException   when no spec was given.
     */
    public void start()
    {
        requireSpec();
        try
        {
            super.start();
        }
        catch (final RuntimeException ex)
        {
            throw SondeContainerException.withLogs("sonde market did not start: " + innermostMessage(ex) +
                " (it has " + startupTimeout.toSeconds() + " s to print its READY line; withStartupTimeout allows " +
                "longer)", this, ex);
        }
    }

    /**
     * Wait for the run to end, copy its results out and read them.
     *
     * @param timeout how long the run may still take: the wait for the application, the warm-up, the measured time,
     *                the reaction timeout and writing the results.
     * @return the run's result; {@code tickToTrade()} holds what only a market run has.
     * @throws SondeContainerException when the run did not end in time, exited {@link ExitCode#BAD_USAGE}, or left
     *                                 no result; the message quotes the container's logs.
     */
    public RunReport report(final Duration timeout)
    {
        if (report != null)
        {
            return report;
        }
        awaitExit(timeout);
        exitCode = getCurrentContainerInfo().getState().getExitCodeLong();
        if (exitCode != null && exitCode == ExitCode.BAD_USAGE.code())
        {
            throw SondeContainerException.withLogs("sonde market exited " + ExitCode.BAD_USAGE.code() +
                " (bad usage): it refused an option of " + commandLine(), this, null);
        }
        final Path folder = resultsFolder();
        try
        {
            ContainerFolders.copy(this, RESULTS, folder);
            report = RunReport.read(folder);
        }
        catch (final RuntimeException ex)
        {
            throw SondeContainerException.withLogs("sonde market exited " + exitCode + " and wrote no result in " +
                RESULTS + " (" + ex.getMessage() + ")", this, ex);
        }
        return report;
    }

    /**
     * @return the command line's exit code, the {@link ExitCode#code()} of its verdict.
     * @throws IllegalStateException when the run has not ended yet ({@link #report(Duration)}).
     */
    public int exitCode()
    {
        if (exitCode == null)
        {
            throw new IllegalStateException("the run has not ended yet: call report(timeout) first");
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
                resultsOn = Files.createTempDirectory("sonde-market-");
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException("could not create a temporary folder for the results", ex);
            }
        }
        return resultsOn;
    }

    /**
     * @return the container's command: {@code market}, the spec's options with the market on every interface at
     *         {@link #FIX_PORT}, this container's idle mode, the output folder inside the container, and
     *         {@code --no-history}.
     * @throws IllegalStateException when no spec was given.
     */
    public List<String> commandLine()
    {
        final List<String> specArguments = requireSpec().arguments(RESULTS);
        final List<String> command = new ArrayList<>();
        command.add(MarketSpec.COMMAND);
        for (int i = 0; i < specArguments.size(); i++)
        {
            if (DECIDED_HERE.contains(specArguments.get(i)))
            {
                i++;
            }
            else
            {
                command.add(specArguments.get(i));
            }
        }
        command.addAll(MarketLoad.BIND.argument(EVERY_INTERFACE));
        command.addAll(MarketLoad.PORT.argument(FIX_PORT));
        command.addAll(MarketLoad.IDLE.argument(idle()));
        command.add(ResultHistory.NO_HISTORY_FLAG);
        return command;
    }

    /**
     * Sets the command from the spec, just before the container is created.
     */
    protected void configure()
    {
        setCommand(commandLine().toArray(new String[0]));
    }

    private MarketSpec requireSpec()
    {
        if (spec == null)
        {
            throw new IllegalStateException("a SondeMarketContainer needs withMarket(MarketSpec) before it starts");
        }
        return spec;
    }

    private void awaitExit(final Duration timeout)
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (isRunning())
        {
            if (System.nanoTime() - deadline > 0)
            {
                throw SondeContainerException.withLogs("sonde market did not end within " + timeout.toSeconds() +
                    " s (report(timeout) allows longer; did the application log on?)", this, null);
            }
            try
            {
                Thread.sleep(POLL_MILLIS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new SondeContainerException("interrupted while waiting for sonde market to end", ex);
            }
        }
    }

    /**
     * @return the message of the first cause: Testcontainers wraps the reason, e.g. a wait that timed out, in
     *         exceptions that only name the image.
     */
    private static String innermostMessage(final Throwable failure)
    {
        Throwable cause = failure;
        while (cause.getCause() != null && cause.getCause() != cause)
        {
            cause = cause.getCause();
        }
        return cause.getMessage();
    }
}
