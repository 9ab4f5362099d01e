package io.sonde.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The bundled exchange, as {@code sonde exchange} and the exchange's own main class take it, in one of its shapes:
 * everything in one process (the default), three member processes plus a gateway ({@code --nodes 3}), one cluster
 * member ({@code --member-id K --members M}), a gateway in front of running members ({@code --members M}), or a
 * question to running members ({@code --members M --status}). The command line, the member processes Sonde starts
 * and the exchange's container are all given {@link #arguments()} of one of these, so each takes exactly these
 * options, with these defaults.
 */
public final class ExchangeSpec
{
    /** The instruments the exchange lists unless given. */
    public static final List<String> DEFAULT_SYMBOLS = List.of("SONDE.A", "SONDE.B", "SONDE.C", "SONDE.D");
    /** The FIX port unless given. */
    public static final int DEFAULT_PORT = 9880;

    public static final Option<Integer> PORT = port("port", "FIX port; 0 = any free.").byDefault(DEFAULT_PORT);
    public static final Option<String> BIND = Option.text("bind", "ADDRESS", "FIX listen address.")
        .byDefault("127.0.0.1");
    public static final Option<Integer> NODES = Option.count("nodes", "N", 1, "Cluster members to start: 1 or 3.")
        .byDefault(1).checked(FixLoad::nodes);
    public static final Option<Integer> MEMBER_ID = Option.count("member-id", "K", 0,
        "Run only cluster member K of --members.");
    public static final Option<String> MEMBERS = Option.text("members", "M",
        "Cluster members host:port,... (see above).");
    public static final Option<Path> DATA_DIR = Option.path("data-dir", "FOLDER", "Keep the cluster's log and " +
        "snapshots here; a restart with the same folder recovers every book. Default: a temporary folder, deleted " +
        "on exit.");
    public static final Option<Path> HICCUPS = Option.path("hiccups", "FOLDER", "Record the exchange's own " +
        "hiccups (GC, safepoints, the OS) here, one jHiccup-format log per process (exchange, exchange-member-K, " +
        "exchange-gateway), for 'sonde report --hiccups'. Default: DATA-DIR/hiccups, else hiccups/ in the working " +
        "folder.");
    public static final Option<Boolean> NO_HICCUPS = Option.flag("no-hiccups",
        "Do not record the exchange's hiccups.");
    public static final Option<Path> USERS = Option.path("users", "FILE",
        "Properties file of username=password lines allowed to log on.");
    public static final Option<List<String>> SYMBOLS = Option.list("symbols", "SYMBOL,...", symbol -> symbol,
        symbol -> symbol, "Instruments traded; every member needs the same list. More than a load trades by " +
            "default (" + String.join(",", FixLoad.DEFAULT_SYMBOLS) + "): a venue lists several instruments, so " +
            "loads trading other ones find them too.").byDefault(DEFAULT_SYMBOLS).checked(FixLoad::symbols);
    public static final Option<IdleMode> IDLE = Option.of("idle", "MODE", IdleMode::parse, "How the exchange's " +
        "busy threads wait (a member has two: infrastructure and service; a gateway one). auto busy-spins them " +
        "when all the busy threads this command starts fit in the cores, else spin-window; or busy-spin, " +
        "spin-window, backoff, yield, sleep. Several exchange processes on one host: choose explicitly.")
        .byDefault(IdleMode.AUTO);
    public static final Option<ExchangeThreads> THREADS = Option.of("threads", "THREADS", ExchangeThreads::parse,
        "Busy threads of the exchange in one process: 2 (driver, archive and consensus module on one, matching " +
            "engine and gateway on the other), 1 (all on one) or auto: 1 on a host of 2 cores or fewer, so a run " +
            "started beside it has a core, or when other Sonde processes leave no room for 2; else 2.")
        .byDefault(ExchangeThreads.AUTO);
    public static final Option<Boolean> STATUS = Option.flag("status", "With --members: ask the running cluster " +
        "for its order counts and state digest (through the log), print a STATUS line and exit.");
    public static final Option<Boolean> LOG_FIX_MESSAGES = Option.flag("log-fix-messages", "Record every FIX " +
        "message in the gateway's archive so resend requests replay the originals (default: off, a resend gets a " +
        "gap fill).");
    public static final Option<Duration> LEADER_TIMEOUT = Option.duration("leader-timeout", "How long followers " +
        "wait for a silent leader before electing another; heartbeats and election rounds scale with it (at least " +
        "100ms).").byDefault(Duration.ofMillis(300));
    public static final Option<String> MD_UDP = Option.text("md-udp", "HOST:PORT[,HOST:PORT...]",
        "Publish the market-data feed: every packet to each of these UDP destinations.");
    public static final Option<String> MD_MULTICAST = Option.text("md-multicast", "GROUP:PORT",
        "Publish the market-data feed to this multicast group (with --md-interface), instead of --md-udp.");
    public static final Option<String> MD_INTERFACE = Option.text("md-interface", "IF",
        "The network interface multicast leaves by, by name (e.g. eth0).");
    public static final Option<Integer> MD_SNAPSHOT_PORT = port("md-snapshot-port", "TCP port serving the " +
        "feed's book snapshots, on the --bind address (default: a free port, printed at start).");
    public static final Option<List<Fault>> FAULT = Fault.option("With --nodes 3: a fault on the exchange at AT " +
        "from READY, repeatable: kill-leader (SIGKILL; the member starts again before the next fault), " +
        "pause-leader:DURATION (SIGSTOP, SIGCONT after it). Each is recorded with its wall-clock time in " +
        "faults.json in --data-dir (else the working folder), for 'sonde report' to place on a run's time axis.");

    /** Every option of {@code sonde exchange}, in the order of its help. */
    public static final List<Option<?>> OPTIONS = List.of(PORT, BIND, NODES, MEMBER_ID, MEMBERS, DATA_DIR, HICCUPS,
        NO_HICCUPS, USERS, SYMBOLS, IDLE, THREADS, STATUS, LOG_FIX_MESSAGES, LEADER_TIMEOUT, MD_UDP, MD_MULTICAST,
        MD_INTERFACE, MD_SNAPSHOT_PORT, FAULT);

    private final OptionValues values;

    /**
     * @throws InvalidOptionException naming the options that are wrong or do not go together.
     */
    private ExchangeSpec(final OptionValues values)
    {
        this.values = values;
        ExchangeSpecChecks.check(this);
    }

    /**
     * @return a builder with every option at its default: the exchange in one process.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * @return why the bundled exchange's member processes, which a Sonde process starts and applies faults to,
     *         cannot take faults of that kind; empty when they can. Known before anything starts.
     */
    public static String memberRefusal(final FaultKind kind)
    {
        return ExchangeSpecChecks.memberRefusal(kind);
    }

    /**
     * Refuse, before anything starts, a schedule with a fault on the exchange that member processes cannot take.
     *
     * @throws InvalidOptionException naming the fault and why.
     */
    public static void checkMemberFaults(final List<Fault> faults)
    {
        ExchangeSpecChecks.checkMemberFaults(faults);
    }

    public int port()
    {
        return values.get(PORT);
    }

    public String bind()
    {
        return values.get(BIND);
    }

    public int nodes()
    {
        return values.get(NODES);
    }

    public Optional<Integer> memberId()
    {
        return values.given(MEMBER_ID);
    }

    public Optional<String> members()
    {
        return values.given(MEMBERS);
    }

    public Optional<Path> dataDir()
    {
        return values.given(DATA_DIR);
    }

    public Optional<Path> hiccups()
    {
        return values.given(HICCUPS);
    }

    public boolean noHiccups()
    {
        return values.get(NO_HICCUPS);
    }

    public Optional<Path> users()
    {
        return values.given(USERS);
    }

    public List<String> symbols()
    {
        return values.get(SYMBOLS);
    }

    public IdleMode idle()
    {
        return values.get(IDLE);
    }

    public ExchangeThreads threads()
    {
        return values.get(THREADS);
    }

    public boolean status()
    {
        return values.get(STATUS);
    }

    public boolean logFixMessages()
    {
        return values.get(LOG_FIX_MESSAGES);
    }

    public Duration leaderTimeout()
    {
        return values.get(LEADER_TIMEOUT);
    }

    public Optional<String> marketDataUdp()
    {
        return values.given(MD_UDP);
    }

    public Optional<String> marketDataMulticast()
    {
        return values.given(MD_MULTICAST);
    }

    public Optional<String> marketDataInterface()
    {
        return values.given(MD_INTERFACE);
    }

    public Optional<Integer> marketDataSnapshotPort()
    {
        return values.given(MD_SNAPSHOT_PORT);
    }

    /**
     * @return the faults on the exchange's members, each at its time from READY; empty for none.
     */
    public List<Fault> faults()
    {
        return values.get(FAULT);
    }

    /**
     * @return whether it runs the exchange in one process: no {@code --nodes 3}, {@code --member-id} or
     *         {@code --members}.
     */
    public boolean isOneProcess()
    {
        return memberId().isEmpty() && members().isEmpty() && nodes() == 1;
    }

    /**
     * @return the options of {@code sonde exchange} that reproduce this spec (without the command's name), only
     *         those that differ from its defaults: what a member process or a container is given.
     */
    public List<String> arguments()
    {
        return values.arguments();
    }

    public boolean equals(final Object other)
    {
        return other instanceof ExchangeSpec spec && spec.values.equals(values);
    }

    public int hashCode()
    {
        return values.hashCode();
    }

    public String toString()
    {
        return "sonde exchange " + values;
    }

    private static Option<Integer> port(final String name, final String help)
    {
        return Option.of(name, "PORT", text -> Integer.parseInt(text.trim()), help).checked(port ->
        {
            if (port < 0 || port > 65_535)
            {
                throw new InvalidOptionException("--" + name + ": " + port + " is not a port (0 to 65535)");
            }
        });
    }

    /**
     * Builds an {@link ExchangeSpec}; {@link #set(String, String)} takes every option by its command-line name.
     */
    public static final class Builder extends SpecBuilder<Builder>
    {
        Builder()
        {
            super(OPTIONS);
        }

        public Builder port(final int port)
        {
            return with(PORT, port);
        }

        public Builder bind(final String bind)
        {
            return with(BIND, bind);
        }

        /**
         * @param nodes cluster members to start: 1 or 3.
         */
        public Builder nodes(final int nodes)
        {
            return with(NODES, nodes);
        }

        /**
         * @param memberId run only this member of {@link #members}.
         */
        public Builder memberId(final int memberId)
        {
            return with(MEMBER_ID, memberId);
        }

        /**
         * @param members {@code host:port,...}: member K uses 5 ports from the K-th port.
         */
        public Builder members(final String members)
        {
            return with(MEMBERS, members);
        }

        public Builder dataDir(final Path dataDir)
        {
            return with(DATA_DIR, dataDir);
        }

        /**
         * @param hiccups where each process records its hiccups.
         */
        public Builder hiccups(final Path hiccups)
        {
            return with(HICCUPS, hiccups);
        }

        public Builder noHiccups(final boolean noHiccups)
        {
            return with(NO_HICCUPS, noHiccups);
        }

        public Builder users(final Path users)
        {
            return with(USERS, users);
        }

        public Builder symbols(final List<String> symbols)
        {
            return with(SYMBOLS, symbols == null ? null : List.copyOf(symbols));
        }

        public Builder idle(final IdleMode idle)
        {
            return with(IDLE, idle);
        }

        public Builder threads(final ExchangeThreads threads)
        {
            return with(THREADS, threads);
        }

        public Builder leaderTimeout(final Duration leaderTimeout)
        {
            return with(LEADER_TIMEOUT, leaderTimeout);
        }

        /**
         * @param destinations {@code HOST:PORT[,HOST:PORT...]} the feed's packets go to.
         */
        public Builder marketDataUdp(final String destinations)
        {
            return with(MD_UDP, destinations);
        }

        public Builder marketDataSnapshotPort(final int port)
        {
            return with(MD_SNAPSHOT_PORT, port);
        }

        /**
         * @param fault applied at its time from READY, after those added before.
         */
        public Builder fault(final Fault fault)
        {
            return append(FAULT, fault);
        }

        /**
         * @return the exchange, every option checked.
         * @throws InvalidOptionException naming the options that are wrong or do not go together.
         */
        public ExchangeSpec build()
        {
            return new ExchangeSpec(values());
        }

        Builder self()
        {
            return this;
        }
    }
}
