package io.sonde.scenarios.run;

import io.sonde.api.Flow;
import io.sonde.api.IdleMode;
import io.sonde.api.LoadBuilder;
import io.sonde.api.Target;
import io.sonde.api.TimeInForce;
import io.sonde.scenarios.cli.ChoiceConverters;
import io.sonde.scenarios.cli.DurationConverter;
import io.sonde.scenarios.cli.TargetConverter;
import io.sonde.scenarios.scenario.ScenarioDefaults;
import io.sonde.scenarios.schedule.ScheduleOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;


/**
 * The options of a FIX load, shared by {@code run}, {@code sweep} and {@code replay}: where it goes, the sessions,
 * the order flows and prices, and how the threads wait. It only holds them: {@link #applyTo} hands them to the
 * API's builder, which checks them, and the API's {@code LoadPlan} turns them into a run.
 */
public final class FixLoadOptions
{
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

    @Option(names = "--flow", defaultValue = "new", converter = ChoiceConverters.FlowConverter.class,
        description = "new, new-cancel, new-replace-cancel, or mix (weights from --mix) (default: ${DEFAULT-VALUE}).")
    private Flow flow;

    @Option(names = "--mix", defaultValue = "new=60,new-cancel=30,new-replace-cancel=10",
        description = "Flow weights for --flow mix (default: ${DEFAULT-VALUE}).")
    private String mix;

    @Option(names = "--tif", defaultValue = "ioc", converter = ChoiceConverters.TimeInForceConverter.class,
        description = "Orders of the new flow, priced to cross: ioc (fill or expire) or day (rests if not filled) " +
            "(default: ${DEFAULT-VALUE}).")
    private TimeInForce timeInForce;

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

    @Option(names = "--idle", defaultValue = "auto", converter = ChoiceConverters.IdleModeConverter.class,
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

    @Option(names = "--in-flight", defaultValue = "65536",
        description = "Most lifecycles in flight at once (default: ${DEFAULT-VALUE}).")
    private int inFlight;

    /**
     * Give the builder every option of the load that was set, on the command line or by the scenario file; the
     * others keep the API's defaults, which are the ones the help shows, or the venue profile's values.
     */
    public <B extends LoadBuilder<B>> B applyTo(final B builder)
    {
        if (target != null)
        {
            builder.target(target);
        }
        builder.embedded(embedded)
            .venue(venueFile)
            .timeout(timeout)
            .flow(flow)
            .mix(mix)
            .timeInForce(timeInForce)
            .account(isSet("--account") ? account : null)
            .credentialsFile(credentialsFile)
            .clOrdIdPrefix(clOrdIdPrefix)
            .seed(seed)
            .idle(idle)
            .messageSize(messageSize)
            .startAt(startAt)
            .inFlight(inFlight);
        if (isSet("--sessions"))
        {
            builder.sessions(sessions);
        }
        if (isSet("--symbols"))
        {
            builder.symbols(symbols);
        }
        if (isSet("--sender-comp-id"))
        {
            builder.senderCompId(senderCompId);
        }
        if (isSet("--target-comp-id"))
        {
            builder.targetCompId(targetCompId);
        }
        if (isSet("--heartbeat"))
        {
            builder.heartbeatSeconds(heartbeatSeconds);
        }
        if (isSet("--persistent-sequences"))
        {
            builder.persistentSequences(persistentSequences);
        }
        if (isSet("--max-msgs-per-session"))
        {
            builder.maxMessagesPerSession(maxMessagesPerSession);
        }
        if (isSet("--fix-version"))
        {
            builder.fixVersion(fixVersion);
        }
        schedule.applyTo(builder, this::isSet);
        return builder;
    }

    /**
     * @return whether the option was typed or set by the run's scenario file.
     */
    public boolean isSet(final String option)
    {
        return spec.commandLine().getParseResult() != null &&
            spec.commandLine().getParseResult().hasMatchedOption(option) ||
            ScenarioDefaults.provides(spec.commandLine(), option);
    }
}
