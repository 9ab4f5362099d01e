package io.sonde.scenarios.run;

import io.sonde.exchange.cluster.ClusterNode;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.fix.client.FixClient;
import io.sonde.fix.client.order.CarriesExtraFields;
import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.FlowMix;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.Instrument;
import io.sonde.fix.client.order.OrderParameters;
import io.sonde.fix.client.order.SessionGroups;
import io.sonde.fix.client.profile.OrderMessageType;
import io.sonde.fix.client.profile.VenueProfile;
import io.sonde.fix.client.profile.VenueProfileException;
import io.sonde.fix.client.profile.VenueProfileReader;
import io.sonde.fix.client.profile.VenueSymbol;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.FixVersion;
import io.sonde.fix.client.session.SessionSettings;
import io.sonde.fix.client.session.SubIds;
import io.sonde.fix.engine.ScratchFolder;
import io.sonde.loadgen.idle.ThreadLayout;
import io.sonde.loadgen.schedule.Schedule;
import io.sonde.scenarios.cli.DurationConverter;
import io.sonde.scenarios.cli.FlowChoice;
import io.sonde.scenarios.cli.IdleMode;
import io.sonde.scenarios.cli.TimeInForceChoice;
import io.sonde.scenarios.cli.TargetConverter.Target;
import io.sonde.scenarios.cli.TargetConverter;
import io.sonde.scenarios.scenario.ScenarioDefaults;
import io.sonde.scenarios.schedule.ScheduleOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a FIX load looks like, shared by {@code run}, {@code sweep} and {@code replay}: where it goes, the
 * sessions, the order flows and prices, and how the threads wait. Each accessor validates its options and names
 * the one that is wrong.
 */
public final class FixLoadOptions
{
    private static final Duration MAX_START_WAIT = Duration.ofHours(24);

    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    @Option(names = "--target", converter = TargetConverter.class,
        description = "Acceptor address HOST:PORT. Either this or --embedded.")
    private Target target;

    @Option(names = "--embedded", description = "Start the bundled exchange (Artio gateway + one-member Aeron " +
        "Cluster matching engine) in this process on a free loopback port and drive it. Its users are the " +
        "run's credentials, if any; its symbols are --symbols.")
    private boolean embedded;

    @Option(names = "--sessions", defaultValue = "1", description = "FIX sessions to open (default: ${DEFAULT-VALUE}).")
    private int sessions;

    @Mixin
    private ScheduleOptions schedule;

    @Option(names = "--timeout", defaultValue = "5s", converter = DurationConverter.class,
        description = "A lifecycle not finished this long after its send counts as timed out " +
            "(default: ${DEFAULT-VALUE}).")
    private Duration timeout;

    @Option(names = "--flow", defaultValue = "new", converter = FlowChoice.Converter.class,
        description = "new, new-cancel, new-replace-cancel, or mix (weights from --mix) (default: ${DEFAULT-VALUE}).")
    private FlowChoice flow;

    @Option(names = "--mix", defaultValue = "new=60,new-cancel=30,new-replace-cancel=10",
        description = "Flow weights for --flow mix (default: ${DEFAULT-VALUE}).")
    private String mix;

    @Option(names = "--tif", defaultValue = "ioc", converter = TimeInForceChoice.Converter.class,
        description = "Orders of the new flow, priced to cross: ioc (fill or expire) or day (rests if not filled) " +
            "(default: ${DEFAULT-VALUE}).")
    private TimeInForceChoice timeInForce;

    @Option(names = "--symbols", split = ",", defaultValue = "SONDE.A",
        description = "Symbols to trade (default: ${DEFAULT-VALUE}).")
    private List<String> symbols;

    @Option(names = "--account", description = "Account (1) on every order.")
    private String account;

    @Option(names = "--sender-comp-id", defaultValue = "SONDE%d",
        description = "SenderCompID pattern, %%d is the session number (default: ${DEFAULT-VALUE}).")
    private String senderCompId;

    @Option(names = "--target-comp-id", defaultValue = "EXCH",
        description = "TargetCompID (default: ${DEFAULT-VALUE}).")
    private String targetCompId;

    @Option(names = "--credentials", description = "Properties file with username= and password= lines.")
    private Path credentialsFile;

    @Option(names = "--heartbeat", defaultValue = "30", description = "HeartBtInt seconds (default: ${DEFAULT-VALUE}).")
    private int heartbeatSeconds;

    @Option(names = "--persistent-sequences",
        description = "Keep sequence numbers (and the engine's log and archive, in the --out folder's engine/) " +
            "across runs instead of resetting; a reset the venue forces is reported.")
    private boolean persistentSequences;

    @Option(names = "--max-msgs-per-session", defaultValue = "0",
        description = "Per-session cap on messages per second, as venues impose; 0 = none (default: ${DEFAULT-VALUE}).")
    private int maxMessagesPerSession;

    @Option(names = "--clordid-prefix", defaultValue = "",
        description = "Prefix on every ClOrdID, e.g. to mark synthetic orders (shortens the sequence field).")
    private String clOrdIdPrefix;

    @Option(names = "--seed", defaultValue = "1", description = "Seed for sides, prices, quantities, flows and " +
        "Poisson arrivals (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--idle", defaultValue = "auto", converter = IdleMode.Converter.class,
        description = "How the busy threads wait: the load thread, which runs the whole FIX path, and with " +
            "--embedded the exchange's service thread. auto busy-spins them when they fit in this JVM's cores, " +
            "else spins a short window then parks; or busy-spin, spin-window, backoff, yield, sleep " +
            "(default: ${DEFAULT-VALUE}).")
    private IdleMode idle;

    @Option(names = "--message-size", defaultValue = "0", description = "Pad every NewOrderSingle with Text (58) " +
        "to this many bytes, header to checksum; 0 = unpadded (default: ${DEFAULT-VALUE}).")
    private int messageSize;

    @Option(names = "--start-at", description = "Wall-clock instant (ISO-8601, e.g. 2026-11-22T14:00:00Z) at " +
        "which to start the load, after logging on: several generators given the same instant start together.")
    private Instant startAt;

    @Option(names = "--fix-version", defaultValue = "FIX.4.4",
        description = "FIX.4.2, FIX.4.4 or FIX.5.0SP2 (a FIXT.1.1 session) (default: ${DEFAULT-VALUE}).")
    private String fixVersion;

    @Option(names = "--venue", description = "Venue profile (YAML; docs/venue-profiles.md): CompIDs, logon, " +
        "heartbeat, sequences, account, symbols, message-rate cap, ClOrdID limit and the extra fields each order " +
        "message carries. A flag given on the command line overrides the profile.")
    private Path venueFile;

    private VenueProfile venue;

    @Option(names = "--in-flight", defaultValue = "65536",
        description = "Most lifecycles in flight at once (default: ${DEFAULT-VALUE}).")
    private int inFlight;

    public Target target()
    {
        return target;
    }

    public boolean embedded()
    {
        return embedded;
    }

    public int sessions()
    {
        try
        {
            return schedule.sessions(sessions, this::isSet);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }

    public List<String> symbols()
    {
        final VenueProfile profile = venue();
        if (profile == null || profile.symbols().isEmpty() || given("--symbols"))
        {
            return symbols;
        }
        final List<String> names = new ArrayList<>();
        for (final VenueSymbol symbol : profile.symbols())
        {
            names.add(symbol.symbol());
        }
        return names;
    }

    /**
     * @return the venue profile given with {@code --venue}, read and checked once; null without one.
     * @throws ParameterException naming every problem in the profile.
     */
    public VenueProfile venue()
    {
        if (venue == null && venueFile != null)
        {
            try
            {
                venue = new VenueProfileReader().read(venueFile);
            }
            catch (final VenueProfileException ex)
            {
                throw new ParameterException(spec.commandLine(), "--venue " + ex.getMessage());
            }
        }
        return venue;
    }

    /**
     * Give the transport the venue profile's extra fields for each order message.
     */
    public <T extends CarriesExtraFields<T>> T withVenueFields(final T transport)
    {
        final VenueProfile profile = venue();
        if (profile == null)
        {
            return transport;
        }
        try
        {
            return transport.withExtraFields(
                profile.extraFields(OrderMessageType.NEW_ORDER_SINGLE, sessions(), seed),
                profile.extraFields(OrderMessageType.ORDER_CANCEL_REQUEST, sessions(), seed),
                profile.extraFields(OrderMessageType.ORDER_CANCEL_REPLACE_REQUEST, sessions(), seed));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--venue: " + ex.getMessage());
        }
    }

    public Duration timeout()
    {
        return timeout;
    }

    /**
     * @return how the busy threads wait, {@code auto} resolved for this run's layout.
     */
    public IdleMode idle()
    {
        return idle.forBusyThreads(busyThreads().size());
    }

    /**
     * The run's busy threads and what each runs: the load thread owns the client's whole FIX path (with
     * --embedded it is the exchange member's infrastructure thread, which also runs the member's driver,
     * archive and consensus module); the exchange's service thread runs the matching engine and the gateway.
     * Persistent sequence numbers keep the client's engine on threads of its own, which back off.
     */
    public ThreadLayout layout()
    {
        return new ThreadLayout(busyThreads(), idle().toString(), Runtime.getRuntime().availableProcessors());
    }

    private List<ThreadLayout.BusyThread> busyThreads()
    {
        final List<String> load = new ArrayList<>(List.of("load agent", "FIX library"));
        if (!persistentSequences())
        {
            load.addAll(List.of("Artio engine", "media driver and archive"));
        }
        if (!embedded)
        {
            return List.of(new ThreadLayout.BusyThread(FixClient.LOAD_THREAD, load));
        }
        load.addAll(List.of("exchange consensus module", "exchange media driver and archive"));
        return List.of(new ThreadLayout.BusyThread(ClusterNode.infraThread(0), load),
            new ThreadLayout.BusyThread(ClusterNode.SERVICE_THREAD, List.of("matching engine", "gateway FIX library",
                "gateway Artio engine", "gateway media driver and archive", "cluster egress")));
    }

    public boolean persistentSequences()
    {
        return fromVenue("--persistent-sequences", persistentSequences,
            venue() == null ? null : venue().persistentSequences());
    }

    /**
     * @throws ParameterException unless exactly one of --target and --embedded was given.
     */
    public void checkTarget()
    {
        if (embedded == (target != null))
        {
            throw new ParameterException(spec.commandLine(), "give either --target HOST:PORT or --embedded");
        }
        try
        {
            schedule.check(this::isSet, "run".equals(spec.name()));
            schedule.sessions(sessions, this::isSet);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }

    /**
     * Wait for {@code --start-at}. A start time already past starts at once and says how late.
     */
    public void awaitStart(final PrintWriter console)
    {
        if (startAt == null)
        {
            return;
        }
        final long waitMs = Duration.between(Instant.now(), startAt).toMillis();
        if (waitMs > MAX_START_WAIT.toMillis())
        {
            throw new ParameterException(spec.commandLine(), "--start-at " + startAt + " is more than " +
                MAX_START_WAIT.toHours() + " h away");
        }
        if (waitMs < 0)
        {
            console.printf("--start-at %s passed %d ms ago: starting now%n", startAt, -waitMs);
            return;
        }
        console.printf("Waiting %d ms for --start-at %s%n", waitMs, startAt);
        console.flush();
        try
        {
            Thread.sleep(waitMs);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for --start-at", ex);
        }
    }

    /**
     * The in-flight window, rounded up to a power of two.
     */
    public int capacity()
    {
        return Integer.highestOneBit(Math.max(1, inFlight - 1)) << 1;
    }

    /**
     * The logon credentials: from {@code --credentials}, else from the environment, else from the venue profile;
     * the password goes where the profile says.
     */
    public Credentials credentials()
    {
        try
        {
            final Credentials given = credentialsFile != null ?
                Credentials.fromFile(credentialsFile) : Credentials.fromEnvironment(System.getenv());
            final VenueProfile profile = venue();
            return profile == null ? given : profile.credentials(given);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }

    /**
     * Who may log on to an embedded exchange: the run's own credentials, or anyone when there are none.
     */
    public static UserDirectory usersFor(final Credentials credentials)
    {
        return credentials.isPresent() ?
            UserDirectory.of(Map.of(credentials.username(), String.valueOf(credentials.password()))) :
            UserDirectory.open();
    }

    public SessionSettings sessionSettings(final Target target, final Credentials credentials)
    {
        try
        {
            final VenueProfile profile = venue();
            final boolean profiled = profile != null;
            return new SessionSettings(target.host(), target.port(), sessions(),
                fromVenue("--sender-comp-id", senderCompId, profiled ? profile.senderCompId() : null),
                fromVenue("--target-comp-id", targetCompId, profiled ? profile.targetCompId() : null),
                credentials,
                fromVenue("--heartbeat", heartbeatSeconds, profiled ? profile.heartbeatSeconds() : null),
                persistentSequences(),
                fromVenue("--max-msgs-per-session", maxMessagesPerSession,
                    profiled ? profile.maxMessagesPerSecond() : null),
                fromVenue("--fix-version", FixVersion.parse(fixVersion), profiled ? profile.fixVersion() : null),
                profiled ? new SubIds(profile.senderSubId(), profile.targetSubId()) : SubIds.NONE,
                profiled ? cancelOnDisconnect(profile.cancelOnDisconnectWindow()) : null);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }

    public FlowMix flowMix()
    {
        try
        {
            return flow.flows(mix);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--flow/--mix: " + ex.getMessage());
        }
    }

    /**
     * @param warmup a staged schedule's warm-up, played at its first stage's starting rate.
     */
    public Schedule arrivals(final double rate, final Duration warmup)
    {
        return schedule.arrivals(rate, warmup, seed);
    }

    /**
     * Send each request on a session of its schedule's group, when {@code --session-groups} gives groups.
     */
    public FixOrderTransport routedBy(final Schedule arrivals, final FixOrderTransport transport)
    {
        final SessionGroups groups = schedule.sessionGroups(arrivals);
        return groups == null ? transport : transport.withSessionGroups(groups);
    }

    /**
     * @return the measured duration: a staged schedule's stages', else {@code duration}.
     */
    public Duration measured(final Duration duration)
    {
        try
        {
            return schedule.measured(duration, this::isSet);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }

    /**
     * @return the mean rate offered: a staged schedule's stages', else {@code rate}.
     */
    public double offeredRate(final double rate)
    {
        return schedule.offeredRate(rate);
    }

    public ClOrdIdCodec clOrdIds()
    {
        final VenueProfile profile = venue();
        final boolean digitsOnly = profile != null && profile.clOrdIdDigitsOnly();
        final int sequenceDigits = (digitsOnly ? ClOrdIdCodec.DIGITS_ONLY_SEQUENCE_CHARS :
            ClOrdIdCodec.DEFAULT_SEQUENCE_CHARS) - clOrdIdPrefix.length();
        if (sequenceDigits < 4)
        {
            throw new ParameterException(spec.commandLine(), "--clordid-prefix '" + clOrdIdPrefix +
                "' is too long: at most " + (sequenceDigits + clOrdIdPrefix.length() - 4) +
                " characters keep ClOrdIDs within 20");
        }
        try
        {
            final ClOrdIdCodec codec = digitsOnly ? ClOrdIdCodec.digitsOnly(clOrdIdPrefix, sequenceDigits) :
                new ClOrdIdCodec(clOrdIdPrefix, sequenceDigits);
            if (profile != null && profile.maxClOrdIdLength() != null && codec.length() > profile.maxClOrdIdLength())
            {
                throw new ParameterException(spec.commandLine(), "--venue: the venue accepts ClOrdIDs of at most " +
                    profile.maxClOrdIdLength() + " characters; Sonde's are " + codec.length());
            }
            return codec;
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--clordid-prefix: " + ex.getMessage());
        }
    }

    /**
     * @param stepMessageSize a size sweep's padding for this step, or null for {@code --message-size}.
     */
    public OrderParameters orderParameters(final Integer stepMessageSize)
    {
        final OrderParameters defaults = OrderParameters.defaults(symbols, seed);
        final String account = fromVenue("--account", this.account, venue() == null ? null : venue().account());
        try
        {
            return new OrderParameters(instruments(), account, defaults.priceRangeTicks(),
                defaults.passiveOffsetTicks(), defaults.minQuantity(), defaults.maxQuantity(),
                timeInForce == TimeInForceChoice.IOC, seed, stepMessageSize == null ? messageSize : stepMessageSize);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }

    /**
     * Persistent sequences need the engine's log and archive to outlive the run; otherwise a fresh temporary
     * folder is used and removed.
     */
    public Path engineDir(final Path folder)
    {
        return persistentSequences() ? folder.resolve("engine") : ScratchFolder.create("sonde-engine");
    }

    /**
     * The instruments orders are drawn for: the venue profile's, with their reference prices, ticks, lots and
     * bands, unless {@code --symbols} names others.
     */
    private List<Instrument> instruments()
    {
        final VenueProfile profile = venue();
        if (profile == null || profile.symbols().isEmpty() || given("--symbols"))
        {
            return OrderParameters.instruments(symbols);
        }
        final List<Instrument> instruments = new ArrayList<>();
        for (final VenueSymbol symbol : profile.symbols())
        {
            final long tick = symbol.tickSize() == null ? 1 : cents(symbol, "tickSize", symbol.tickSize());
            final long reference = symbol.referencePrice() == null ?
                Math.max(tick, Instrument.DEFAULT_REFERENCE_PRICE_CENTS / tick * tick) :
                cents(symbol, "referencePrice", symbol.referencePrice());
            final long band = symbol.priceBandPercent() == null ? 0 :
                symbol.priceBandPercent().multiply(BigDecimal.valueOf(reference)).divide(BigDecimal.valueOf(100),
                    RoundingMode.DOWN).longValueExact();
            instruments.add(new Instrument(symbol.symbol(), reference, tick, symbol.lotSize(), band));
        }
        return instruments;
    }

    private long cents(final VenueSymbol symbol, final String key, final BigDecimal value)
    {
        final BigDecimal cents = value.movePointRight(2);
        if (cents.stripTrailingZeros().scale() > 0)
        {
            throw new ParameterException(spec.commandLine(), "--venue: symbol " + symbol.symbol() + ": " + key +
                " " + value.toPlainString() + " is finer than Sonde's prices, which are in hundredths");
        }
        return cents.longValueExact();
    }

    /**
     * @return the option's value when given on the command line or when the profile says nothing, else the
     *         profile's.
     */
    private <T> T fromVenue(final String option, final T optionValue, final T profileValue)
    {
        return profileValue == null || given(option) ? optionValue : profileValue;
    }

    /**
     * @return the window to ask for, or null when the profile asks for none (or says nothing).
     */
    private static Duration cancelOnDisconnect(final Duration window)
    {
        return window == null || window.isZero() ? null : window;
    }

    /**
     * @return whether the option was typed or set by the run's scenario file.
     */
    private boolean isSet(final String option)
    {
        return given(option) || ScenarioDefaults.provides(spec.commandLine(), option);
    }

    private boolean given(final String option)
    {
        return spec.commandLine().getParseResult() != null &&
            spec.commandLine().getParseResult().hasMatchedOption(option);
    }
}
