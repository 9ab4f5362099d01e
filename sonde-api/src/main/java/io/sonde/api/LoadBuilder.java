package io.sonde.api;

import io.sonde.loadgen.time.Durations;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * The options a run and a sweep share: the load ({@link FixLoad}) here, and the limits it is judged on
 * ({@link Limits}) in {@link LimitsBuilder}. Each setter is the command-line option of the same name;
 * {@link #set(String, String)} takes any option by that name and in the command line's syntax, so options read
 * from a file or a system property are checked the same way. A builder is not thread-safe; {@code build()} checks
 * every option and leaves the builder reusable.
 *
 * @param <B> the concrete builder, returned by every setter.
 */
public abstract class LoadBuilder<B extends LoadBuilder<B>> extends LimitsBuilder<B>
{
    private Target target;
    private boolean embedded;
    private Path venue;
    private Integer sessions;
    private Duration timeout = FixLoad.DEFAULT_TIMEOUT;
    private Flow flow = Flow.NEW;
    private String mix = FixLoad.DEFAULT_MIX;
    private TimeInForce timeInForce = TimeInForce.IOC;
    private List<String> symbols;
    private String account;
    private String senderCompId;
    private String targetCompId;
    private Path credentialsFile;
    private Integer heartbeatSeconds;
    private Boolean persistentSequences;
    private Integer maxMessagesPerSession;
    private String clOrdIdPrefix = "";
    private long seed = 1;
    private IdleMode idle = IdleMode.AUTO;
    private int messageSize;
    private Instant startAt;
    private String fixVersion;
    private int inFlight = FixLoad.DEFAULT_IN_FLIGHT;
    private ScheduleShape schedule;
    private Integer burstSize;
    private String stages;
    private String sessionGroups;

    /**
     * @param defaultSlo the objectives unless {@link #slo} is given: none for a run, a loose one for a sweep.
     */
    LoadBuilder(final List<Slo> defaultSlo)
    {
        super(defaultSlo);
        option("target", (b, v) -> b.target(Target.parse(v)));
        option("embedded", (b, v) -> b.embedded(OptionValues.flag(v)));
        option("venue", (b, v) -> b.venue(Path.of(v)));
        option("sessions", (b, v) -> b.sessions(OptionValues.integer(v)));
        option("timeout", (b, v) -> b.timeout(Durations.parse(v)));
        option("flow", (b, v) -> b.flow(Flow.parse(v)));
        option("mix", (b, v) -> b.mix(v));
        option("tif", (b, v) -> b.timeInForce(TimeInForce.parse(v)));
        option("symbols", (b, v) -> b.symbols(Arrays.stream(v.split(",")).map(String::trim).toList()));
        option("account", (b, v) -> b.account(v));
        option("sender-comp-id", (b, v) -> b.senderCompId(v));
        option("target-comp-id", (b, v) -> b.targetCompId(v));
        option("credentials", (b, v) -> b.credentialsFile(Path.of(v)));
        option("heartbeat", (b, v) -> b.heartbeatSeconds(OptionValues.integer(v)));
        option("persistent-sequences", (b, v) -> b.persistentSequences(OptionValues.flag(v)));
        option("max-msgs-per-session", (b, v) -> b.maxMessagesPerSession(OptionValues.integer(v)));
        option("clordid-prefix", (b, v) -> b.clOrdIdPrefix(v));
        option("seed", (b, v) -> b.seed(Long.parseLong(v.trim())));
        option("idle", (b, v) -> b.idle(IdleMode.parse(v)));
        option("message-size", (b, v) -> b.messageSize(OptionValues.integer(v)));
        option("start-at", (b, v) -> b.startAt(OptionValues.instant(v)));
        option("fix-version", (b, v) -> b.fixVersion(v));
        option("in-flight", (b, v) -> b.inFlight(OptionValues.integer(v)));
        option("schedule", (b, v) -> b.schedule(ScheduleShape.parse(v)));
        option("burst-size", (b, v) -> b.burstSize(OptionValues.integer(v)));
        option("stages", (b, v) -> b.stages(v));
        option("session-groups", (b, v) -> b.sessionGroups(v));
        option("slo", (b, v) -> b.slo(Slo.parse(v)));
        option("max-error-rate", (b, v) -> b.maxErrorRatePercent(Double.parseDouble(v.trim())));
        option("max-miss", (b, v) -> b.maxMissPercent(Double.parseDouble(v.trim())));
        option("max-send-lateness", (b, v) -> b.maxSendLateness(Durations.parse(v)));
        option("max-hiccup", (b, v) -> b.maxHiccup(Durations.parse(v)));
    }

    /**
     * @param target the acceptor to drive; instead of {@link #embedded}.
     * @return this builder.
     */
    public final B target(final Target target)
    {
        this.target = target;
        return self();
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
     * @param embedded start the bundled exchange in this process (needs {@code io.sonde:exchange-sut}).
     * @return this builder.
     */
    public final B embedded(final boolean embedded)
    {
        this.embedded = embedded;
        return self();
    }

    /**
     * @param venue a venue profile (YAML): CompIDs, logon, symbols, ClOrdID limits and extra fields.
     * @return this builder.
     */
    public final B venue(final Path venue)
    {
        this.venue = venue;
        return self();
    }

    /**
     * @param sessions FIX sessions to open.
     * @return this builder.
     */
    public final B sessions(final int sessions)
    {
        this.sessions = sessions;
        return self();
    }

    /**
     * @param timeout a lifecycle not finished this long after its send counts as timed out.
     * @return this builder.
     */
    public final B timeout(final Duration timeout)
    {
        this.timeout = timeout;
        return self();
    }

    /**
     * @param flow the order lifecycle of every request, or {@link Flow#MIX}.
     * @return this builder.
     */
    public final B flow(final Flow flow)
    {
        this.flow = flow;
        return self();
    }

    /**
     * @param mix the weights of {@link Flow#MIX}, e.g. {@code new=60,new-cancel=40}.
     * @return this builder.
     */
    public final B mix(final String mix)
    {
        this.mix = mix;
        return self();
    }

    /**
     * @param timeInForce of the new flow's orders.
     * @return this builder.
     */
    public final B timeInForce(final TimeInForce timeInForce)
    {
        this.timeInForce = timeInForce;
        return self();
    }

    /**
     * @param symbols the symbols to trade.
     * @return this builder.
     */
    public final B symbols(final List<String> symbols)
    {
        this.symbols = symbols;
        return self();
    }

    /**
     * @param account Account (1) on every order.
     * @return this builder.
     */
    public final B account(final String account)
    {
        this.account = account;
        return self();
    }

    /**
     * @param senderCompId SenderCompID pattern, {@code %d} the session number.
     * @return this builder.
     */
    public final B senderCompId(final String senderCompId)
    {
        this.senderCompId = senderCompId;
        return self();
    }

    /**
     * @param targetCompId TargetCompID.
     * @return this builder.
     */
    public final B targetCompId(final String targetCompId)
    {
        this.targetCompId = targetCompId;
        return self();
    }

    /**
     * @param credentialsFile properties file with {@code username=} and {@code password=} lines.
     * @return this builder.
     */
    public final B credentialsFile(final Path credentialsFile)
    {
        this.credentialsFile = credentialsFile;
        return self();
    }

    /**
     * @param heartbeatSeconds HeartBtInt.
     * @return this builder.
     */
    public final B heartbeatSeconds(final int heartbeatSeconds)
    {
        this.heartbeatSeconds = heartbeatSeconds;
        return self();
    }

    /**
     * @param persistentSequences keep sequence numbers (and the engine's state, in the output folder) across runs.
     * @return this builder.
     */
    public final B persistentSequences(final boolean persistentSequences)
    {
        this.persistentSequences = persistentSequences;
        return self();
    }

    /**
     * @param maxMessagesPerSession per-session cap on messages per second, as venues impose; 0 none.
     * @return this builder.
     */
    public final B maxMessagesPerSession(final int maxMessagesPerSession)
    {
        this.maxMessagesPerSession = maxMessagesPerSession;
        return self();
    }

    /**
     * @param clOrdIdPrefix prefix on every ClOrdID, e.g. to mark synthetic orders.
     * @return this builder.
     */
    public final B clOrdIdPrefix(final String clOrdIdPrefix)
    {
        this.clOrdIdPrefix = clOrdIdPrefix;
        return self();
    }

    /**
     * @param seed seeds sides, prices, quantities, flows and Poisson arrivals, so a run can be repeated.
     * @return this builder.
     */
    public final B seed(final long seed)
    {
        this.seed = seed;
        return self();
    }

    /**
     * @param idle how the busy threads wait.
     * @return this builder.
     */
    public final B idle(final IdleMode idle)
    {
        this.idle = idle;
        return self();
    }

    /**
     * @param messageSize pad every NewOrderSingle with Text (58) to this many bytes; 0 unpadded.
     * @return this builder.
     */
    public final B messageSize(final int messageSize)
    {
        this.messageSize = messageSize;
        return self();
    }

    /**
     * @param startAt wall-clock instant at which to start the load, after logging on.
     * @return this builder.
     */
    public final B startAt(final Instant startAt)
    {
        this.startAt = startAt;
        return self();
    }

    /**
     * @param fixVersion {@code FIX.4.2}, {@code FIX.4.4} or {@code FIX.5.0SP2}.
     * @return this builder.
     */
    public final B fixVersion(final String fixVersion)
    {
        this.fixVersion = fixVersion;
        return self();
    }

    /**
     * @param inFlight most lifecycles in flight at once.
     * @return this builder.
     */
    public final B inFlight(final int inFlight)
    {
        this.inFlight = inFlight;
        return self();
    }

    /**
     * @param schedule the arrival schedule's shape.
     * @return this builder.
     */
    public final B schedule(final ScheduleShape schedule)
    {
        this.schedule = schedule;
        return self();
    }

    /**
     * @param burstSize orders in each burst of {@link ScheduleShape#BURST}.
     * @return this builder.
     */
    public final B burstSize(final int burstSize)
    {
        this.burstSize = burstSize;
        return self();
    }

    /**
     * @param stages the stages of {@link ScheduleShape#STEPS}, e.g. {@code 1k:10s,1k-5k:20s,0:5s}.
     * @return this builder.
     */
    public final B stages(final String stages)
    {
        this.stages = stages;
        return self();
    }

    /**
     * @param sessionGroups per-group shapes instead of one schedule, e.g. {@code 4:constant,2:burst(50)}.
     * @return this builder.
     */
    public final B sessionGroups(final String sessionGroups)
    {
        this.sessionGroups = sessionGroups;
        return self();
    }

    /**
     * @return the load as given so far, for a command that runs a load of its own (a replay).
     * @throws InvalidOptionException naming what is wrong.
     */
    public final FixLoad buildLoad()
    {
        return new FixLoad(target, embedded, venue, sessions, timeout, flow, mix, timeInForce, symbols, account,
            senderCompId, targetCompId, credentialsFile, heartbeatSeconds, persistentSequences, maxMessagesPerSession,
            clOrdIdPrefix, seed, idle, messageSize, startAt, fixVersion, inFlight, schedule, burstSize, stages,
            sessionGroups);
    }
}
