package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The result of one run, read from its output folder's {@code summary.json}: how every request ended, the
 * percentiles of each series and each lifecycle stage, the failures by kind, the checks and the verdict, the
 * interval logs and how the run was made. The same object whether the run was in this process
 * ({@code io.sonde.inprocess.Sonde.run}), the command line's, or a container's; reports and the results history
 * read a run through it too. Immutable; percentiles are in microseconds.
 */
public final class RunReport
{
    /** The file a run writes its summary to, in its output folder. */
    public static final String SUMMARY_FILE = "summary.json";
    /** The interval log a run writes beside its summary. */
    public static final String INTERVAL_LOG = "run.hlog";
    /**
     * The kind in {@link #failures()} that counts the sessions' disconnects; {@code disconnects.REASON} counts those
     * with Artio's reason, e.g. {@code disconnects.APPLICATION_DISCONNECT} for one Sonde asked for (a
     * {@code disconnect} fault) and {@code disconnects.MSG_SEQ_NO_TOO_LOW} for a venue whose numbers went back.
     */
    public static final String DISCONNECTS = "disconnects";
    /**
     * The kinds in {@link #failures()} that count what Sonde did or kept, not what went wrong: the status requests
     * it sent, the venue rejects counted but not kept one by one, the orders the faults' ledger followed and those it
     * had no room for.
     */
    public static final Set<String> NOT_FAILURES =
        Set.of("statusRequests", "venueRejectsNotKept", "faultOrders.kept", "faultOrders.untracked");

    private final Path folder;
    private final RunSummary summary;
    private final Outcomes outcomes;
    private final List<Path> intervalLogs;

    private RunReport(final Path folder, final RunSummary summary)
    {
        this.folder = folder;
        this.summary = summary;
        outcomes = new Outcomes(summary.sent(), summary.acknowledged(), summary.rejected(), summary.timedOut(),
            summary.inFlight(), summary.unsent());
        intervalLogs = summary.intervalLogs().isEmpty() ? List.of(folder.resolve(INTERVAL_LOG)) :
            summary.intervalLogs().stream().map(log -> folder.resolve(Path.of(log).getFileName().toString())).toList();
    }

    /**
     * @param folder a run's output folder.
     * @return its result.
     * @throws IllegalArgumentException when the folder holds no readable {@code summary.json}.
     */
    public static RunReport read(final Path folder)
    {
        return new RunReport(folder, SummaryFiles.read(folder.resolve(SUMMARY_FILE), RunSummary.class, folder));
    }

    /**
     * @param figures the same run's summary with more figures, e.g. the intervals of a summary written before Sonde
     *                put intervals on its percentiles, computed from its interval logs when a report read it.
     * @return the same run, folder and logs, with that summary.
     */
    public RunReport withSummary(final RunSummary figures)
    {
        return new RunReport(folder, figures);
    }

    /** @return the summary as the run wrote it, every field of {@code summary.json}. */
    public RunSummary summary()
    {
        return summary;
    }

    /** @return what the checks add up to. */
    public Verdict verdict()
    {
        return Verdict.of(summary.checks());
    }

    /**
     * @return everything the run was judged on (Sonde's own schedule and hiccups, the rate, the error rate, each
     *         objective), in the order the command line prints them.
     */
    public List<Check> checks()
    {
        return summary.checks();
    }

    /** @return what {@code --flow book} asked of the book and achieved; empty for the other flows. */
    public Optional<BookReport> book()
    {
        return BookSummary.read(folder.resolve(SUMMARY_FILE));
    }

    /** @return what only a market run has (its {@link #corrected()} is tick-to-trade); empty for any other run. */
    public Optional<TickToTrade> tickToTrade()
    {
        return TickToTradeSummary.read(folder.resolve(SUMMARY_FILE));
    }

    /** @return how every request of the measured window ended. */
    public Outcomes outcomes()
    {
        return outcomes;
    }

    /** @return lifecycle latency from each request's intended start: the figure to judge a system by. */
    public Percentiles corrected()
    {
        return summary.corrected();
    }

    /** @return lifecycle latency from each request's actual send: what a coordinated-omission-prone tool reports. */
    public Percentiles uncorrected()
    {
        return summary.uncorrected();
    }

    /** @return how late Sonde sent each request against its intended time: Sonde's own health. */
    public Percentiles lateness()
    {
        return summary.lateness();
    }

    /** @return Sonde's own process stalls during the run, measured beside it. */
    public Percentiles hiccup()
    {
        return summary.hiccup();
    }

    /** @return each lifecycle stage ({@code new-ack}, {@code new-fill}, {@code replace}, {@code cancel}). */
    public Map<String, Stage> stages()
    {
        return summary.stages();
    }

    /**
     * @param name a stage, e.g. {@code new-ack}.
     * @return that stage.
     * @throws IllegalArgumentException naming the stages there are.
     */
    public Stage stage(final String name)
    {
        final Stage stage = summary.stages().get(name);
        if (stage == null)
        {
            throw new IllegalArgumentException("no stage '" + name + "' in " + folder + " (stages: " +
                String.join(", ", summary.stages().keySet()) + ")");
        }
        return stage;
    }

    /**
     * @return counts per failure kind (rejects, timeouts, session drops, unknown ClOrdIDs, ...), and beside them the
     *         counts of {@link #NOT_FAILURES}.
     */
    public Map<String, Long> failures()
    {
        return summary.failures();
    }

    /** @return lifecycles per second offered. */
    public double targetRate()
    {
        return summary.targetRate();
    }

    /** @return lifecycles per second sent. */
    public double achievedRate()
    {
        return summary.achievedRate();
    }

    /** @return the measured window's length. */
    public double measuredSeconds()
    {
        return summary.measuredSeconds();
    }

    /**
     * @return whether a stop (Ctrl-C, SIGTERM) ended the run before its measured window did; its figures then
     *         cover {@link #measuredSeconds()}, the part that ran, and its verdict is void.
     */
    public boolean cutShort()
    {
        return summary.cutShort();
    }

    /**
     * @return what wrote the summary: {@code run} (a run, or a sweep's step), {@code replay}, {@code calibrate}, or
     *         {@code market} (a market run or step, whose figures are tick-to-trade's); empty when the summary does
     *         not say.
     */
    public String kind()
    {
        return summary.kind();
    }

    /** @return the system driven, e.g. {@code 127.0.0.1:9880}. */
    public String target()
    {
        return summary.target();
    }

    /** @return the flow mix, e.g. {@code new=100}. */
    public String flows()
    {
        return summary.flows();
    }

    /** @return FIX sessions used. */
    public int sessions()
    {
        return summary.sessions();
    }

    /** @return the output folder. */
    public Path folder()
    {
        return folder;
    }

    /** @return the interval log: every series, interval by interval, in HdrHistogram's log format. */
    public Path intervalLog()
    {
        return folder.resolve(INTERVAL_LOG);
    }

    /**
     * @return every interval log the run wrote, in its folder: each one its summary names, or
     *         {@link #intervalLog()} when it names none.
     */
    public List<Path> intervalLogs()
    {
        return intervalLogs;
    }

    /**
     * @return each run of a repeated measurement ({@code --repeat}), in run order, with its own corrected p50 and
     *         p99 and their intervals: the figures of this report pool them all. Empty for a run measured once.
     */
    public List<RepeatedRun> runs()
    {
        return summary.runs();
    }

    /**
     * @return when and how the run was made (its start, command line, host and JVM); empty when its summary holds
     *         no metadata.
     */
    public Optional<ResultMetadata> metadata()
    {
        return Optional.ofNullable(summary.metadata());
    }

    /** @return the verdict, the balance and the corrected percentiles in a line. */
    public String toString()
    {
        return "RunReport[" + verdict() + ", " + outcomes + ", corrected " + summary.corrected() + ", " + folder + "]";
    }

    /** @return order-to-tick and the feed's counts; empty when the run read no market data. */
    public Optional<MarketData> marketData()
    {
        return Optional.ofNullable(summary.marketData());
    }

    /**
     * @return how Sonde's busy threads waited during the measurement; empty for a summary written before Sonde
     *         recorded it, or of a run that could not be carried out.
     */
    public Optional<Idle> idle()
    {
        return Optional.ofNullable(summary.idle());
    }

    /**
     * How Sonde's busy threads waited during the measured window ({@code --idle}): under {@code auto} the share of
     * the window busy-spinning and in the spin window, and the switches between them; under another mode, that mode
     * the whole window (its share in these two is 1 for {@code busy-spin} or {@code spin-window}, else 0).
     *
     * @param mode            the mode asked for.
     * @param busySpinShare   the share of the window spent busy-spinning, 0 to 1.
     * @param spinWindowShare the share spent in the spin window, 0 to 1.
     * @param switches        switches between the two during the window.
     */
    public record Idle(IdleMode mode, double busySpinShare, double spinWindowShare, int switches)
    {
        /**
         * @param json what {@code summary.json} holds; a share it does not name is 0.
         * @return the idle it describes.
         */
        @JsonCreator
        public static Idle of(final Map<String, Object> json)
        {
            return SummaryFiles.idle(json);
        }

        /**
         * @return what {@code summary.json} holds, e.g. {@code {"mode": "auto", "busySpinShare": 0.97,
         *         "spinWindowShare": 0.03, "switches": 1}}: under a mode other than auto, only that mode's share.
         */
        @JsonValue
        Map<String, Object> json()
        {
            return SummaryFiles.json(this);
        }
    }

    /**
     * @return how the system went through each fault of the run's schedule, in the order they were due; empty for
     *         a run without faults.
     */
    public List<FaultResult> faults()
    {
        return summary.faults();
    }

    /** @return logons that reset both sides' sequence numbers because the venue refused the persisted ones. */
    public long sequenceResets()
    {
        return summary.sequenceResets();
    }

    /** @return fill reports received ({@code fillReports}), and those after an acknowledgement ended the lifecycle. */
    public Map<String, Long> fills()
    {
        return summary.fills();
    }

    /**
     * The bundled exchange's count of cluster members, among its {@link #exchange()} counts when it has more than
     * one.
     */
    public static final String EXCHANGE_MEMBERS = "members";

    /**
     * The orders resting on the bundled exchange's books at the end, by its engine's own count: 0 when a run left
     * nothing behind.
     */
    public static final String EXCHANGE_OPEN_ORDERS = "openOrders";

    /**
     * Of several members, how many engines hold the same books as the leader's answer (its {@link
     * #EXCHANGE_OPEN_ORDERS} and digest): all of them unless one is down or differs.
     */
    public static final String EXCHANGE_MEMBERS_AGREEING = "membersAgreeing";

    /**
     * @return the bundled exchange's own counts at the end (orders accepted, trades; {@value #EXCHANGE_MEMBERS}
     *         when it has several members); empty for another system.
     */
    public Optional<Map<String, Long>> exchange()
    {
        return Optional.ofNullable(summary.exchange());
    }

    /** @return how long the warm-up lasted: {@code --warmup}, or longer while the JIT compiler worked. */
    public double warmupSeconds()
    {
        return summary.warmupSeconds();
    }

    /** @return the measured intervals during which the JIT compiler was busy. */
    public List<MeasuredSpan> compilerBusy()
    {
        return summary.compilerBusy();
    }

    /** @return what the answers told of the venue's clock; empty when no answer was split into hops. */
    public Optional<VenueClockBounds> venueClock()
    {
        return Optional.ofNullable(summary.venueClock());
    }

    /** @return each distinct reject the venue sent, with its count, in the order first seen. */
    public List<VenueReject> venueRejects()
    {
        return summary.venueRejects();
    }

    /**
     * @return each objective ({@code --slo}) and how the run fared on it, in the order given; the checks hold the
     *         same verdicts in words.
     */
    public List<SloResult> slo()
    {
        return summary.slo();
    }

    /**
     * @return the hops each new order's answer crossed, in path order (Sonde's send, the venue's or the bundled
     *         exchange's hops, Sonde's receive); empty when the run split none.
     */
    public List<Hop> hops()
    {
        return summary.hops();
    }

    /**
     * One hop of the answers' path, in microseconds.
     *
     * @param name  the hop: {@code send}, {@code fix-in}, {@code gateway-in}, {@code consensus}, {@code matching},
     *              {@code gateway-out}, {@code fix-out}, {@code to-venue}, {@code in-venue}, {@code from-venue},
     *              {@code wire-and-venue} or {@code receive}.
     * @param p50   median.
     * @param p90   90th percentile.
     * @param p99   99th percentile.
     * @param p99_9 99.9th percentile.
     * @param max   largest.
     * @param count answers measured.
     * @param atP50 mean time in this hop of the answers at the answers' median: over the hops, these add up to
     *              about that median, where the hops' own medians need not.
     * @param atP99 the same at the answers' 99th percentile: which hop the slow answers were slow in.
     * @param intervals the 95 % confidence interval of the hop's own percentiles, keyed as
     *                  {@link Percentiles#intervals()}; empty (and not written) when it has none.
     */
    @JsonPropertyOrder({ "name", "p50", "p90", "p99", "p99.9", "max", "count", "atP50", "atP99", "intervals" })
    public record Hop(
        String name, double p50, double p90, double p99, @JsonProperty("p99.9") double p99_9, double max, long count,
        double atP50, double atP99,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, ConfidenceInterval> intervals)
    {
        /** A hop read without intervals has none. */
        public Hop
        {
            intervals = intervals == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(intervals));
        }

        /** A hop without intervals. */
        public Hop(
            final String name, final double p50, final double p90, final double p99, final double p99p9,
            final double max, final long count, final double atP50, final double atP99)
        {
            this(name, p50, p90, p99, p99p9, max, count, atP50, atP99, Map.of());
        }

        /**
         * @param intervals the intervals of the hop's percentiles.
         * @return the same hop with those intervals.
         */
        public Hop withIntervals(final Map<String, ConfidenceInterval> intervals)
        {
            return new Hop(name, p50, p90, p99, p99_9, max, count, atP50, atP99, intervals);
        }

        /**
         * @param percentile one of 50, 90, 99, 99.9.
         * @return its 95 % confidence interval; empty when the hop has none.
         * @throws IllegalArgumentException for a percentile Sonde puts no interval on.
         */
        public Optional<ConfidenceInterval> interval(final double percentile)
        {
            return Optional.ofNullable(intervals.get(ConfidenceInterval.key(percentile)));
        }
    }

    /**
     * One lifecycle stage, e.g. {@code new-ack}, timed three ways.
     *
     * @param corrected   from the stage's intended start.
     * @param uncorrected from the stage's actual send.
     * @param lateness    how late the stage's message left.
     */
    @JsonPropertyOrder({ "corrected", "uncorrected", "lateness" })
    public record Stage(Percentiles corrected, Percentiles uncorrected, Percentiles lateness)
    {
    }
}
