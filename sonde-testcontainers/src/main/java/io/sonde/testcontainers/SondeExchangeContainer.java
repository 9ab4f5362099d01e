package io.sonde.testcontainers;

import io.sonde.api.ExchangeSpec;
import io.sonde.api.IdleMode;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Sonde's bundled exchange ({@code sonde exchange}) in a container: an Artio FIX 4.4 gateway in front of an Aeron
 * Cluster price-time matching engine. It accepts any logon (TargetCompID {@code EXCH} is what Sonde sends), trades
 * the symbols given ({@code SONDE.A} to {@code SONDE.D} unless told), and records its own hiccups.
 * <pre>{@code
 * @Container
 * static SondeExchangeContainer exchange = new SondeExchangeContainer().withSymbols("SONDE.A");
 * ...
 * initiator.connect(exchange.fixHost(), exchange.fixPort());
 * }</pre>
 * On a {@link org.testcontainers.containers.Network}, other containers reach it at {@link #networkEndpoint()}, e.g.
 * a {@link SondeLoadContainer} whose spec targets it. The container counts as started once the exchange prints its
 * READY line. Aeron needs more shared memory than Docker's default: this container asks for
 * {@link SondeImage#SHARED_MEMORY_BYTES} (change it with {@code withSharedMemorySize}). Its busy threads back off
 * when idle unless {@link #withIdle(IdleMode)} says otherwise, since a test's containers share the host's cores.
 * <p>
 * The image is {@link SondeImage#DEFAULT} unless given; see {@link SondeImage} on pull policies.
 */
public final class SondeExchangeContainer extends SondeFixContainer<SondeExchangeContainer>
{
    /** The FIX port inside the container, exposed and mapped to a free port on the host. */
    public static final int FIX_PORT = ExchangeSpec.DEFAULT_PORT;
    /** Where the exchange writes its hiccup logs inside the container, one {@code .hlog} per process. */
    public static final String HICCUPS_FOLDER = SondeImage.DATA_FOLDER + "/hiccups";
    /** The port inside the container where the exchange serves its book to a feed consumer that lost packets. */
    public static final int MARKET_DATA_SNAPSHOT_PORT = 9881;
    /** How long the exchange may take to print READY: three members on a small shared host are slow to elect. */
    public static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.ofSeconds(180);

    private final List<String> symbols = new ArrayList<>();
    private final List<String> marketDataDestinations = new ArrayList<>();
    private int nodes = 1;

    /**
     * An exchange from {@link SondeImage#DEFAULT}.
     */
    public SondeExchangeContainer()
    {
        this(SondeImage.DEFAULT);
    }

    /**
     * @param image a {@code sonde} image, e.g. one tagged for a release.
     */
    public SondeExchangeContainer(final DockerImageName image)
    {
        super(image, FIX_PORT, "the exchange", "exchange");
        // The gateway's READY line (fix=...), not a member's: with three nodes the members print theirs first.
        waitingFor(Wait.forLogMessage(".*sonde exchange: READY fix=.*", 1)
            .withStartupTimeout(DEFAULT_STARTUP_TIMEOUT));
    }

    /**
     * @param symbols the instruments traded; orders on any other symbol are rejected.
     * @return this container.
     * @throws IllegalArgumentException when none is given or one is blank or holds a comma.
     */
    public SondeExchangeContainer withSymbols(final String... symbols)
    {
        if (symbols.length == 0)
        {
            throw new IllegalArgumentException("withSymbols needs at least one symbol");
        }
        for (final String symbol : symbols)
        {
            if (symbol == null || symbol.isBlank() || symbol.contains(","))
            {
                throw new IllegalArgumentException("withSymbols: '" + symbol + "' is not a symbol (blank or a comma)");
            }
        }
        this.symbols.clear();
        this.symbols.addAll(List.of(symbols));
        return this;
    }

    /**
     * @param nodes cluster members: 1 (one member in the exchange's process), or 3 ({@code sonde exchange --nodes 3}:
     *              three member processes on the container's loopback and the gateway, all in this one container,
     *              so elections and replication are real but no member can be killed alone; for that, run
     *              members as separate containers, as {@code docker/compose.yml} does).
     * @return this container.
     * @throws IllegalArgumentException for any other count.
     */
    public SondeExchangeContainer withNodes(final int nodes)
    {
        if (nodes != 1 && nodes != 3)
        {
            throw new IllegalArgumentException("withNodes(" + nodes + "): the exchange runs 1 or 3 cluster members");
        }
        this.nodes = nodes;
        return this;
    }

    /**
     * @return the cluster members the exchange runs: 1 or 3.
     */
    public int nodes()
    {
        return nodes;
    }

    /**
     * Publish the exchange's market-by-order feed over UDP to a consumer on the container's network, e.g. a
     * {@link SondeLoadContainer} whose spec listens with {@code --market-data udp://0.0.0.0:PORT?snapshot=...}.
     * UDP is not mapped to the host: a consumer on the host subscribes over FIX instead (a MarketDataRequest on
     * {@link #fixPort()}), which needs no option. Repeat for several consumers.
     *
     * @param host a network alias or address the exchange's container can reach.
     * @param port the consumer's UDP port.
     * @return this container.
     * @throws IllegalArgumentException when the host is blank or holds a comma, or the port is not 1 to 65535.
     */
    public SondeExchangeContainer withMarketDataTo(final String host, final int port)
    {
        if (host == null || host.isBlank() || host.contains(",") || host.contains(":"))
        {
            throw new IllegalArgumentException("withMarketDataTo: '" + host + "' is not a host name or IPv4 address");
        }
        if (port < 1 || port > 65_535)
        {
            throw new IllegalArgumentException("withMarketDataTo: port " + port + " is not 1 to 65535");
        }
        marketDataDestinations.add(host + ":" + port);
        addExposedPort(MARKET_DATA_SNAPSHOT_PORT);
        return this;
    }

    /**
     * @return {@code alias:port} of the feed's snapshot service on the container's network, for a consumer's
     *         {@code ?snapshot=} parameter.
     * @throws IllegalStateException when the container has no network or publishes no feed.
     */
    public String marketDataSnapshotEndpoint()
    {
        requireFeed("marketDataSnapshotEndpoint");
        return ContainerEndpoints.networkEndpoint(this, MARKET_DATA_SNAPSHOT_PORT, "the exchange", "exchange");
    }

    /**
     * @return the host port mapped to the feed's snapshot service, to fetch the book from the host.
     * @throws IllegalStateException when the container is not started or publishes no feed.
     */
    public int marketDataSnapshotPort()
    {
        requireFeed("marketDataSnapshotPort");
        requireStarted("marketDataSnapshotPort");
        return getMappedPort(MARKET_DATA_SNAPSHOT_PORT);
    }

    /**
     * Copy the gateway process's hiccup log (the whole exchange's with one node) out of the container, as it
     * stands: one interval a second so far.
     *
     * @param target the file to write, replaced if it exists.
     * @return {@code target}.
     * @throws IllegalStateException when the container is not started.
     */
    public Path hiccupLog(final Path target)
    {
        requireStarted("hiccupLog");
        final String file = HICCUPS_FOLDER + "/" + (nodes == 1 ? "exchange" : "exchange-gateway") + ".hiccup.hlog";
        try
        {
            final Path parent = target.toAbsolutePath().getParent();
            if (parent != null)
            {
                Files.createDirectories(parent);
            }
            copyFileFromContainer(file, target.toString());
        }
        catch (final Exception ex)
        {
            throw SondeContainerException.withLogs("could not copy " + file + " out of the exchange container to " +
                target + ": " + ex.getMessage(), this, ex);
        }
        return target;
    }

    /**
     * Copy every hiccup log of the exchange (one per process: {@code exchange}, or {@code exchange-gateway} and
     * {@code exchange-member-K} with three nodes) into a folder, for {@code sonde report --hiccups}.
     *
     * @param folder created if need be.
     * @return {@code folder}.
     * @throws IllegalStateException when the container is not started.
     */
    public Path copyHiccupLogsTo(final Path folder)
    {
        requireStarted("copyHiccupLogsTo");
        try
        {
            ContainerFolders.copy(this, HICCUPS_FOLDER, folder);
        }
        catch (final RuntimeException ex)
        {
            throw SondeContainerException.withLogs("could not copy " + HICCUPS_FOLDER + " out of the exchange " +
                "container to " + folder + ": " + ex.getMessage(), this, ex);
        }
        return folder;
    }

    /**
     * Sets the command from the options, just before the container is created.
     */
    protected void configure()
    {
        final ExchangeSpec.Builder spec = ExchangeSpec.builder().bind("0.0.0.0").port(FIX_PORT).idle(idle())
            .hiccups(Path.of(HICCUPS_FOLDER)).nodes(nodes);
        if (!symbols.isEmpty())
        {
            spec.symbols(symbols);
        }
        if (!marketDataDestinations.isEmpty())
        {
            spec.marketDataUdp(String.join(",", marketDataDestinations))
                .marketDataSnapshotPort(MARKET_DATA_SNAPSHOT_PORT);
        }
        final List<String> command = new ArrayList<>(List.of("exchange"));
        command.addAll(spec.build().arguments());
        setCommand(command.toArray(new String[0]));
    }

    private void requireFeed(final String method)
    {
        if (marketDataDestinations.isEmpty())
        {
            throw new IllegalStateException(method + "() needs a feed: call withMarketDataTo(host, port) first");
        }
    }

    private void requireStarted(final String method)
    {
        if (getContainerId() == null)
        {
            throw new IllegalStateException(method + "() needs the exchange container started");
        }
    }
}
