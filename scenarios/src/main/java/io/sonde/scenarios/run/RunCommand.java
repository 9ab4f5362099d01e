package io.sonde.scenarios.run;

import io.sonde.fix.client.FixClient;
import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.FixFailures;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.FlowMix;
import io.sonde.fix.client.order.OrderFlow;
import io.sonde.fix.client.order.OrderParameters;
import io.sonde.fix.client.order.RejectReasons;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.SessionLogonException;
import io.sonde.fix.client.session.SessionSettings;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.result.RunSummary;
import io.sonde.loadgen.result.SummaryJson;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.loadgen.runner.RunFailedException;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.schedule.PoissonSchedule;
import io.sonde.loadgen.schedule.Schedule;
import io.sonde.scenarios.SondeMain;
import io.sonde.scenarios.cli.DurationConverter;
import io.sonde.scenarios.cli.IdleMode;
import io.sonde.scenarios.cli.OutputFolder;
import io.sonde.scenarios.cli.ProgressPrinter;
import io.sonde.scenarios.cli.RateConverter;
import io.sonde.scenarios.cli.Slo;
import io.sonde.scenarios.cli.TargetConverter;
import io.sonde.scenarios.cli.TargetConverter.Target;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.cluster.ClusterConnection;
import io.sonde.exchange.cluster.StatusQuery;
import io.sonde.exchange.gateway.UserDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code sonde run}: drive a FIX 4.4 acceptor with N sessions at a scheduled rate and measure every order
 * lifecycle from its intended start.
 */
@Command(
    name = "run",
    description = {
        "Drive a FIX 4.4 acceptor with N Artio sessions on an open-loop schedule and measure every order " +
            "lifecycle from its intended start time (coordinated-omission free).",
        "",
        "Prints one progress line per second; writes run.hlog (series corrected, uncorrected, lateness, hiccup " +
            "and per stage new-ack, new-fill, replace, cancel) and summary.json to the output folder.",
        "Credentials come from --credentials FILE (username=, password= lines) or the environment variables " +
            "SONDE_FIX_USERNAME and SONDE_FIX_PASSWORD, never from the command line."
    },
    mixinStandardHelpOptions = true)
public final class RunCommand implements Callable<Integer>
{
    private static final Duration LOGON_TIMEOUT = Duration.ofSeconds(15);

    @Spec
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

    @Option(names = "--rate", defaultValue = "1k", converter = RateConverter.class,
        description = "Order lifecycles started per second, across all sessions (default: ${DEFAULT-VALUE}).")
    private double rate;

    @Option(names = "--schedule", defaultValue = "constant",
        description = "Arrival schedule: constant or poisson (default: ${DEFAULT-VALUE}).")
    private String schedule;

    @Option(names = "--duration", defaultValue = "30s", converter = DurationConverter.class,
        description = "Measured time (default: ${DEFAULT-VALUE}).")
    private Duration duration;

    @Option(names = "--warmup", defaultValue = "5s", converter = DurationConverter.class,
        description = "Warm-up before measuring, sent and logged but not reported (default: ${DEFAULT-VALUE}).")
    private Duration warmup;

    @Option(names = "--timeout", defaultValue = "5s", converter = DurationConverter.class,
        description = "A lifecycle not finished this long after its send counts as timed out " +
            "(default: ${DEFAULT-VALUE}).")
    private Duration timeout;

    @Option(names = "--flow", defaultValue = "new",
        description = "new, new-cancel, new-replace-cancel, or mix (weights from --mix) (default: ${DEFAULT-VALUE}).")
    private String flow;

    @Option(names = "--mix", defaultValue = "new=60,new-cancel=30,new-replace-cancel=10",
        description = "Flow weights for --flow mix (default: ${DEFAULT-VALUE}).")
    private String mix;

    @Option(names = "--tif", defaultValue = "ioc",
        description = "Orders of the new flow, priced to cross: ioc (fill or expire) or day (rests if not filled) " +
            "(default: ${DEFAULT-VALUE}).")
    private String timeInForce;

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
        description = "Keep sequence numbers (and the engine's log and archive) across runs instead of resetting.")
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

    @Option(names = "--idle", defaultValue = "backoff", converter = IdleMode.Converter.class,
        description = "How the load thread waits: busy-spin (tuned hosts), backoff, yield, sleep " +
            "(default: ${DEFAULT-VALUE}).")
    private IdleMode idle;

    @Option(names = "--engine-idle", defaultValue = "backoff", converter = IdleMode.Converter.class,
        description = "How the Artio engine, media driver and archive threads wait (default: ${DEFAULT-VALUE}).")
    private IdleMode engineIdle;

    @Option(names = "--in-flight", defaultValue = "65536",
        description = "Most lifecycles in flight at once (default: ${DEFAULT-VALUE}).")
    private int inFlight;

    @Option(names = "--slo", converter = Slo.Converter.class,
        description = "Objectives on corrected latency, e.g. p99=2ms,p99.99=10ms; exit code 1 when one is missed.")
    private List<Slo> slo = List.of();

    @Option(names = "--out", defaultValue = "results/run", description = "Output folder (default: ${DEFAULT-VALUE}).")
    private Path out;

    public Integer call()
    {
        if (embedded == (target != null))
        {
            throw new ParameterException(spec.commandLine(), "give either --target HOST:PORT or --embedded");
        }
        final Credentials credentials = credentials();
        if (!embedded)
        {
            return execute(target, credentials, null);
        }
        final PrintWriter console = spec.commandLine().getOut();
        console.println("Starting the embedded exchange (gateway + one-member cluster)...");
        try (EmbeddedExchange exchange = EmbeddedExchange.start("127.0.0.1", 0, usersFor(credentials), null,
            symbols, engineIdle::newStrategy, false))
        {
            return execute(new Target("127.0.0.1", exchange.port()), credentials, exchange);
        }
    }

    private Integer execute(final Target target, final Credentials credentials, final EmbeddedExchange exchange)
    {
        final FlowMix flows = flowMix();
        final SessionSettings settings = sessionSettings(target, credentials);
        final Schedule arrivals = arrivals();
        final ClOrdIdCodec clOrdIds = clOrdIds();
        final Path folder = OutputFolder.prepare(out);
        final PrintWriter console = spec.commandLine().getOut();
        final long startEpochMs = System.currentTimeMillis();
        final int capacity = Integer.highestOneBit(Math.max(1, inFlight - 1)) << 1;

        final RunResult result;
        final FixFailures failures;
        final long notActiveRefusals;
        final long disconnects;
        final Map<String, Long> fills = new LinkedHashMap<>();
        try (FixClient client = FixClient.start(engineDir(folder), settings, orderParameters(), flows, clOrdIds,
            capacity, engineIdle::newStrategy, LOGON_TIMEOUT.toNanos()))
        {
            console.printf("Logged on %d session(s) to %s; %s at %.0f/s for %s after %s warm-up%n",
                sessions, target, flows, rate, duration, warmup);
            final FixOrderTransport transport = client.transport();
            final RunConfig config = new RunConfig(arrivals, RunTiming.of(warmup, duration, timeout))
                .idleStrategy(idle.newStrategy())
                .inFlightCapacity(capacity)
                .outputDir(folder)
                .logName("run")
                .stages(transport.stages())
                .listener(new ProgressPrinter(console, "[run]", rate));
            result = new LoadRun(config).execute(transport);
            failures = transport.failures();
            notActiveRefusals = client.sessions().notActiveRefusals();
            disconnects = client.sessions().disconnects();
            fills.put("fillReports", transport.fillReports());
            fills.put("fillsAfterAck", transport.fillsAfterAck());
        }
        catch (final SessionLogonException ex)
        {
            throw new RunFailedException(ex.getMessage(), ex);
        }

        final RunSummary run = RunSummary.of("run", List.of(result),
            RunMetadata.capture(spec.commandLine().getParseResult().originalArgs(), startEpochMs));
        final List<SloResult> verdicts = SloResult.evaluate(slo, run.corrected());
        final FixRunSummary summary = new FixRunSummary(run, target.toString(), flows.toString(), sessions,
            stages(result), failureCounts(result, failures, notActiveRefusals, disconnects), fills,
            exchange == null ? null : exchangeCounts(exchange), verdicts);
        SummaryJson.write(folder.resolve("summary.json"), summary);
        RunTable.print(console, summary);
        console.println("Wrote " + folder.resolve("summary.json") + " and " + folder.resolve("run.hlog"));

        return SloResult.allMet(verdicts) ? 0 : SondeMain.EXIT_RUN_FAILED;
    }

    private static Map<String, StageSummary> stages(final RunResult result)
    {
        final Map<String, StageSummary> stages = new LinkedHashMap<>();
        for (final String stage : List.of(FixOrderTransport.NEW_ACK, FixOrderTransport.NEW_FILL,
            FixOrderTransport.REPLACE, FixOrderTransport.CANCEL))
        {
            stages.put(stage, StageSummary.of(result.totals(), stage));
        }
        return stages;
    }

    private static Map<String, Long> exchangeCounts(final EmbeddedExchange exchange)
    {
        final StatusQuery status = StatusQuery.ask(ClusterConnection.sameDriver(exchange.node()), 30, TimeUnit.SECONDS);
        final Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("ordersAccepted", status.ordersAccepted());
        counts.put("trades", status.trades());
        counts.put("openOrders", status.openOrders());
        counts.put("undeliveredReports", exchange.gateway().undeliveredReports());
        return counts;
    }

    private static Map<String, Long> failureCounts(
        final RunResult result, final FixFailures failures, final long notActiveRefusals, final long disconnects)
    {
        final Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("orderRejected", failures.orderRejects());
        counts.put("cancelRejected", failures.cancelRejects());
        counts.put("sessionReject", failures.sessionRejects());
        counts.put("businessReject", failures.businessRejects());
        counts.put("endedBySessionDown", failures.endedBySessionDown());
        counts.put("timedOut", result.measurement().timedOut() + result.warmup().timedOut());
        counts.put("unknownClOrdId", failures.unknownClOrdIds());
        counts.put("reportsAfterEnd", failures.reportsAfterEnd());
        counts.put("sendBackPressure", failures.sendBackPressure());
        counts.put("followUpsDropped", failures.followUpsDropped());
        counts.put("sessionNotActiveSkips", notActiveRefusals);
        counts.put("disconnects", disconnects);
        result.rejectReasons().forEach((code, count) -> counts.put("rejectedAs." + RejectReasons.name(code), count));
        return counts;
    }

    private FlowMix flowMix()
    {
        try
        {
            return flow.equals("mix") ? FlowMix.parse(mix) : FlowMix.only(OrderFlow.parse(flow));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--flow/--mix: " + ex.getMessage());
        }
    }

    private Credentials credentials()
    {
        try
        {
            return credentialsFile != null ?
                Credentials.fromFile(credentialsFile) : Credentials.fromEnvironment(System.getenv());
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }

    private static UserDirectory usersFor(final Credentials credentials)
    {
        return credentials.isPresent() ?
            UserDirectory.of(Map.of(credentials.username(), String.valueOf(credentials.password()))) :
            UserDirectory.open();
    }

    private SessionSettings sessionSettings(final Target target, final Credentials credentials)
    {
        try
        {
            return new SessionSettings(target.host(), target.port(), sessions, senderCompId, targetCompId,
                credentials, heartbeatSeconds, persistentSequences, maxMessagesPerSession);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }

    private Schedule arrivals()
    {
        switch (schedule)
        {
            case "constant":
                return new ConstantRateSchedule(rate);
            case "poisson":
                return new PoissonSchedule(rate, seed);
            default:
                throw new ParameterException(spec.commandLine(), "--schedule: '" + schedule +
                    "' is not constant or poisson");
        }
    }

    private ClOrdIdCodec clOrdIds()
    {
        final int sequenceDigits = ClOrdIdCodec.DEFAULT_SEQUENCE_CHARS - clOrdIdPrefix.length();
        if (sequenceDigits < 4)
        {
            throw new ParameterException(spec.commandLine(), "--clordid-prefix '" + clOrdIdPrefix +
                "' is too long: at most 3 characters keep ClOrdIDs within 20");
        }
        try
        {
            return new ClOrdIdCodec(clOrdIdPrefix, sequenceDigits);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--clordid-prefix: " + ex.getMessage());
        }
    }

    private OrderParameters orderParameters()
    {
        if (!timeInForce.equals("ioc") && !timeInForce.equals("day"))
        {
            throw new ParameterException(spec.commandLine(), "--tif: '" + timeInForce + "' is not ioc or day");
        }
        final OrderParameters defaults = OrderParameters.defaults(symbols, seed);
        return new OrderParameters(symbols, account, defaults.referencePriceCents(), defaults.priceRangeTicks(),
            defaults.passiveOffsetTicks(), defaults.minQuantity(), defaults.maxQuantity(),
            timeInForce.equals("ioc"), seed);
    }

    /**
     * Persistent sequences need the engine's log and archive to outlive the run; otherwise a fresh temporary
     * folder is used and removed.
     */
    private Path engineDir(final Path folder)
    {
        try
        {
            return persistentSequences ?
                folder.resolve("engine") : Files.createTempDirectory("sonde-engine");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create the engine's working folder", ex);
        }
    }
}
