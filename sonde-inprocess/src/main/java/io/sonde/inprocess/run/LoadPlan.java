package io.sonde.inprocess.run;

import io.sonde.api.BookSpec;
import io.sonde.api.FixLoad;
import io.sonde.api.Flow;
import io.sonde.api.FlowMix;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.Target;
import io.sonde.api.TimeInForce;
import io.sonde.fix.client.FixClient;
import io.sonde.fix.client.order.CarriesExtraFields;
import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.VenueClOrdIds;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.FlowChooser;
import io.sonde.fix.client.order.Instrument;
import io.sonde.fix.client.order.OrderParameters;
import io.sonde.fix.client.order.SessionGroupRouter;
import io.sonde.fix.client.profile.OrderMessageType;
import io.sonde.fix.client.profile.VenueProfile;
import io.sonde.fix.client.profile.VenueProfileException;
import io.sonde.fix.client.profile.VenueProfileReader;
import io.sonde.fix.client.profile.VenueSymbol;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.SessionSettings;
import io.sonde.fix.client.session.SubIds;
import io.sonde.fix.engine.ScratchFolder;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.idle.ThreadLayout;
import io.sonde.loadgen.schedule.Schedule;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one place a {@link FixLoad}'s options become what a run needs: session settings, order parameters, the
 * ClOrdID layout, the schedule, the thread layout and the credentials, with the venue profile's values where the
 * load gives none. {@code run}, {@code sweep}, {@code replay} and the API all go through it. Every problem is an
 * {@link InvalidOptionException} naming the option.
 */
public final class LoadPlan
{
    private static final Duration MAX_START_WAIT = Duration.ofHours(24);

    private final FixLoad load;
    private final VenueProfile venue;

    private LoadPlan(final FixLoad load, final VenueProfile venue)
    {
        this.load = load;
        this.venue = venue;
    }

    /**
     * Reads and checks the venue profile, if any.
     *
     * @throws InvalidOptionException naming every problem in the profile.
     */
    public static LoadPlan of(final FixLoad load)
    {
        try
        {
            return new LoadPlan(load, load.venue().map(new VenueProfileReader()::read).orElse(null));
        }
        catch (final VenueProfileException ex)
        {
            throw new InvalidOptionException("--venue " + ex.getMessage(), ex);
        }
    }

    /**
     * Reads the venue profile and checks what only it can say: the credentials and the ClOrdID layout; and that
     * the market data feed's hosts resolve, before anything starts or an output folder is made.
     *
     * @throws InvalidOptionException naming what is wrong.
     */
    public static LoadPlan checked(final FixLoad load)
    {
        final LoadPlan plan = of(load);
        plan.credentials();
        plan.clOrdIds();
        load.marketData().filter(source -> source.feed().isPresent()).ifPresent(FeedEndpoint::of);
        load.book().ifPresent(book -> book.checkFits(plan.symbols().size()));
        return plan;
    }

    public FixLoad load()
    {
        return load;
    }

    /**
     * @return the venue profile, or null without one.
     */
    public VenueProfile venue()
    {
        return venue;
    }

    /**
     * @return the flows each request draws from: the one flow given, or the weights of the mix.
     */
    public FlowMix flowMix()
    {
        return load.flow() == Flow.MIX ? load.mix() : new FlowMix(Map.of(load.flow(), 1));
    }

    /**
     * @return what draws each request's flow from {@link #flowMix()}.
     */
    public FlowChooser flowChooser()
    {
        return new FlowChooser(flowMix());
    }

    /**
     * @return the book {@code --flow book} keeps, or null for the other flows.
     */
    public BookSpec book()
    {
        return load.book().orElse(null);
    }

    public int sessions()
    {
        return load.sessionCount();
    }

    /**
     * @return the symbols traded: those given, else the venue profile's, else the default.
     */
    public List<String> symbols()
    {
        if (load.symbols().isPresent())
        {
            return load.symbols().get();
        }
        if (venue == null || venue.symbols().isEmpty())
        {
            return FixLoad.DEFAULT_SYMBOLS;
        }
        return venue.symbols().stream().map(VenueSymbol::symbol).toList();
    }

    /**
     * Give the transport the venue profile's extra fields for each order message.
     */
    public <T extends CarriesExtraFields<T>> T withVenueFields(final T transport)
    {
        if (venue == null)
        {
            return transport;
        }
        try
        {
            return transport.withExtraFields(
                venue.extraFields(OrderMessageType.NEW_ORDER_SINGLE, sessions(), load.seed()),
                venue.extraFields(OrderMessageType.ORDER_CANCEL_REQUEST, sessions(), load.seed()),
                venue.extraFields(OrderMessageType.ORDER_CANCEL_REPLACE_REQUEST, sessions(), load.seed()));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException("--venue: " + ex.getMessage(), ex);
        }
    }

    /**
     * @return the threads on the host that wake for every order of the run, which {@code --idle auto} fits to the
     *         cores: the run's busy threads and, with three member processes, the members' six, which back off when
     *         idle but wake at every consensus round. Busy-spinning the run's two threads beside them took the cores
     *         the members wake for: at 2,000 orders/s on a 2-vCPU VM the p50 was 6.7 ms spinning, 1.1 ms in the spin
     *         window and 0.96 ms backing off.
     */
    public int hostBusyThreadCount()
    {
        return busyThreads().size() + (load.embedded() && load.nodes() == 3 ? ThreeMemberTarget.MEMBER_THREADS : 0);
    }

    /**
     * The run's busy threads and what each runs: the load thread owns the client's whole FIX path (with an embedded
     * exchange it is the exchange member's infrastructure thread, which also runs the member's driver, archive and
     * consensus module); the exchange's service thread runs the matching engine and the gateway. With three member
     * processes the gateway has a thread of its own here and the members back off. Persistent sequence numbers keep
     * the client's engine on threads of its own, which back off.
     */
    public ThreadLayout layout(final HostIdle idle)
    {
        return new ThreadLayout(busyThreads(), idle.describe(), Runtime.getRuntime().availableProcessors());
    }

    private List<ThreadLayout.BusyThread> busyThreads()
    {
        final List<String> runs = new ArrayList<>(List.of("load agent", "FIX library"));
        if (!persistentSequences())
        {
            runs.addAll(List.of("Artio engine", "media driver and archive"));
        }
        if (!load.embedded())
        {
            return List.of(new ThreadLayout.BusyThread(FixClient.LOAD_THREAD, runs));
        }
        if (load.nodes() == 3)
        {
            return List.of(new ThreadLayout.BusyThread(FixClient.LOAD_THREAD, runs),
                new ThreadLayout.BusyThread(ThreeMemberTarget.GATEWAY_THREAD, List.of("gateway FIX library",
                    "gateway Artio engine", "gateway media driver and archive", "cluster client")));
        }
        runs.addAll(List.of("exchange consensus module", "exchange media driver and archive"));
        return List.of(new ThreadLayout.BusyThread(EmbeddedTarget.INFRA_THREAD, runs),
            new ThreadLayout.BusyThread(EmbeddedTarget.SERVICE_THREAD, List.of("matching engine",
                "gateway FIX library", "gateway Artio engine", "gateway media driver and archive", "cluster egress")));
    }

    public boolean persistentSequences()
    {
        return fromVenue(load.persistentSequences(), venue == null ? null : venue.persistentSequences(), false);
    }

    /**
     * Wait for the load's start instant, if it has one. A start already past starts at once and says how late.
     */
    public void awaitStart(final PrintWriter console)
    {
        final Instant startAt = load.startAt().orElse(null);
        if (startAt == null)
        {
            return;
        }
        final long waitMs = Duration.between(Instant.now(), startAt).toMillis();
        if (waitMs > MAX_START_WAIT.toMillis())
        {
            throw new InvalidOptionException("--start-at " + startAt + " is more than " + MAX_START_WAIT.toHours() +
                " h away");
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
     * @return the in-flight window, rounded up to a power of two.
     */
    public int capacity()
    {
        return Integer.highestOneBit(Math.max(1, load.inFlight() - 1)) << 1;
    }

    /**
     * The logon credentials: from the credentials file, else from the environment, else from the venue profile;
     * the password goes where the profile says.
     */
    public Credentials credentials()
    {
        try
        {
            final Credentials given = load.credentialsFile().isPresent() ?
                Credentials.fromFile(load.credentialsFile().get()) : Credentials.fromEnvironment(System.getenv());
            return venue == null ? given : venue.credentials(given);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException("--credentials: " + ex.getMessage(), ex);
        }
    }

    public SessionSettings sessionSettings(final Target target, final Credentials credentials)
    {
        final boolean profiled = venue != null;
        try
        {
            return new SessionSettings(target.host(), target.port(), sessions(),
                fromVenue(load.senderCompId(), profiled ? venue.senderCompId() : null, FixLoad.DEFAULT_SENDER_COMP_ID),
                fromVenue(load.targetCompId(), profiled ? venue.targetCompId() : null, FixLoad.DEFAULT_TARGET_COMP_ID),
                credentials,
                fromVenue(load.heartbeatSeconds(), profiled ? venue.heartbeatSeconds() : null,
                    FixLoad.DEFAULT_HEARTBEAT_SECONDS),
                persistentSequences(),
                fromVenue(load.maxMessagesPerSession(), profiled ? venue.maxMessagesPerSecond() : null,
                    FixLoad.DEFAULT_MAX_MSGS_PER_SESSION),
                fromVenue(load.fixVersion(), profiled ? venue.fixVersion() : null, FixLoad.DEFAULT_FIX_VERSION),
                profiled ? new SubIds(venue.senderSubId(), venue.targetSubId()) : SubIds.NONE,
                profiled ? cancelOnDisconnect(venue.cancelOnDisconnectWindow()) : null)
                .withHopStamps(load.embedded() || profiled && venue.hopStamps());
        }
        catch (final InvalidOptionException ex)
        {
            throw ex;
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException(ex.getMessage(), ex);
        }
    }

    /**
     * @param warmup a staged schedule's warm-up, played at its first stage's starting rate.
     */
    public Schedule arrivals(final double rate, final Duration warmup)
    {
        return Arrivals.of(load, rate, warmup);
    }

    /**
     * Send each request on a session of its schedule's group, when the load has session groups.
     */
    public FixOrderTransport routedBy(final Schedule arrivals, final FixOrderTransport transport)
    {
        final SessionGroupRouter groups = Arrivals.sessionGroups(load, arrivals);
        return groups == null ? transport : transport.withSessionGroups(groups);
    }

    /**
     * @return the ClOrdID layout: digits only when the venue wants them, the prefix first, within the venue's
     *         maximum length.
     */
    public ClOrdIdCodec clOrdIds()
    {
        final String prefix = load.clOrdIdPrefix();
        final boolean digitsOnly = venue != null && venue.clOrdIdDigitsOnly();
        final int sequenceDigits = (digitsOnly ? ClOrdIdCodec.DIGITS_ONLY_SEQUENCE_CHARS :
            ClOrdIdCodec.DEFAULT_SEQUENCE_CHARS) - prefix.length();
        if (sequenceDigits < 4)
        {
            throw new InvalidOptionException("--clordid-prefix '" + prefix + "' is too long: at most " +
                (sequenceDigits + prefix.length() - 4) + " characters keep ClOrdIDs within 20");
        }
        try
        {
            return VenueClOrdIds.codec(venue, prefix, sequenceDigits);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException((venue == null ? "--clordid-prefix: " : "--clordid-prefix, --venue: ") +
                ex.getMessage(), ex);
        }
    }

    /**
     * @param stepMessageSize a size sweep's padding for this step, or null for the load's own.
     */
    public OrderParameters orderParameters(final Integer stepMessageSize)
    {
        final OrderParameters defaults = OrderParameters.defaults(symbols(), load.seed());
        final String account = fromVenue(load.account(), venue == null ? null : venue.account(), null);
        try
        {
            return new OrderParameters(instruments(), account, defaults.priceRangeTicks(),
                defaults.passiveOffsetTicks(), defaults.minQuantity(), defaults.maxQuantity(),
                load.timeInForce() == TimeInForce.IOC, load.seed(),
                stepMessageSize == null ? load.messageSize() : stepMessageSize);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException(ex.getMessage(), ex);
        }
    }

    /**
     * Persistent sequences need the engine's log and archive to outlive the run; otherwise a fresh temporary folder
     * is used and removed.
     */
    public Path engineDir(final Path folder)
    {
        return persistentSequences() ? folder.resolve("engine") : ScratchFolder.create("sonde-engine");
    }

    /**
     * The instruments orders are drawn for: the venue profile's, with their reference prices, ticks, lots and
     * bands, unless the load names its own symbols.
     */
    private List<Instrument> instruments()
    {
        if (load.symbols().isPresent() || venue == null || venue.symbols().isEmpty())
        {
            return OrderParameters.instruments(symbols());
        }
        final List<Instrument> instruments = new ArrayList<>();
        for (final VenueSymbol symbol : venue.symbols())
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

    private static long cents(final VenueSymbol symbol, final String key, final BigDecimal value)
    {
        final BigDecimal cents = value.movePointRight(2);
        if (cents.stripTrailingZeros().scale() > 0)
        {
            throw new InvalidOptionException("--venue: symbol " + symbol.symbol() + ": " + key + " " +
                value.toPlainString() + " is finer than Sonde's prices, which are in hundredths");
        }
        return cents.longValueExact();
    }

    /**
     * @return the option's value when given, else the profile's when it has one, else the default.
     */
    private static <T> T fromVenue(final Optional<T> given, final T profileValue, final T defaultValue)
    {
        return given.orElse(profileValue != null ? profileValue : defaultValue);
    }

    /**
     * @return the window to ask for, or null when the profile asks for none (or says nothing).
     */
    private static Duration cancelOnDisconnect(final Duration window)
    {
        return window == null || window.isZero() ? null : window;
    }
}
