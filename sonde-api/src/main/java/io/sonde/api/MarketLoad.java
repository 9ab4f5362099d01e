package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What Sonde as the market of a trading application looks like, shared by {@code sonde market} and
 * {@code sonde market-sweep}: where its FIX acceptor listens and as whom, where its feed goes, the schedule of feed
 * events and which of them are triggers, how a reaction is matched to its trigger, and the book its events follow.
 * Options that other commands take too are the same constants ({@link FixLoad#SCHEDULE}, {@link BookSpec#DEPTH},
 * {@link ExchangeSpec#MD_UDP}, ...), described here as the market reads them.
 */
public final class MarketLoad
{
    /** The address the market's acceptor listens on unless given: loopback only. */
    public static final String DEFAULT_BIND = "127.0.0.1";
    /** The port the market's acceptor listens on unless given. */
    public static final int DEFAULT_PORT = 9879;
    /** The market's CompID unless given or in the venue profile. */
    public static final String DEFAULT_COMP_ID = "SONDEMKT";
    /** Events between triggers unless given: one event in ten is a trigger. */
    public static final int DEFAULT_TRIGGER_EVERY = 10;
    /** The most price levels a side the market's book keeps. */
    public static final int MAX_DEPTH = 64;
    /** Triggers awaiting their reaction at most: the market's table of triggers is this big. */
    public static final int TRIGGER_CAPACITY = 65_536;

    public static final Option<String> BIND = Option.text("bind", "ADDRESS", "Address the market's FIX acceptor " +
        "listens on; 0.0.0.0 for every interface, as in a container.").byDefault(DEFAULT_BIND);
    public static final Option<Integer> PORT = Option.count("port", "PORT", 0, "Port the market's FIX acceptor " +
        "listens on for the application's order sessions (and its FIX market data sessions); 0 for any free one.")
        .byDefault(DEFAULT_PORT).checked(MarketLoad::port);
    public static final Option<String> COMP_ID = Option.text("comp-id", "ID", "The market's CompID, the " +
        "application's TargetCompID.").fallingBackTo(DEFAULT_COMP_ID, "the venue profile's TargetCompID, else %s");
    public static final Option<FixVersion> FIX_VERSION = FixLoad.FIX_VERSION.describedAs("FIX version of the " +
        "application's order sessions: FIX.4.2, FIX.4.4 or FIX.5.0SP2 (a FIXT.1.1 session); FIX market data is " +
        "served on FIX.4.4 sessions.");
    public static final Option<Path> VENUE = FixLoad.VENUE.describedAs("Venue profile (YAML; " +
        "docs/venue-profiles.md) the market plays: its TargetCompID is the market's CompID, its symbols with their " +
        "ticks and reference prices are the book's. An option given overrides the profile.");
    public static final Option<String> MD_UDP = ExchangeSpec.MD_UDP.describedAs("Publish the feed (SBE over UDP, " +
        "docs/market-data.md) to each of these UDP destinations. Without it or --md-multicast the application " +
        "takes FIX market data on the acceptor.");
    public static final Option<String> MD_MULTICAST = ExchangeSpec.MD_MULTICAST;
    public static final Option<String> MD_INTERFACE = ExchangeSpec.MD_INTERFACE;
    public static final Option<Integer> MD_SNAPSHOT_PORT = ExchangeSpec.MD_SNAPSHOT_PORT;
    public static final Option<ScheduleShape> SCHEDULE = FixLoad.SCHEDULE.describedAs("Schedule of the feed's " +
        "events: constant, poisson, burst (--burst-size events intended at one instant) or steps (--stages, which " +
        "set the event rate and the measured duration). Every --trigger-every'th event is a trigger.");
    public static final Option<Integer> BURST_SIZE = FixLoad.BURST_SIZE.describedAs("Events in each burst of " +
        "--schedule burst.");
    public static final Option<RateStages> STAGES = FixLoad.STAGES.describedAs("The stages of --schedule steps, " +
        "in events per second: RATE:DURATION, FROM-TO:DURATION or 0:DURATION, e.g. 1k:10s,1k-5k:20s.");
    public static final Option<Integer> TRIGGER_EVERY = Option.count("trigger-every", "N", 2, "One event in N is " +
        "a trigger, an order added inside the spread and marked so, that the application is to react to; " +
        "tick-to-trade is measured on triggers.").byDefault(DEFAULT_TRIGGER_EVERY);
    public static final Option<MatchBy> MATCH = MatchBy.OPTION;
    public static final Option<EchoTag> ECHO_TAG = Option.of("echo-tag", "TAG", EchoTag::parse, "The tag in " +
        "which the application's order echoes the trigger's number (the feed sequence number, or MDEntryID in FIX " +
        "market data), in decimal, e.g. 58=1048577. Not a field the order needs.").byDefault(EchoTag.DEFAULT);
    public static final Option<Duration> TIMEOUT = FixLoad.TIMEOUT.describedAs("A trigger with no reaction this " +
        "long after its publication counts as missed; a reaction after it, as late.").byDefault(Duration.ofSeconds(1));
    public static final Option<EventShares> EVENT_MIX = Option.of("event-mix", "SHARES", EventShares::parse,
        "Shares of the events between triggers that add an order, cancel one or trade.")
        .byDefault(EventShares.DEFAULT);
    public static final Option<List<String>> SYMBOLS = FixLoad.SYMBOLS.describedAs("Symbols of the market's book.");
    public static final Option<Long> SEED = FixLoad.SEED.describedAs("Seed of the book's events (the same seed, " +
        "schedule and rate publish the same feed) and of Poisson arrivals.");
    public static final Option<Integer> DEPTH = BookSpec.DEPTH.describedAs("Price levels per side the book's " +
        "orders rest at, 1..LEVELS ticks from the reference price, at most " + MAX_DEPTH + ".")
        .checked(MarketLoad::depth);
    public static final Option<Integer> WALK_TICKS = BookSpec.WALK_TICKS.describedAs("Ticks the reference price " +
        "moves, up or down, at each step of its walk.");
    public static final Option<Integer> WALK_EVERY = BookSpec.WALK_EVERY.describedAs("Events on a symbol between " +
        "steps of its reference price's walk.");
    public static final Option<BookQuantity> QUANTITY = BookSpec.QUANTITY.describedAs("Lots per order of the " +
        "book: fixed:N, uniform:MIN-MAX or lognormal:MEDIAN,SHAPE.");
    public static final Option<Duration> AWAIT_APP = Option.duration("await-app", "How long the market waits for " +
        "the application to log on (and, without a UDP feed, to subscribe to FIX market data for every symbol) " +
        "before giving up.").byDefault(Duration.ofSeconds(60)).checked(MarketLoad::awaitApp);
    public static final Option<Integer> APP_BUSY_THREADS = Option.count("app-busy-threads", "N", 0, "Busy threads " +
        "the application runs, claimed for it with the market's own under --idle auto, as a foreign application " +
        "cannot claim them itself; 0 for one that claims its own (sonde strategy).").byDefault(1);
    public static final Option<IdleMode> IDLE = IdleMode.OPTION;

    /** Every option of the market, in the order of the command line's help. */
    public static final List<Option<?>> OPTIONS = List.of(BIND, PORT, COMP_ID, FIX_VERSION, VENUE, MD_UDP,
        MD_MULTICAST, MD_INTERFACE, MD_SNAPSHOT_PORT, SCHEDULE, BURST_SIZE, STAGES, TRIGGER_EVERY, MATCH, ECHO_TAG,
        TIMEOUT, EVENT_MIX, SYMBOLS, SEED, DEPTH, WALK_TICKS, WALK_EVERY, QUANTITY, AWAIT_APP, APP_BUSY_THREADS,
        IDLE);

    private final OptionValues values;

    /**
     * @throws InvalidOptionException naming the option that is wrong, or the options that do not go together.
     */
    MarketLoad(final OptionValues values)
    {
        this.values = values;
        if (match() == MatchBy.PRICE && values.given(ECHO_TAG).isPresent())
        {
            throw new InvalidOptionException("--match price reads no echo: drop --echo-tag");
        }
        checkSchedule();
    }

    public String bind()
    {
        return values.get(BIND);
    }

    public int port()
    {
        return values.get(PORT);
    }

    /**
     * @return the CompID given; else the venue profile's TargetCompID, else {@link #DEFAULT_COMP_ID}.
     */
    public Optional<String> compId()
    {
        return values.given(COMP_ID);
    }

    public Optional<FixVersion> fixVersion()
    {
        return values.given(FIX_VERSION);
    }

    public Optional<Path> venue()
    {
        return values.given(VENUE);
    }

    /**
     * @return the UDP destinations of the feed as given, {@code HOST:PORT[,HOST:PORT...]}; empty for none.
     */
    public Optional<String> mdUdp()
    {
        return values.given(MD_UDP);
    }

    public Optional<String> mdMulticast()
    {
        return values.given(MD_MULTICAST);
    }

    public Optional<String> mdInterface()
    {
        return values.given(MD_INTERFACE);
    }

    public Optional<Integer> mdSnapshotPort()
    {
        return values.given(MD_SNAPSHOT_PORT);
    }

    /**
     * @return whether the feed goes out over UDP (unicast or multicast); else FIX market data alone.
     */
    public boolean udpFeed()
    {
        return mdUdp().isPresent() || mdMulticast().isPresent();
    }

    /**
     * @return the event schedule's shape, constant unless given.
     */
    public ScheduleShape schedule()
    {
        return values.given(SCHEDULE).orElse(FixLoad.DEFAULT_SCHEDULE);
    }

    /**
     * @return the events in each burst of {@link ScheduleShape#BURST}.
     */
    public int burstSize()
    {
        return values.given(BURST_SIZE).orElse(FixLoad.DEFAULT_BURST_SIZE);
    }

    public Optional<RateStages> stages()
    {
        return values.given(STAGES);
    }

    /**
     * @return N: one event in N is a trigger, at least 2.
     */
    public int triggerEvery()
    {
        return values.get(TRIGGER_EVERY);
    }

    public MatchBy match()
    {
        return values.get(MATCH);
    }

    /**
     * @return the tag the echo is read from; only read with {@link MatchBy#ECHO}.
     */
    public EchoTag echoTag()
    {
        return values.get(ECHO_TAG);
    }

    /**
     * @return how long a trigger awaits its reaction before it counts as missed.
     */
    public Duration timeout()
    {
        return values.get(TIMEOUT);
    }

    public EventShares eventMix()
    {
        return values.get(EVENT_MIX);
    }

    /**
     * @return the symbols given; else the venue profile's, else {@link FixLoad#DEFAULT_SYMBOLS}.
     */
    public Optional<List<String>> symbols()
    {
        return values.given(SYMBOLS);
    }

    public long seed()
    {
        return values.get(SEED);
    }

    public int depth()
    {
        return values.get(DEPTH);
    }

    public int walkTicks()
    {
        return values.get(WALK_TICKS);
    }

    public int walkEvery()
    {
        return values.get(WALK_EVERY);
    }

    public BookQuantity quantity()
    {
        return values.get(QUANTITY);
    }

    public Duration awaitApp()
    {
        return values.get(AWAIT_APP);
    }

    /**
     * @return busy threads claimed on the application's behalf, beside the market's own one.
     */
    public int appBusyThreads()
    {
        return values.get(APP_BUSY_THREADS);
    }

    public IdleMode idle()
    {
        return values.get(IDLE);
    }

    /**
     * @param highestEventRate the highest event rate the market will publish at, per second.
     * @throws InvalidOptionException when the triggers that can await their reaction at once (the timeout times the
     *                                trigger rate) would not fit the market's table of triggers.
     */
    void checkCapacity(final double highestEventRate)
    {
        final double awaiting = timeout().toNanos() / 1e9 * highestEventRate / triggerEvery();
        if (awaiting > TRIGGER_CAPACITY)
        {
            throw new InvalidOptionException("--timeout " + DurationText.format(timeout()) + " at " +
                Rates.format(highestEventRate / triggerEvery()) + " triggers/s keeps up to " + Math.round(awaiting) +
                " triggers awaiting, more than the " + TRIGGER_CAPACITY + " the market holds: shorten --timeout or " +
                "raise --trigger-every");
        }
    }

    /**
     * @param defaultSlo the command's objectives unless given.
     * @return the limits a market is judged on, each described as the market reads it, in the order of the help.
     */
    static List<Option<?>> limits(final List<Slo> defaultSlo)
    {
        return List.of(Limits.SLO.describedAs("Objectives on tick-to-trade (corrected), e.g. " +
            "t2t.p99=2ms,t2t.p99.9=10ms, each limit with its unit; exit code 1 when one is missed.")
            .byDefault(defaultSlo), Limits.MAX_ERROR_RATE.describedAs("Percent of triggers that may go unanswered " +
            "(missed) before the run counts as missed."), Limits.MAX_MISS.describedAs("Percent of the event rate a " +
            "run (or step) may fall short of."), Limits.MAX_SEND_LATENESS.describedAs("Trigger publish-lateness p99 " +
            "above which Sonde itself fell behind and the result is void."), Limits.MAX_HICCUP);
    }

    /**
     * A market is judged on tick-to-trade alone, whose figures are its corrected ones: an objective on another
     * series would read them under another name.
     *
     * @throws InvalidOptionException for an objective not on tick-to-trade, saying how to write it.
     */
    static void checkObjectives(final List<Slo> objectives, final String command)
    {
        for (final Slo objective : objectives)
        {
            if (objective.series() != Slo.Series.TICK_TO_TRADE)
            {
                final String limit = DurationText.format(Duration.ofNanos(Math.round(objective.limitMicros() * 1e3)));
                final Slo t2t = new Slo(objective.percentile(), objective.limitMicros(), Slo.Series.TICK_TO_TRADE);
                throw new InvalidOptionException("--slo " + objective.label() + "=" + limit + ": sonde " + command +
                    " judges tick-to-trade: write " + t2t.label() + "=" + limit);
            }
        }
    }

    /**
     * @param forRun false for a sweep, which sets each step's rate itself.
     * @throws InvalidOptionException when a sweep is given stages.
     */
    void checkRates(final boolean forRun)
    {
        if (schedule() == ScheduleShape.STEPS && !forRun)
        {
            throw new InvalidOptionException("--schedule steps is for sonde market: a sweep sets each step's rate");
        }
    }

    public boolean equals(final Object other)
    {
        return other instanceof MarketLoad load && load.values.equals(values);
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
    }

    private static void port(final int port)
    {
        if (port > 65_535)
        {
            throw new InvalidOptionException("--port: " + port + " is not in 0..65535");
        }
    }

    private static void depth(final int depth)
    {
        if (depth > MAX_DEPTH)
        {
            throw new InvalidOptionException("--book-depth: a market keeps at most " + MAX_DEPTH + " levels a side, " +
                "not " + depth);
        }
    }

    private static void awaitApp(final Duration wait)
    {
        if (wait.isNegative() || wait.isZero())
        {
            throw new InvalidOptionException("--await-app must be a positive duration: " + DurationText.format(wait));
        }
    }
}
