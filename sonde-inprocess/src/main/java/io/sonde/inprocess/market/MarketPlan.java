package io.sonde.inprocess.market;

import io.sonde.api.DurationText;
import io.sonde.api.FixLoad;
import io.sonde.api.FixVersion;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.MarketEndpoints;
import io.sonde.api.MarketLoad;
import io.sonde.api.MatchBy;
import io.sonde.api.Rates;
import io.sonde.fix.client.profile.VenueProfile;
import io.sonde.fix.client.profile.VenueProfileException;
import io.sonde.fix.client.profile.VenueProfileReader;
import io.sonde.fix.client.profile.VenueSymbol;
import io.sonde.inprocess.run.Arrivals;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.idle.ThreadLayout;
import io.sonde.loadgen.schedule.Schedule;
import io.sonde.market.Market;
import io.sonde.market.MarketSettings;
import io.sonde.market.MarketShape;
import io.sonde.market.MarketSymbol;
import io.sonde.market.MatchMode;
import io.sonde.md.publish.FeedOptions;
import io.sonde.md.publish.FeedSettings;

import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A market's options read once, before anything listens: the venue profile it plays, its symbols in the feed's
 * fixed point, where its feed goes, and the market's settings built from them. Whatever can be found wrong in them
 * is found here, naming the option.
 */
final class MarketPlan
{
    /** The feed's prices have four decimals: 1.0 is 10,000. */
    static final int PRICE_DECIMALS = 4;
    /** A symbol's tick unless the venue profile gives one: 0.01. */
    static final long DEFAULT_TICK = 100;
    /** A symbol's reference price unless the venue profile gives one: 100.00. */
    static final long DEFAULT_REFERENCE = 1_000_000;
    /** The name of the market's one busy thread. */
    static final String THREAD = "sonde-market";

    private final MarketLoad load;
    private final MarketSettings settings;

    private MarketPlan(final MarketLoad load, final MarketSettings settings)
    {
        this.load = load;
        this.settings = settings;
    }

    /**
     * @throws InvalidOptionException for a venue profile that cannot be read, a symbol the market cannot price, a
     *                                feed address that is not one, or options that do not go together.
     */
    static MarketPlan of(final MarketLoad load)
    {
        final VenueProfile venue = venue(load);
        final FixVersion version = load.fixVersion().orElse(venue != null && venue.fixVersion() != null ?
            venue.fixVersion() : FixLoad.DEFAULT_FIX_VERSION);
        final String compId = load.compId().orElse(venue != null && venue.targetCompId() != null ?
            venue.targetCompId() : MarketLoad.DEFAULT_COMP_ID);
        if (load.mdUdp().isPresent() && load.mdMulticast().isPresent())
        {
            throw new InvalidOptionException("--md-udp and --md-multicast both say where the feed goes: give one");
        }
        if (load.mdMulticast().isPresent() && load.mdInterface().isEmpty())
        {
            throw new InvalidOptionException("--md-multicast needs --md-interface, the interface it leaves by");
        }
        final FeedSettings feed = FeedOptions.parse(load.mdUdp(), load.mdMulticast(), load.mdInterface(),
            load.mdSnapshotPort(), "--md-");
        final List<InetSocketAddress> unicast = feed.unicast();
        final InetSocketAddress group = feed.multicastGroup();
        if (unicast.isEmpty() && group == null && version != FixVersion.FIX_4_4)
        {
            throw new InvalidOptionException("--fix-version " + version + ": FIX market data is served on FIX.4.4 " +
                "sessions only; give --md-udp for a feed over UDP, or --fix-version FIX.4.4");
        }
        try
        {
            final MarketSettings settings = new MarketSettings(load.bind(), load.port(), compId, version,
                venue == null ? null : venue.password(), symbols(load, venue), unicast, group,
                feed.multicastInterface(), feed.snapshotPort(),
                load.match() == MatchBy.PRICE ? MatchMode.PRICE : MatchMode.ECHO, load.echoTag().tag(), load.seed(),
                new MarketShape(load.depth(), load.walkTicks(), load.walkEvery(), load.quantity(),
                load.eventMix().add(), load.eventMix().cancel(), load.eventMix().trade()),
                load.timeout().toNanos());
            return new MarketPlan(load, settings);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException(ex.getMessage(), ex);
        }
    }

    /**
     * Matching by price needs every awaiting trigger on a sub-tick price of its own: at most
     * {@link MarketShape#MAX_DEPTH} levels, each with (tick − 1) sub-ticks, a side and a symbol.
     *
     * @param highestEventRate the highest event rate the market will publish at, per second.
     * @throws InvalidOptionException when the triggers that can await at once outnumber those prices.
     */
    void checkPriceCapacity(final double highestEventRate)
    {
        if (load.match() != MatchBy.PRICE)
        {
            return;
        }
        final long prices = settings.symbols().stream().mapToLong(symbol -> 2L * MarketShape.MAX_DEPTH *
            (symbol.tick() - 1)).sum();
        final double awaiting = load.timeout().toNanos() / 1e9 * highestEventRate / load.triggerEvery();
        if (awaiting > prices)
        {
            throw new InvalidOptionException(String.format(Locale.ROOT, "--match price: --timeout %s at %s " +
                "triggers/s keeps up to %.0f triggers awaiting, more than the %d sub-tick prices the symbols' ticks " +
                "leave: shorten --timeout or raise --trigger-every", DurationText.format(load.timeout()),
                Rates.format(highestEventRate / load.triggerEvery()), awaiting, prices));
        }
    }

    MarketLoad load()
    {
        return load;
    }

    MarketSettings settings()
    {
        return settings;
    }

    /**
     * @return the intended times of every event at {@code rate} events per second, after a warm-up as long as given.
     */
    Schedule events(final double rate, final Duration warmup)
    {
        return Arrivals.of(load.schedule(), load.seed(), load.burstSize(), load.stages().orElse(null), rate, warmup);
    }

    /**
     * @return where the feed goes, as the summary names it: {@code udp://HOST:PORT} destinations, and {@code fix}.
     */
    List<String> feeds()
    {
        final List<String> feeds = new ArrayList<>();
        settings.feedUnicast().forEach(destination -> feeds.add("udp://" + address(destination)));
        if (settings.feedGroup() != null)
        {
            feeds.add("udp://" + address(settings.feedGroup()));
        }
        feeds.add("fix");
        return List.copyOf(feeds);
    }

    /**
     * @return e.g. {@code feed udp 127.0.0.1:40001 + fix, 1 trigger in 10, echo in tag 58}: the summary's flows.
     */
    String flows()
    {
        return "feed " + String.join(" + ", feeds()).replace("udp://", "udp ") + ", 1 trigger in " +
            load.triggerEvery() + ", " + (load.match() == MatchBy.PRICE ? "matched by price" : "echo in tag " +
            load.echoTag());
    }

    /**
     * @return the busy threads to claim: the market's own, and those the application runs on its behalf.
     */
    int busyThreads()
    {
        return 1 + load.appBusyThreads();
    }

    ThreadLayout layout(final HostIdle idle)
    {
        return new ThreadLayout(List.of(new ThreadLayout.BusyThread(THREAD, List.of("load agent (triggers)",
            "feed (events, UDP and FIX market data)", "FIX library", "Artio engine", "media driver and archive"))),
            idle.describe(), Runtime.getRuntime().availableProcessors());
    }

    /**
     * @return where the open market is reached.
     */
    MarketEndpoints endpoints(final Market market)
    {
        return new MarketEndpoints(settings.bindHost(), market.fixPort(), settings.compId(), settings.fixVersion(),
            feeds().stream().filter(feed -> feed.startsWith("udp://")).toList(), market.snapshotPort());
    }

    /**
     * @return the line that says the market is ready for the application, which containers wait for.
     */
    String readyLine(final Market market)
    {
        final String feed = settings.hasUdpFeed() ? "feed udp " + String.join(",", feeds().stream()
            .filter(name -> name.startsWith("udp://")).map(name -> name.substring("udp://".length())).toList()) +
            " (snapshots on " + settings.bindHost() + ":" + market.snapshotPort() + "), FIX market data on the " +
            "same port" : "FIX market data on the same port (no UDP feed)";
        return String.format(Locale.ROOT, "sonde market: READY: %s on %s:%d (CompID %s), %s; waiting up to %s " +
            "for the application", settings.fixVersion(), settings.bindHost(), market.fixPort(), settings.compId(),
            feed, DurationText.format(load.awaitApp()));
    }

    private static VenueProfile venue(final MarketLoad load)
    {
        try
        {
            return load.venue().map(new VenueProfileReader()::read).orElse(null);
        }
        catch (final VenueProfileException ex)
        {
            throw new InvalidOptionException("--venue " + ex.getMessage(), ex);
        }
    }

    /**
     * The market's symbols: those given, at 100.00 in ticks of 0.01; else the venue profile's, at its reference
     * prices, ticks and lots; else {@link FixLoad#DEFAULT_SYMBOLS}.
     */
    private static List<MarketSymbol> symbols(final MarketLoad load, final VenueProfile venue)
    {
        final List<MarketSymbol> symbols = new ArrayList<>();
        if (load.symbols().isPresent() || venue == null || venue.symbols() == null || venue.symbols().isEmpty())
        {
            load.symbols().orElse(FixLoad.DEFAULT_SYMBOLS).forEach(symbol ->
                symbols.add(new MarketSymbol(symbol, DEFAULT_REFERENCE, DEFAULT_TICK, 1)));
            return symbols;
        }
        for (final VenueSymbol symbol : venue.symbols())
        {
            final long tick = symbol.tickSize() == null ? DEFAULT_TICK : fixedPoint(symbol, symbol.tickSize());
            final long reference = symbol.referencePrice() == null ? Math.max(tick, DEFAULT_REFERENCE / tick * tick) :
                fixedPoint(symbol, symbol.referencePrice());
            symbols.add(new MarketSymbol(symbol.symbol(), reference, tick, Math.max(1, symbol.lotSize())));
        }
        return symbols;
    }

    private static long fixedPoint(final VenueSymbol symbol, final BigDecimal price)
    {
        try
        {
            return price.movePointRight(PRICE_DECIMALS).longValueExact();
        }
        catch (final ArithmeticException ex)
        {
            throw new InvalidOptionException("--venue: " + symbol.symbol() + ": " + price.toPlainString() + " has " +
                "more than " + PRICE_DECIMALS + " decimals, the feed's precision", ex);
        }
    }

    private static String address(final InetSocketAddress address)
    {
        return address.getHostString() + ":" + address.getPort();
    }
}
