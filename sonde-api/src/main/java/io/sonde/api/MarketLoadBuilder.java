package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The options {@code sonde market} and {@code sonde market-sweep} share ({@link MarketLoad}, the limits, the warm-up,
 * the floor and the output folder), by typed setter; every option is also taken by its command-line name
 * ({@link #set(String, String)}).
 *
 * @param <B> the concrete builder, returned by every setter.
 */
public abstract class MarketLoadBuilder<B extends MarketLoadBuilder<B>> extends LimitsBuilder<B>
{
    private final Option<Duration> warmup;
    private final Option<Path> out;

    MarketLoadBuilder(final List<Option<?>> options, final Option<Duration> warmup, final Option<Path> out)
    {
        super(options);
        this.warmup = warmup;
        this.out = out;
    }

    /**
     * @param bind the address the market's acceptor listens on, e.g. {@code 0.0.0.0} in a container.
     * @return this builder.
     */
    public final B bind(final String bind)
    {
        return with(MarketLoad.BIND, bind);
    }

    /**
     * @param port the port the market's acceptor listens on; 0 for any free one.
     * @return this builder.
     */
    public final B port(final int port)
    {
        return with(MarketLoad.PORT, port);
    }

    /**
     * @param compId the market's CompID, the application's TargetCompID.
     * @return this builder.
     */
    public final B compId(final String compId)
    {
        return with(MarketLoad.COMP_ID, compId);
    }

    /**
     * @param version the FIX version of the application's order sessions.
     * @return this builder.
     */
    public final B fixVersion(final FixVersion version)
    {
        return with(MarketLoad.FIX_VERSION, version);
    }

    /**
     * @param venue a venue profile the market plays.
     * @return this builder.
     */
    public final B venue(final Path venue)
    {
        return with(MarketLoad.VENUE, venue);
    }

    /**
     * @param destinations the feed's UDP destinations, {@code HOST:PORT[,HOST:PORT...]}.
     * @return this builder.
     */
    public final B mdUdp(final String destinations)
    {
        return with(MarketLoad.MD_UDP, destinations);
    }

    /**
     * @param port the TCP port serving the feed's snapshots; 0 for a free one.
     * @return this builder.
     */
    public final B mdSnapshotPort(final int port)
    {
        return with(MarketLoad.MD_SNAPSHOT_PORT, port);
    }

    /**
     * @param shape the event schedule's shape.
     * @return this builder.
     */
    public final B schedule(final ScheduleShape shape)
    {
        return with(MarketLoad.SCHEDULE, shape);
    }

    /**
     * @param every one event in this many is a trigger, at least 2.
     * @return this builder.
     */
    public final B triggerEvery(final int every)
    {
        return with(MarketLoad.TRIGGER_EVERY, every);
    }

    /**
     * @param match how a reaction is matched to its trigger.
     * @return this builder.
     */
    public final B match(final MatchBy match)
    {
        return with(MarketLoad.MATCH, match);
    }

    /**
     * @param tag the tag the application echoes the trigger's number in.
     * @return this builder.
     * @throws InvalidOptionException naming {@code --echo-tag} for a tag the order needs or out of range.
     */
    public final B echoTag(final int tag)
    {
        return with(MarketLoad.ECHO_TAG, new EchoTag(tag));
    }

    /**
     * @param timeout how long a trigger awaits its reaction before it is missed.
     * @return this builder.
     */
    public final B timeout(final Duration timeout)
    {
        return with(MarketLoad.TIMEOUT, timeout);
    }

    /**
     * @param symbols the symbols of the market's book.
     * @return this builder.
     */
    public final B symbols(final List<String> symbols)
    {
        return with(MarketLoad.SYMBOLS, List.copyOf(symbols));
    }

    /**
     * @param seed the seed of the book's events.
     * @return this builder.
     */
    public final B seed(final long seed)
    {
        return with(MarketLoad.SEED, seed);
    }

    /**
     * @param wait how long the market waits for the application to log on.
     * @return this builder.
     */
    public final B awaitApp(final Duration wait)
    {
        return with(MarketLoad.AWAIT_APP, wait);
    }

    /**
     * @param threads busy threads claimed on the application's behalf; 0 for one that claims its own.
     * @return this builder.
     */
    public final B appBusyThreads(final int threads)
    {
        return with(MarketLoad.APP_BUSY_THREADS, threads);
    }

    /**
     * @param idle how the market's busy thread waits.
     * @return this builder.
     */
    public final B idle(final IdleMode idle)
    {
        return with(MarketLoad.IDLE, idle);
    }

    /**
     * @param warmupTime published and logged before measuring (before each step's, in a sweep), not reported.
     * @return this builder.
     */
    public final B warmup(final Duration warmupTime)
    {
        return with(warmup, warmupTime);
    }

    /**
     * @param floor a {@code sonde calibrate} output folder, whose UDP and TCP floors tick-to-trade is read against.
     * @return this builder.
     */
    public final B floor(final Path floor)
    {
        return with(FloorChoice.OPTION, floor);
    }

    /**
     * @param folder the output folder, created if need be.
     * @return this builder.
     */
    public final B out(final Path folder)
    {
        return with(out, folder);
    }
}
