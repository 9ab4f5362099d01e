package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The options a run and a sweep share: the load ({@link FixLoad}) here, and the limits it is judged on
 * ({@link Limits}) in {@link LimitsBuilder}. Each setter sets the {@link FixLoad} option of the same name;
 * {@link #set(String, String)} takes any option by its command-line name and text, so options read from a file or
 * a system property are checked the same way.
 *
 * @param <B> the concrete builder, returned by every setter.
 */
public abstract class LoadBuilder<B extends LoadBuilder<B>> extends LimitsBuilder<B>
{
    /**
     * @param options the command's options: the load's, the limits' and its own.
     */
    LoadBuilder(final List<Option<?>> options)
    {
        super(options);
    }

    /**
     * @param target the acceptor to drive; instead of {@link #embedded}.
     * @return this builder.
     */
    public final B target(final Target target)
    {
        return with(FixLoad.TARGET, target);
    }

    /**
     * @param host the acceptor's host.
     * @param port its FIX port.
     * @return this builder.
     */
    public final B target(final String host, final int port)
    {
        return target(new Target(host, port));
    }

    /**
     * @param source where order-to-tick is measured: the exchange's UDP feed or a FIX market data session.
     * @return this builder.
     */
    public final B marketData(final MarketDataSource source)
    {
        return with(FixLoad.MARKET_DATA, source);
    }

    /**
     * @param embedded start the bundled exchange in this process (needs {@code io.sonde:exchange-sut}).
     * @return this builder.
     */
    public final B embedded(final boolean embedded)
    {
        return with(FixLoad.EMBEDDED, embedded);
    }

    /**
     * @param nodes the embedded exchange's cluster members: 1 in this process, or 3 as processes Sonde starts and
     *              stops, so that faults on the exchange (kill-leader, pause-leader) can be applied.
     * @return this builder.
     */
    public final B nodes(final int nodes)
    {
        return with(FixLoad.NODES, nodes);
    }

    /**
     * @param venue a venue profile (YAML): CompIDs, logon, symbols, ClOrdID limits and extra fields.
     * @return this builder.
     */
    public final B venue(final Path venue)
    {
        return with(FixLoad.VENUE, venue);
    }

    /**
     * @param sessions FIX sessions to open.
     * @return this builder.
     */
    public final B sessions(final int sessions)
    {
        return with(FixLoad.SESSIONS, sessions);
    }

    /**
     * @param timeout a lifecycle not finished this long after its send counts as timed out.
     * @return this builder.
     */
    public final B timeout(final Duration timeout)
    {
        return with(FixLoad.TIMEOUT, timeout);
    }

    /**
     * @param flow the order lifecycle of every request, or {@link Flow#MIX}.
     * @return this builder.
     */
    public final B flow(final Flow flow)
    {
        return with(FixLoad.FLOW, flow);
    }

    /**
     * @param mix the weights of {@link Flow#MIX}.
     * @return this builder.
     */
    public final B mix(final FlowMix mix)
    {
        return with(FixLoad.MIX, mix);
    }

    /**
     * @param timeInForce of the new flow's orders.
     * @return this builder.
     */
    public final B timeInForce(final TimeInForce timeInForce)
    {
        return with(FixLoad.TIF, timeInForce);
    }

    /**
     * @param symbols the symbols to trade.
     * @return this builder.
     */
    public final B symbols(final List<String> symbols)
    {
        return with(FixLoad.SYMBOLS, symbols == null ? null : List.copyOf(symbols));
    }

    /**
     * @param account Account (1) on every order.
     * @return this builder.
     */
    public final B account(final String account)
    {
        return with(FixLoad.ACCOUNT, account);
    }

    /**
     * @param senderCompId SenderCompID pattern, {@code %d} the session number.
     * @return this builder.
     */
    public final B senderCompId(final String senderCompId)
    {
        return with(FixLoad.SENDER_COMP_ID, senderCompId);
    }

    /**
     * @param targetCompId TargetCompID.
     * @return this builder.
     */
    public final B targetCompId(final String targetCompId)
    {
        return with(FixLoad.TARGET_COMP_ID, targetCompId);
    }

    /**
     * @param credentialsFile properties file with {@code username=} and {@code password=} lines.
     * @return this builder.
     */
    public final B credentialsFile(final Path credentialsFile)
    {
        return with(FixLoad.CREDENTIALS, credentialsFile);
    }

    /**
     * @param heartbeatSeconds HeartBtInt.
     * @return this builder.
     */
    public final B heartbeatSeconds(final int heartbeatSeconds)
    {
        return with(FixLoad.HEARTBEAT, heartbeatSeconds);
    }

    /**
     * @param persistentSequences keep sequence numbers (and the engine's state, in the output folder) across runs.
     * @return this builder.
     */
    public final B persistentSequences(final boolean persistentSequences)
    {
        return with(FixLoad.PERSISTENT_SEQUENCES, persistentSequences);
    }

    /**
     * @param maxMessagesPerSession per-session cap on messages per second, as venues impose; 0 none.
     * @return this builder.
     */
    public final B maxMessagesPerSession(final int maxMessagesPerSession)
    {
        return with(FixLoad.MAX_MSGS_PER_SESSION, maxMessagesPerSession);
    }

    /**
     * @param clOrdIdPrefix prefix on every ClOrdID, e.g. to mark synthetic orders.
     * @return this builder.
     */
    public final B clOrdIdPrefix(final String clOrdIdPrefix)
    {
        return with(FixLoad.CLORDID_PREFIX, clOrdIdPrefix);
    }

    /**
     * @param seed seeds sides, prices, quantities, flows and Poisson arrivals, so a run can be repeated.
     * @return this builder.
     */
    public final B seed(final long seed)
    {
        return with(FixLoad.SEED, seed);
    }

    /**
     * @param idle how the busy threads wait.
     * @return this builder.
     */
    public final B idle(final IdleMode idle)
    {
        return with(FixLoad.IDLE, idle);
    }

    /**
     * @param messageSize pad every NewOrderSingle with Text (58) to this many bytes; 0 unpadded.
     * @return this builder.
     */
    public final B messageSize(final int messageSize)
    {
        return with(FixLoad.MESSAGE_SIZE, messageSize);
    }

    /**
     * @param startAt wall-clock instant at which to start the load, after logging on.
     * @return this builder.
     */
    public final B startAt(final Instant startAt)
    {
        return with(FixLoad.START_AT, startAt);
    }

    /**
     * @param fixVersion the FIX version of every session.
     * @return this builder.
     */
    public final B fixVersion(final FixVersion fixVersion)
    {
        return with(FixLoad.FIX_VERSION, fixVersion);
    }

    /**
     * @param inFlight most lifecycles in flight at once.
     * @return this builder.
     */
    public final B inFlight(final int inFlight)
    {
        return with(FixLoad.IN_FLIGHT, inFlight);
    }

    /**
     * @param schedule the arrival schedule's shape.
     * @return this builder.
     */
    public final B schedule(final ScheduleShape schedule)
    {
        return with(FixLoad.SCHEDULE, schedule);
    }

    /**
     * @param burstSize orders in each burst of {@link ScheduleShape#BURST}.
     * @return this builder.
     */
    public final B burstSize(final int burstSize)
    {
        return with(FixLoad.BURST_SIZE, burstSize);
    }

    /**
     * @param stages the stages of {@link ScheduleShape#STEPS}, e.g. {@code RateStages.parse("1k:10s,1k-5k:20s")}.
     * @return this builder.
     */
    public final B stages(final RateStages stages)
    {
        return with(FixLoad.STAGES, stages);
    }

    /**
     * @param sessionGroups per-group shapes instead of one schedule, e.g.
     *                      {@code SessionGroups.parse("4:constant,2:burst(50)")}.
     * @return this builder.
     */
    public final B sessionGroups(final SessionGroups sessionGroups)
    {
        return with(FixLoad.SESSION_GROUPS, sessionGroups);
    }

    /**
     * @return the load as given so far, for a command that runs a load of its own (a replay).
     * @throws InvalidOptionException naming what is wrong.
     */
    public final FixLoad buildLoad()
    {
        return new FixLoad(values());
    }
}
