package io.sonde.api;

import io.sonde.fix.client.order.FlowMix;
import io.sonde.fix.client.order.OrderFlow;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a FIX load looks like, shared by a run and a sweep: where it goes, the sessions, the order flows and prices,
 * the arrival schedule's shape and how the threads wait. Built with {@link RunSpec#builder()} or
 * {@link SweepSpec#builder()}; each component is the command-line option of the same name. A null component was
 * not given: its default applies, or the venue profile's value where the profile has one (an option given wins
 * over the profile).
 *
 * @param target                the acceptor ({@code --target}); null with {@code embedded}.
 * @param embedded              start the bundled exchange in this process on a free loopback port and drive it
 *                              ({@code --embedded}); needs {@code io.sonde:exchange-sut} on the classpath.
 * @param venue                 a venue profile (YAML) ({@code --venue}), or null.
 * @param sessions              FIX sessions to open ({@code --sessions}, default 1, or the session groups' total).
 * @param timeout               a lifecycle not finished this long after its send counts as timed out.
 * @param flow                  the order lifecycle of every request, or a mix.
 * @param mix                   the weights of {@link Flow#MIX}, e.g. {@code new=60,new-cancel=40}.
 * @param timeInForce           of the new flow's orders, priced to cross.
 * @param symbols               symbols to trade, or null for the venue's or {@code SONDE.A}.
 * @param account               Account (1) on every order, or null.
 * @param senderCompId          SenderCompID pattern, {@code %d} the session number, or null.
 * @param targetCompId          TargetCompID, or null.
 * @param credentialsFile       properties file with {@code username=} and {@code password=} lines, or null for the
 *                              environment ({@code SONDE_FIX_USERNAME}, {@code SONDE_FIX_PASSWORD}) or the venue's.
 * @param heartbeatSeconds      HeartBtInt, or null.
 * @param persistentSequences   keep sequence numbers across runs, or null.
 * @param maxMessagesPerSession per-session cap on messages per second (0 none), or null.
 * @param clOrdIdPrefix         prefix on every ClOrdID (shortens the sequence field).
 * @param seed                  seeds sides, prices, quantities, flows and Poisson arrivals.
 * @param idle                  how the busy threads wait.
 * @param messageSize           pad every NewOrderSingle to this many bytes; 0 unpadded.
 * @param startAt               wall-clock instant to start the load at, after logging on, or null for at once.
 * @param fixVersion            {@code FIX.4.2}, {@code FIX.4.4} or {@code FIX.5.0SP2}, or null.
 * @param inFlight              most lifecycles in flight at once.
 * @param schedule              the arrival schedule's shape, or null for constant.
 * @param burstSize             orders in each burst of {@link ScheduleShape#BURST}, or null for 100.
 * @param stages                the stages of {@link ScheduleShape#STEPS}, e.g. {@code 1k:10s,1k-5k:20s}, or null.
 * @param sessionGroups         per-group shapes, e.g. {@code 4:constant,2:burst(50)}, or null.
 */
public record FixLoad(
    Target target,
    boolean embedded,
    Path venue,
    Integer sessions,
    Duration timeout,
    Flow flow,
    String mix,
    TimeInForce timeInForce,
    List<String> symbols,
    String account,
    String senderCompId,
    String targetCompId,
    Path credentialsFile,
    Integer heartbeatSeconds,
    Boolean persistentSequences,
    Integer maxMessagesPerSession,
    String clOrdIdPrefix,
    long seed,
    IdleMode idle,
    int messageSize,
    Instant startAt,
    String fixVersion,
    int inFlight,
    ScheduleShape schedule,
    Integer burstSize,
    String stages,
    String sessionGroups)
{
    /** Sessions unless given. */
    public static final int DEFAULT_SESSIONS = 1;
    /** Lifecycle timeout unless given. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    /** {@code --mix} unless given. */
    public static final String DEFAULT_MIX = "new=60,new-cancel=30,new-replace-cancel=10";
    /** Symbols unless given or in the venue profile. */
    public static final List<String> DEFAULT_SYMBOLS = List.of("SONDE.A");
    /** SenderCompID pattern unless given or in the venue profile. */
    public static final String DEFAULT_SENDER_COMP_ID = "SONDE%d";
    /** TargetCompID unless given or in the venue profile. */
    public static final String DEFAULT_TARGET_COMP_ID = "EXCH";
    /** HeartBtInt unless given or in the venue profile. */
    public static final int DEFAULT_HEARTBEAT_SECONDS = 30;
    /** FIX version unless given or in the venue profile. */
    public static final String DEFAULT_FIX_VERSION = "FIX.4.4";
    /** Orders in a burst unless given. */
    public static final int DEFAULT_BURST_SIZE = 100;
    /** Lifecycles in flight at once unless given. */
    public static final int DEFAULT_IN_FLIGHT = 65_536;

    /**
     * @throws InvalidOptionException naming the option that is wrong, or the options that do not go together.
     */
    public FixLoad
    {
        symbols = symbols == null ? null : List.copyOf(symbols);
        if (embedded == (target != null))
        {
            throw new InvalidOptionException("give either --target HOST:PORT or --embedded");
        }
        atLeast("--sessions", sessions, 1);
        atLeast("--burst-size", burstSize, 1);
        atLeast("--heartbeat", heartbeatSeconds, 1);
        atLeast("--max-msgs-per-session", maxMessagesPerSession, 0);
        atLeast("--in-flight", inFlight, 1);
        atLeast("--message-size", messageSize, 0);
        if (timeout == null || timeout.isNegative() || timeout.isZero())
        {
            throw new InvalidOptionException("--timeout must be a positive duration: " + timeout);
        }
        if (symbols != null && (symbols.isEmpty() || symbols.stream().anyMatch(String::isBlank)))
        {
            throw new InvalidOptionException("--symbols must name at least one symbol, none blank: " + symbols);
        }
        checkSchedule(schedule, burstSize, stages, sessionGroups, sessions);
        flows(flow, mix);
    }

    /**
     * @return the options as the command line takes them, only those that differ from the command line's defaults.
     */
    List<String> arguments()
    {
        return new Arguments()
            .add("--target", target)
            .flag("--embedded", embedded)
            .add("--venue", venue)
            .add("--sessions", sessions)
            .add("--timeout", timeout.equals(DEFAULT_TIMEOUT) ? null : timeout)
            .add("--flow", flow == Flow.NEW ? null : flow)
            .add("--mix", mix.equals(DEFAULT_MIX) ? null : mix)
            .add("--tif", timeInForce == TimeInForce.IOC ? null : timeInForce)
            .list("--symbols", symbols)
            .add("--account", account)
            .add("--sender-comp-id", senderCompId)
            .add("--target-comp-id", targetCompId)
            .add("--credentials", credentialsFile)
            .add("--heartbeat", heartbeatSeconds)
            .flag("--persistent-sequences", Boolean.TRUE.equals(persistentSequences))
            .add("--max-msgs-per-session", maxMessagesPerSession)
            .add("--clordid-prefix", clOrdIdPrefix.isEmpty() ? null : clOrdIdPrefix)
            .add("--seed", seed == 1 ? null : seed)
            .add("--idle", idle == IdleMode.AUTO ? null : idle)
            .add("--message-size", messageSize == 0 ? null : messageSize)
            .add("--start-at", startAt)
            .add("--fix-version", fixVersion)
            .add("--in-flight", inFlight == DEFAULT_IN_FLIGHT ? null : inFlight)
            .add("--schedule", schedule)
            .add("--burst-size", burstSize)
            .add("--stages", stages)
            .add("--session-groups", sessionGroups)
            .toList();
    }

    /**
     * @return the sessions to open: the groups' total when there are session groups and none were given.
     */
    public int sessionCount()
    {
        if (sessionGroups == null)
        {
            return sessions == null ? DEFAULT_SESSIONS : sessions;
        }
        return SessionGroupPlan.parse(sessionGroups).totalSessions();
    }

    /**
     * @return the schedule's shape, constant unless given.
     */
    public ScheduleShape scheduleShape()
    {
        return schedule == null ? ScheduleShape.CONSTANT : schedule;
    }

    /**
     * @return the flows each request draws from.
     * @throws InvalidOptionException when the mix's weights cannot be read.
     */
    public FlowMix flowMix()
    {
        return flows(flow, mix);
    }

    /**
     * @param forRun     false for a sweep, which sets each step's rate itself.
     * @param rateGiven  whether a rate was given, which stages would contradict.
     * @throws InvalidOptionException naming the options that do not go together.
     */
    void checkRates(final boolean forRun, final boolean rateGiven)
    {
        if (scheduleShape() == ScheduleShape.STEPS)
        {
            if (!forRun)
            {
                throw new InvalidOptionException("--schedule steps is for sonde run: a sweep sets each step's rate");
            }
            if (rateGiven)
            {
                throw new InvalidOptionException("--rate and --stages both set the rate: give one");
            }
        }
    }

    private static FlowMix flows(final Flow flow, final String mix)
    {
        if (flow == null)
        {
            throw new InvalidOptionException("--flow must be given");
        }
        try
        {
            return flow == Flow.MIX ? FlowMix.parse(mix) : FlowMix.only(OrderFlow.valueOf(flow.name()));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException("--flow/--mix: " + ex.getMessage(), ex);
        }
    }

    private static void checkSchedule(
        final ScheduleShape schedule,
        final Integer burstSize,
        final String stages,
        final String sessionGroups,
        final Integer sessions)
    {
        final ScheduleShape shape = schedule == null ? ScheduleShape.CONSTANT : schedule;
        if (shape == ScheduleShape.STEPS)
        {
            if (stages == null)
            {
                throw new InvalidOptionException("--schedule steps needs --stages, e.g. 1k:10s,1k-5k:20s");
            }
            invalidAs("--stages", () -> RateStages.parse(stages));
        }
        else if (stages != null)
        {
            throw new InvalidOptionException("--stages are the stages of --schedule steps, not " + shape);
        }
        if (shape != ScheduleShape.BURST && burstSize != null)
        {
            throw new InvalidOptionException("--burst-size is the burst of --schedule burst, not " + shape);
        }
        if (sessionGroups != null)
        {
            if (schedule != null)
            {
                throw new InvalidOptionException("--session-groups gives each group its shape: drop --schedule");
            }
            final int total = invalidAs("--session-groups", () -> SessionGroupPlan.parse(sessionGroups))
                .totalSessions();
            if (sessions != null && total != sessions)
            {
                throw new InvalidOptionException("--session-groups " + sessionGroups + " has " + total +
                    " sessions but --sessions is " + sessions);
            }
        }
    }

    private static <T> T invalidAs(final String option, final Supplier<T> parse)
    {
        try
        {
            return parse.get();
        }
        catch (final InvalidOptionException ex)
        {
            throw ex;
        }
        catch (final IllegalArgumentException ex)
        {
            throw InvalidOptionException.of(option, ex);
        }
    }

    private static void atLeast(final String option, final Integer value, final int least)
    {
        if (value != null && value < least)
        {
            throw new InvalidOptionException(option + " must be at least " + least + ": " + value);
        }
    }
}
