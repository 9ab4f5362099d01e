package io.sonde.inprocess.run;

import io.sonde.api.BookSummary;
import io.sonde.api.DurationText;
import io.sonde.api.Fault;
import io.sonde.api.Limits;
import io.sonde.api.MarketDataSource;
import io.sonde.api.RunReport;
import io.sonde.api.RunSummary;
import io.sonde.api.ScheduleShape;
import io.sonde.fix.client.marketdata.FeedDepth;
import io.sonde.fix.client.marketdata.MarketDataWatch;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.FlowChooser;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.fix.engine.WallClock;
import io.sonde.loadgen.idle.CompilerActivity;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.runner.IntervalListeners;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.Schedule;
import org.agrona.concurrent.SystemEpochClock;
import org.agrona.concurrent.SystemNanoClock;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * One measured FIX run of generated load: log on, warm up, measure (once, or {@code runs} times back to back), drain,
 * log off; write {@code run.hlog} ({@code run-2.hlog}, ... for each further run) and {@code summary.json} into its
 * folder. {@code sonde run} is one step; a sweep is several.
 *
 * @param rate        lifecycles per second.
 * @param warmup      sent and logged, not reported.
 * @param duration    measured, in each run.
 * @param limits      what the run is judged on: objectives on the corrected lifecycle latency, the error rate,
 *                    the rate sent and Sonde's own schedule.
 * @param messageSize NewOrderSingle size in bytes for this step (a size sweep's), or null for the load's own.
 * @param awaitsStart whether this step waits for {@code --start-at} once logged on: a run's only step, a
 *                    sweep's first.
 * @param faults      applied during the measured window, each at its time into it; empty for none.
 * @param runs        how many measured runs follow the one warm-up, each {@code duration} long and logged apart
 *                    ({@code --repeat}); their summary pools them.
 */
public record FixStep(
    double rate, Duration warmup, Duration duration, Limits limits, Integer messageSize, boolean awaitsStart,
    List<Fault> faults, int runs)
{
    /**
     * A step measured once, without faults.
     */
    public FixStep(
        final double rate, final Duration warmup, final Duration duration, final Limits limits,
        final Integer messageSize, final boolean awaitsStart)
    {
        this(rate, warmup, duration, limits, messageSize, awaitsStart, List.of(), 1);
    }

    private static final List<String> STAGES = List.of(
        FixOrderTransport.NEW_ACK, FixOrderTransport.NEW_FILL, FixOrderTransport.REPLACE, FixOrderTransport.CANCEL);
    private static final List<String> BOOK_STAGES = List.of(FixOrderTransport.PASSIVE_ACK,
        FixOrderTransport.AGGRESSIVE_ACK, FixOrderTransport.AGGRESSIVE_FILL, FixOrderTransport.REPLACE,
        FixOrderTransport.CANCEL);

    /**
     * @param plan        the load.
     * @param system      what it drives.
     * @param credentials the logon's.
     * @param folder      where this step's files go (already prepared).
     * @param stateFolder where persistent sequences keep the engine's state: the run's folder, or a sweep's, so that
     *                    each step continues the sequence of the one before.
     * @param reporting   where progress goes and what the step is called.
     */
    public RunSummary execute(
        final LoadPlan plan,
        final TargetSystem system,
        final Credentials credentials,
        final Path folder,
        final Path stateFolder,
        final StepReporting reporting)
    {
        final long startEpochMs = System.currentTimeMillis();
        try (MarketDataWatch marketData = watch(plan, system, reporting, duration.multipliedBy(runs)))
        {
            final GeneratedLoad load = new GeneratedLoad(plan, system.idle(), reporting, marketData);
            final MeasuredFixRun.Outcome<FixOrderTransport> outcome = MeasuredFixRun.execute(
                load, plan, system, credentials, folder, plan.engineDir(stateFolder), reporting, awaitsStart);
            final RunSummary summary = SummaryFigures.of("run", outcome, system, plan.flowMix().toString(),
                plan.sessions(), plan.book() == null ? STAGES : BOOK_STAGES,
                VenueClockFigures.of(outcome.transport().answerHops()), limits, reporting, startEpochMs, folder);
            summary.write(folder.resolve(RunReport.SUMMARY_FILE));
            if (plan.book() != null)
            {
                BookSummary.addTo(folder.resolve(RunReport.SUMMARY_FILE), BookFeedFigures.with(
                    BookRun.report(plan.book(), outcome.transport()), marketData, system.marketDataSource(),
                    outcome.result().totals()));
            }
            return summary;
        }
    }

    /**
     * @return the system's UDP feed, bound before logon so nothing it sends meanwhile is lost, or the FIX market
     *         data session to open once logged on; null without market data.
     */
    private static MarketDataWatch watch(
        final LoadPlan plan, final TargetSystem system, final StepReporting reporting, final Duration measured)
    {
        final MarketDataSource source = plan.load().marketData().orElse(null);
        final MarketDataWatch watch;
        if (source != null && source.kind() == MarketDataSource.Kind.FIX)
        {
            watch = MarketDataWatch.fix(2 * plan.capacity(), SystemNanoClock.INSTANCE);
        }
        else if (system.feed() == null)
        {
            return null;
        }
        else
        {
            final FeedEndpoint feed = system.feed();
            watch = MarketDataWatch.udp(feed.listen(), feed.networkInterface(), feed.snapshot(), 2 * plan.capacity(),
                SystemNanoClock.INSTANCE, WallClock.INSTANCE, note ->
                {
                    reporting.console().printf("%s %s%n", reporting.label(), note);
                    reporting.console().flush();
                }, plan.book() == null ? null :
                new FeedDepth(plan.symbols(), plan.book().depth(), measured.toNanos()));
        }
        if (plan.book() != null)
        {
            watch.matcher().bookActions().enable();
        }
        return watch;
    }

    /**
     * Orders drawn from the flow mix at this step's rate, routed to session groups when the load has them.
     */
    private final class GeneratedLoad implements MeasuredFixRun.Load<FixOrderTransport>
    {
        private final LoadPlan plan;
        private final HostIdle idle;
        private final StepReporting reporting;
        private final MarketDataWatch marketData;
        private Schedule arrivals;

        GeneratedLoad(
            final LoadPlan plan, final HostIdle idle, final StepReporting reporting, final MarketDataWatch marketData)
        {
            this.plan = plan;
            this.idle = idle;
            this.reporting = reporting;
            this.marketData = marketData;
        }

        public MarketDataWatch marketData()
        {
            return marketData;
        }

        public List<Fault> faults()
        {
            return faults;
        }

        public FixOrderTransport transport(final SessionPool sessions)
        {
            return new FixOrderTransport(SystemNanoClock.INSTANCE, SystemEpochClock.INSTANCE, sessions,
                plan.clOrdIds(), plan.flowChooser(), plan.orderParameters(messageSize), plan.capacity(), plan.book());
        }

        public String describe()
        {
            final FlowChooser flows = plan.flowChooser();
            return flows + " at " + String.format(Locale.ROOT, "%.0f", rate) + "/s for " +
                (runs == 1 ? "" : runs + " runs of ") + DurationText.format(duration) + " after " +
                DurationText.format(warmup) + " warm-up" +
                (warmup.isZero() || plan.load().schedule() == ScheduleShape.STEPS ? "" : " (up to " +
                DurationText.format(warmup.multipliedBy(JitAwareWarmup.MOST_TIMES_PLANNED)) + " while the JIT works)");
        }

        public FixOrderTransport prepare(final FixOrderTransport transport)
        {
            arrivals = plan.arrivals(rate, warmup);
            if (marketData != null)
            {
                transport.withPublicEffects(marketData);
            }
            return plan.routedBy(arrivals,
                plan.withVenueFields(transport).resolveUnansweredAfter(plan.load().timeout().toNanos()));
        }

        /**
         * A warm-up goes on until the JIT is done ({@link JitAwareWarmup}), except before staged rates, whose
         * stages start where the planned warm-up ends.
         */
        public RunConfig config()
        {
            final RunConfig config = new RunConfig(arrivals,
                RunTiming.of(warmup, duration.multipliedBy(runs), plan.load().timeout())).runs(runs);
            final ProgressPrinter progress =
                new ProgressPrinter(reporting.console(), reporting.label(), rate, reporting.phase(), runs);
            if (warmup.isZero() || plan.load().schedule() == ScheduleShape.STEPS)
            {
                return config.listener(IntervalListeners.all(progress, reporting.live()));
            }
            final JitAwareWarmup jitAware = new JitAwareWarmup(warmup, config.intervalNanos(),
                CompilerActivity.ofThisJvm(), idle::waitingAsMeant, reporting.console(), reporting.label());
            return config.warmupGate(jitAware.gate())
                .listener(IntervalListeners.all(jitAware, progress, reporting.live()));
        }
    }
}
