package io.sonde.testcontainers;

import io.sonde.api.AcceptorSpec;
import io.sonde.api.IdleMode;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

import java.time.Duration;

/**
 * Sonde's reference FIX 4.4 acceptor ({@code sonde acceptor}) in a container: it acknowledges every order (IOC
 * orders then fill at once, symbol {@code BAD} is rejected), confirms cancels and replaces, and matches nothing. A
 * counterparty that costs almost nothing, standing in for a gateway, or for measuring what the client itself
 * costs.
 * <pre>{@code
 * @Container
 * static SondeAcceptorContainer gateway = new SondeAcceptorContainer().withNetwork(network)
 *     .withNetworkAliases("gateway");
 * ...
 * SondeLoadContainer load = SondeLoadContainer.run(RunSpec.builder()
 *     .target("gateway", SondeAcceptorContainer.FIX_PORT)
 *     .targetCompId(gateway.targetCompId())
 *     .rate(500).duration(Duration.ofSeconds(5)).build())
 *     .withNetwork(network);
 * }</pre>
 * A client logs on with TargetCompID {@link #TARGET_COMP_ID} and a SenderCompID of its own, one per session: the
 * acceptor takes any (Sonde's load sends {@code SONDE1}, {@code SONDE2}, ... unless told), and any password unless
 * the container's environment sets {@code SONDE_ACCEPTOR_PASSWORD} ({@code withEnv}). On a
 * {@link org.testcontainers.containers.Network}, other containers reach it at {@link #networkEndpoint()}; this JVM
 * at {@link #fixEndpoint()}. The container counts as started once the acceptor prints its READY line, within
 * {@link #DEFAULT_STARTUP_TIMEOUT} unless {@code withStartupTimeout} says otherwise; else {@link #start()} throws a
 * {@link SondeContainerException} quoting the container's logs. Its one busy thread backs off when idle unless
 * {@link #withIdle(IdleMode)} says otherwise, since a test's containers share the host's cores. It answers at once
 * unless {@link #withDelay(Duration)} makes it a slower gateway ({@code sonde acceptor --delay}).
 * <p>
 * The image is {@link SondeImage#DEFAULT} unless given; see {@link SondeImage} on pull policies.
 */
public final class SondeAcceptorContainer extends SondeFixContainer<SondeAcceptorContainer>
{
    /** The FIX port inside the container, exposed and mapped to a free port on the host. */
    public static final int FIX_PORT = AcceptorSpec.DEFAULT_PORT;
    /** The acceptor's own CompID: the TargetCompID (56) a client logs on with. */
    public static final String TARGET_COMP_ID = "TESTEXCH";
    /** How long the acceptor may take to print READY: one JVM, its FIX engine and media driver. */
    public static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.ofSeconds(120);

    private static final String EVERY_INTERFACE = "0.0.0.0";

    private Duration startupTimeout = DEFAULT_STARTUP_TIMEOUT;
    private Duration delay;

    /**
     * An acceptor from {@link SondeImage#DEFAULT}.
     */
    public SondeAcceptorContainer()
    {
        this(SondeImage.DEFAULT);
    }

    /**
     * @param image a {@code sonde} image, e.g. one tagged for a release.
     */
    public SondeAcceptorContainer(final DockerImageName image)
    {
        super(image, FIX_PORT, "the acceptor", "gateway");
        waitingFor(Wait.forLogMessage(".*sonde acceptor: READY on .*", 1).withStartupTimeout(startupTimeout));
    }

    /**
     * @param timeout how long the acceptor may take to print its READY line.
     * @return this container.
     */
    public SondeAcceptorContainer withStartupTimeout(final Duration timeout)
    {
        startupTimeout = timeout;
        return super.withStartupTimeout(timeout);
    }

    /**
     * Answer each message this much after it arrived ({@code sonde acceptor --delay}): a slower gateway, e.g. to see
     * a regression gate catch one that answers 100 µs later than its baseline's.
     *
     * @param delay zero or more; zero answers at once, as without this call.
     * @return this container.
     * @throws IllegalArgumentException for no delay or a negative one.
     */
    public SondeAcceptorContainer withDelay(final Duration delay)
    {
        if (delay == null || delay.isNegative())
        {
            throw new IllegalArgumentException("withDelay needs a delay of zero or more, e.g. " +
                "Duration.ofNanos(100_000), not " + delay);
        }
        this.delay = delay;
        return this;
    }

    /**
     * @return {@link #TARGET_COMP_ID}, the TargetCompID a client logs on with.
     */
    public String targetCompId()
    {
        return TARGET_COMP_ID;
    }

    /**
     * Start the acceptor and wait for its READY line.
     *
     * @throws SondeContainerException when it did not print READY in time, or exited first; the message quotes
     *                                 the container's logs.
     */
    public void start()
    {
        try
        {
            super.start();
        }
        catch (final RuntimeException ex)
        {
            throw SondeContainerException.withLogs("sonde acceptor did not start: " + innermostMessage(ex) +
                " (it has " + startupTimeout.toSeconds() + " s to print its READY line; withStartupTimeout allows " +
                "longer)", this, ex);
        }
    }

    /**
     * Sets the command from the options, just before the container is created: the acceptor on every interface
     * of the container, so that other containers reach it by name.
     */
    protected void configure()
    {
        final AcceptorSpec.Builder spec = AcceptorSpec.builder().bind(EVERY_INTERFACE).port(FIX_PORT).idle(idle());
        if (delay != null)
        {
            spec.delay(delay);
        }
        setCommand(spec.build().commandLine().toArray(new String[0]));
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
