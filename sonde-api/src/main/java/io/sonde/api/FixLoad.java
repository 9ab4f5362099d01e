package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What a FIX load looks like, shared by a run and a sweep: where it goes, the sessions, the order flows and prices,
 * the arrival schedule's shape and how the threads wait. Built with {@link RunSpec#builder()} or
 * {@link SweepSpec#builder()}. Each option is defined here once, as an {@link Option} named as on the command line;
 * an option that is empty was not given, and a venue profile's value or another option decides it.
 */
public final class FixLoad
{
    /** The smallest NewOrderSingle a padded order can be: an unpadded one is about 150 bytes. */
    public static final int MIN_MESSAGE_SIZE = 64;
    /** The largest NewOrderSingle a padded order can be. */
    public static final int MAX_MESSAGE_SIZE = 8192;
    /** Sessions unless given. */
    public static final int DEFAULT_SESSIONS = 1;
    /** Symbols unless given or in the venue profile. */
    public static final List<String> DEFAULT_SYMBOLS = List.of("SONDE.A");
    /** SenderCompID pattern unless given or in the venue profile. */
    public static final String DEFAULT_SENDER_COMP_ID = "SONDE%d";
    /** TargetCompID unless given or in the venue profile. */
    public static final String DEFAULT_TARGET_COMP_ID = "EXCH";
    /** HeartBtInt unless given or in the venue profile. */
    public static final int DEFAULT_HEARTBEAT_SECONDS = 30;
    /** FIX version unless given or in the venue profile. */
    public static final FixVersion DEFAULT_FIX_VERSION = FixVersion.FIX_4_4;
    /** Per-session cap on messages per second unless given or in the venue profile: none. */
    public static final int DEFAULT_MAX_MSGS_PER_SESSION = 0;
    /** The schedule's shape unless given, or session groups give each group its own. */
    public static final ScheduleShape DEFAULT_SCHEDULE = ScheduleShape.CONSTANT;
    /** Orders in a burst unless given. */
    public static final int DEFAULT_BURST_SIZE = 100;

    private static final String VENUE_ELSE = "the venue profile's, else %s";
    private static final String TARGET_OR_EMBEDDED = "give either --target HOST:PORT or --embedded";
    private static final String GROUPS_HAVE_SHAPES = "--session-groups gives each group its shape: drop ";

    public static final Option<Target> TARGET = Option.of("target", "HOST:PORT", Target::parse,
        "Acceptor address HOST:PORT. Either this or --embedded.");
    public static final Option<Boolean> EMBEDDED = Option.flag("embedded", "Start the bundled exchange (Artio " +
        "gateway + one-member Aeron Cluster matching engine) in this process on a free loopback port and drive it " +
        "(needs io.sonde:exchange-sut on the classpath). Its users are the run's credentials, if any; its symbols " +
        "are --symbols.").excluding(TARGET, TARGET_OR_EMBEDDED);
    public static final Option<Integer> NODES = Option.count("nodes", "N", 1, "With --embedded: cluster members " +
        "of the bundled exchange, 1 (in this process) or 3 (member processes Sonde starts and stops, backing off " +
        "when idle, with the gateway in this process), which survive losing their leader.")
        .byDefault(1).checked(FixLoad::nodes);
    public static final Option<Path> VENUE = Option.path("venue", "FILE", "Venue profile (YAML; " +
        "docs/venue-profiles.md): CompIDs, logon, heartbeat, sequences, account, symbols, message-rate cap, ClOrdID " +
        "limit and the extra fields each order message carries. An option given overrides the profile.");
    public static final Option<Integer> SESSIONS = Option.count("sessions", "N", 1,
        "FIX sessions to open.").fallingBackTo(DEFAULT_SESSIONS, "%s, or the session groups' total");
    public static final Option<Duration> TIMEOUT = Option.duration("timeout",
        "A lifecycle not finished this long after its send counts as timed out.")
        .byDefault(Duration.ofSeconds(5)).checked(FixLoad::positive);
    public static final Option<Flow> FLOW = Option.of("flow", "FLOW", Flow::parse,
        "new, new-cancel, new-replace-cancel, mix (weights from --mix), or book (an order book at the venue: " +
            "passive, aggressive, cancel and replace actions, the --book-* options and those after them).")
        .byDefault(Flow.NEW);
    public static final Option<FlowMix> MIX = Option.of("mix", "WEIGHTS", FlowMix::parse,
        "Flow weights for --flow mix.").byDefault(FlowMix.DEFAULT);
    public static final Option<TimeInForce> TIF = Option.of("tif", "TIF", TimeInForce::parse,
        "Orders of the new flow, priced to cross: ioc (fill or expire) or day (rests if not filled). With " +
            "--market-data the default is day, so that every order trades or rests and shows on the feed.")
        .byDefault(TimeInForce.IOC);
    public static final Option<List<String>> SYMBOLS = Option.list("symbols", "SYMBOL,...", symbol -> symbol,
        symbol -> symbol, "Symbols to trade.").checked(FixLoad::symbols).fallingBackTo(DEFAULT_SYMBOLS, VENUE_ELSE);
    public static final Option<String> ACCOUNT = Option.text("account", "ACCOUNT", "Account (1) on every order.");
    public static final Option<String> SENDER_COMP_ID = Option.text("sender-comp-id", "PATTERN",
        "SenderCompID pattern, %d is the session number.").fallingBackTo(DEFAULT_SENDER_COMP_ID, VENUE_ELSE);
    public static final Option<String> TARGET_COMP_ID = Option.text("target-comp-id", "ID",
        "TargetCompID.").fallingBackTo(DEFAULT_TARGET_COMP_ID, VENUE_ELSE);
    public static final Option<Path> CREDENTIALS = Option.path("credentials", "FILE", "Properties file with " +
        "username= and password= lines (default: the environment's SONDE_FIX_USERNAME and SONDE_FIX_PASSWORD).");
    public static final Option<Integer> HEARTBEAT = Option.count("heartbeat", "SECONDS", 1,
        "HeartBtInt seconds.").fallingBackTo(DEFAULT_HEARTBEAT_SECONDS, VENUE_ELSE);
    public static final Option<Boolean> PERSISTENT_SEQUENCES = Option.flag("persistent-sequences",
        "Keep sequence numbers (and the engine's log and archive, in the --out folder's engine/) across runs " +
            "instead of resetting; a reset the venue forces is reported.");
    public static final Option<Integer> MAX_MSGS_PER_SESSION = Option.count("max-msgs-per-session", "N", 0,
        "Per-session cap on messages per second, as venues impose; 0 = none.")
        .fallingBackTo(DEFAULT_MAX_MSGS_PER_SESSION, VENUE_ELSE);
    public static final Option<String> CLORDID_PREFIX = Option.of("clordid-prefix", "PREFIX", text -> text,
        "Prefix on every ClOrdID, e.g. to mark synthetic orders (shortens the sequence field).").byDefault("");
    public static final Option<Long> SEED = Option.of("seed", "SEED", text -> Long.parseLong(text.trim()),
        "Seed for sides, prices, quantities, flows and Poisson arrivals.").byDefault(1L);
    public static final Option<IdleMode> IDLE = IdleMode.OPTION;
    public static final Option<Integer> MESSAGE_SIZE = Option.count("message-size", "BYTES", 0,
        "Pad every NewOrderSingle with Text (58) to this many bytes, header to checksum; 0 = unpadded.")
        .byDefault(0).checked(size -> messageSize("--message-size", size));
    public static final Option<Instant> START_AT = Option.instant("start-at", "Wall-clock instant (ISO-8601, e.g. " +
        "2026-11-22T14:00:00Z) at which to start the load, after logging on: several generators given the same " +
        "instant start together.");
    public static final Option<FixVersion> FIX_VERSION = Option.of("fix-version", "VERSION", FixVersion::parse,
        "FIX.4.2, FIX.4.4 or FIX.5.0SP2 (a FIXT.1.1 session).").fallingBackTo(DEFAULT_FIX_VERSION, VENUE_ELSE);
    public static final Option<Integer> IN_FLIGHT = Option.count("in-flight", "N", 1,
        "Most lifecycles in flight at once.").byDefault(65_536);
    public static final Option<ScheduleShape> SCHEDULE = Option.of("schedule", "SHAPE", ScheduleShape::parse,
        "Arrival schedule: constant, poisson, burst (--burst-size orders intended at one instant, as often as the " +
            "rate needs) or steps (--stages, which set the rate and the measured duration).")
        .fallingBackTo(DEFAULT_SCHEDULE, "%s");
    public static final Option<Integer> BURST_SIZE = Option.count("burst-size", "ORDERS", 1,
        "Orders in each burst of --schedule burst.").fallingBackTo(DEFAULT_BURST_SIZE, "%s");
    public static final Option<RateStages> STAGES = Option.of("stages", "STAGES", RateStages::parse,
        "The stages of --schedule steps, played in order: RATE:DURATION for a flat step, FROM-TO:DURATION for a " +
            "linear ramp, 0:DURATION for a pause, e.g. 1k:10s,1k-5k:20s,5k:10s. They last the measured duration " +
            "(--duration, if given, must agree); the warm-up runs at the first stage's starting rate.");
    public static final Option<SessionGroups> SESSION_GROUPS = Option.of("session-groups", "GROUPS",
        SessionGroups::parse, "Give groups of sessions their own shapes, SESSIONS:SHAPE,... with SHAPE constant, " +
            "poisson or burst(ORDERS), e.g. 4:constant,2:burst(50): the first 4 sessions steady, the next 2 " +
            "bursting. Every session carries an equal share of the rate; the groups' sessions add up to " +
            "--sessions, which they set when it is not given. Instead of --schedule.")
        .excluding(SCHEDULE, GROUPS_HAVE_SHAPES + "--schedule").excluding(STAGES, GROUPS_HAVE_SHAPES + "--stages")
        .excluding(BURST_SIZE, GROUPS_HAVE_SHAPES + "--burst-size");
    public static final Option<MarketDataSource> MARKET_DATA = Option.of("market-data", "SOURCE",
        MarketDataSource::parse, "Time each order's first public event on the venue's market data " +
            "(order-to-tick, and cancel-to-tick and replace-to-tick): udp://HOST:PORT[?snapshot=HOST:PORT]" +
            "[&interface=NAME] the exchange's UDP feed (a multicast HOST is joined), udp with --embedded, or fix " +
            "(a market data session on the target's FIX gateway). Needs an order-level feed.");

    /** Every option of a load, in the order of the command line's help. */
    public static final List<Option<?>> OPTIONS = List.of(TARGET, EMBEDDED, NODES, VENUE, SESSIONS, SCHEDULE,
        BURST_SIZE, STAGES, SESSION_GROUPS, TIMEOUT, FLOW, MIX, TIF, SYMBOLS, ACCOUNT, SENDER_COMP_ID, TARGET_COMP_ID,
        CREDENTIALS, HEARTBEAT, PERSISTENT_SEQUENCES, MAX_MSGS_PER_SESSION, CLORDID_PREFIX, SEED, IDLE, MESSAGE_SIZE,
        START_AT, FIX_VERSION, IN_FLIGHT, MARKET_DATA, BookSpec.DEPTH, BookSpec.ORDER_TO_TRADE, BookSpec.CANCEL_SHARE,
        BookSpec.REPLACE_SHARE, BookSpec.SWEEP_LEVELS, BookSpec.WALK_TICKS, BookSpec.WALK_EVERY, BookSpec.QUANTITY,
        BookSpec.BUY_SHARE, BookSpec.ZIPF, BookSpec.MAX_RESTING, BookSpec.PICK, BookSpec.SHAPE, MassCancel.OPTION);

    private final OptionValues values;

    /**
     * @throws InvalidOptionException naming the option that is wrong, or the options that do not go together.
     */
    FixLoad(final OptionValues values)
    {
        this.values = values;
        if (!embedded() && target().isEmpty())
        {
            throw new InvalidOptionException(TARGET_OR_EMBEDDED);
        }
        if (!embedded() && values.given(NODES).isPresent())
        {
            throw new InvalidOptionException("--nodes is the bundled exchange's cluster size: it needs --embedded");
        }
        checkSchedule();
        checkMarketData();
        book();
    }

    public Optional<Target> target()
    {
        return values.given(TARGET);
    }

    public boolean embedded()
    {
        return values.get(EMBEDDED);
    }

    /**
     * @return the embedded exchange's cluster members: 1, or 3 as processes of their own.
     */
    public int nodes()
    {
        return values.get(NODES);
    }

    public Optional<Path> venue()
    {
        return values.given(VENUE);
    }

    /**
     * @return the sessions given; {@link #sessionCount()} is how many are opened.
     */
    public Optional<Integer> sessions()
    {
        return values.given(SESSIONS);
    }

    public Duration timeout()
    {
        return values.get(TIMEOUT);
    }

    public Flow flow()
    {
        return values.get(FLOW);
    }

    public FlowMix mix()
    {
        return values.get(MIX);
    }

    /**
     * @return the order book {@code --flow book} keeps; empty for the other flows.
     * @throws InvalidOptionException when its shares do not add up or its cap cannot hold it.
     */
    public Optional<BookSpec> book()
    {
        return flow() == Flow.BOOK ? Optional.of(BookSpec.of(values)) : Optional.empty();
    }

    /**
     * @return whether the book flow's close-out starts with a mass cancel.
     */
    public boolean massCancel()
    {
        return values.get(MassCancel.OPTION).tries(embedded());
    }

    /**
     * @return the new flow's time in force: as given, else day when order-to-tick is measured (an IOC order that
     * meets nothing never reaches the book, so the feed never shows it), else IOC.
     */
    public TimeInForce timeInForce()
    {
        return values.given(TIF).orElse(marketData().isPresent() ? TimeInForce.DAY : values.get(TIF));
    }

    public Optional<List<String>> symbols()
    {
        return values.given(SYMBOLS);
    }

    public Optional<String> account()
    {
        return values.given(ACCOUNT);
    }

    public Optional<String> senderCompId()
    {
        return values.given(SENDER_COMP_ID);
    }

    public Optional<String> targetCompId()
    {
        return values.given(TARGET_COMP_ID);
    }

    public Optional<Path> credentialsFile()
    {
        return values.given(CREDENTIALS);
    }

    public Optional<Integer> heartbeatSeconds()
    {
        return values.given(HEARTBEAT);
    }

    public Optional<Boolean> persistentSequences()
    {
        return values.given(PERSISTENT_SEQUENCES);
    }

    public Optional<Integer> maxMessagesPerSession()
    {
        return values.given(MAX_MSGS_PER_SESSION);
    }

    public String clOrdIdPrefix()
    {
        return values.get(CLORDID_PREFIX);
    }

    public long seed()
    {
        return values.get(SEED);
    }

    public IdleMode idle()
    {
        return values.get(IDLE);
    }

    public int messageSize()
    {
        return values.get(MESSAGE_SIZE);
    }

    public Optional<Instant> startAt()
    {
        return values.given(START_AT);
    }

    public Optional<FixVersion> fixVersion()
    {
        return values.given(FIX_VERSION);
    }

    public int inFlight()
    {
        return values.get(IN_FLIGHT);
    }

    /**
     * @return where order-to-tick is measured; empty when it is not.
     */
    public Optional<MarketDataSource> marketData()
    {
        return values.given(MARKET_DATA);
    }

    /**
     * @return the schedule's shape, constant unless given.
     */
    public ScheduleShape schedule()
    {
        return values.given(SCHEDULE).orElse(DEFAULT_SCHEDULE);
    }

    /**
     * @return the orders in each burst of {@link ScheduleShape#BURST}.
     */
    public int burstSize()
    {
        return values.given(BURST_SIZE).orElse(DEFAULT_BURST_SIZE);
    }

    public Optional<RateStages> stages()
    {
        return values.given(STAGES);
    }

    public Optional<SessionGroups> sessionGroups()
    {
        return values.given(SESSION_GROUPS);
    }

    /**
     * @return the sessions to open: the groups' total when there are session groups and none were given.
     */
    public int sessionCount()
    {
        return sessions().orElseGet(() -> sessionGroups().map(SessionGroups::totalSessions).orElse(DEFAULT_SESSIONS));
    }

    /**
     * @param forRun false for a sweep, which sets each step's rate itself.
     * @throws InvalidOptionException when a sweep is given stages.
     */
    void checkRates(final boolean forRun)
    {
        if (schedule() == ScheduleShape.STEPS && !forRun)
        {
            throw new InvalidOptionException("--schedule steps is for sonde run: a sweep sets each step's rate");
        }
    }

    public boolean equals(final Object other)
    {
        return other instanceof FixLoad load && load.values.equals(values);
    }

    public int hashCode()
    {
        return values.hashCode();
    }

    public String toString()
    {
        return values.toString();
    }

    private void checkSchedule()
    {
        final ScheduleShape shape = schedule();
        if (shape == ScheduleShape.STEPS && stages().isEmpty())
        {
            throw new InvalidOptionException("--schedule steps needs --stages, e.g. 1k:10s,1k-5k:20s");
        }
        if (shape != ScheduleShape.STEPS && stages().isPresent())
        {
            throw new InvalidOptionException("--stages are the stages of --schedule steps, not " + shape);
        }
        if (shape != ScheduleShape.BURST && values.given(BURST_SIZE).isPresent())
        {
            throw new InvalidOptionException("--burst-size is the burst of --schedule burst, not " + shape);
        }
        sessionGroups().ifPresent(groups ->
        {
            if (sessions().isPresent() && groups.totalSessions() != sessions().get())
            {
                throw new InvalidOptionException("--session-groups " + groups + " has " + groups.totalSessions() +
                    " sessions but --sessions is " + sessions().get());
            }
        });
    }

    private void checkMarketData()
    {
        marketData().ifPresent(source ->
        {
            if (source.kind() == MarketDataSource.Kind.UDP && source.feed().isEmpty() && !embedded())
            {
                throw new InvalidOptionException("--market-data udp names no feed: give udp://HOST:PORT, or run " +
                    "--embedded, whose exchange publishes to Sonde");
            }
        });
    }

    private static void positive(final Duration timeout)
    {
        if (timeout.isNegative() || timeout.isZero())
        {
            throw new InvalidOptionException("--timeout must be a positive duration: " + DurationText.format(timeout));
        }
    }

    /**
     * @throws InvalidOptionException when {@code size} is neither 0 (unpadded) nor a size an order can be padded to.
     */
    static void messageSize(final String option, final int size)
    {
        if (size != 0 && (size < MIN_MESSAGE_SIZE || size > MAX_MESSAGE_SIZE))
        {
            throw new InvalidOptionException(option + ": message size " + size + " is not in " + MIN_MESSAGE_SIZE +
                ".." + MAX_MESSAGE_SIZE + " bytes (an unpadded NewOrderSingle is about 150)");
        }
    }

    static void nodes(final int nodes)
    {
        if (nodes != 1 && nodes != 3)
        {
            throw new InvalidOptionException("--nodes: " + nodes + " is not 1 or 3");
        }
    }

    static void symbols(final List<String> symbols)
    {
        if (symbols.isEmpty() || symbols.stream().anyMatch(String::isBlank))
        {
            throw new InvalidOptionException("--symbols must name at least one symbol, none blank: " + symbols);
        }
    }
}
