package io.sonde.api.engine;

import io.sonde.api.Limits;
import io.sonde.fix.client.FixClient;
import io.sonde.fix.client.hops.AnswerHops;
import io.sonde.fix.client.order.FixFailures;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.FlowMix;
import io.sonde.fix.client.order.RejectReasons;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.SessionLogonException;
import io.sonde.loadgen.idle.ThreadLayout;
import io.sonde.loadgen.result.RunMetadata;
import io.sonde.loadgen.result.RunSummary;
import io.sonde.loadgen.result.SummaryJson;
import io.sonde.loadgen.runner.IntervalListeners;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.loadgen.runner.RunFailedException;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.Schedule;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One measured FIX run: log on, warm up, measure, drain, log off; write {@code run.hlog} and
 * {@code summary.json} into its folder. {@code sonde run} is one step; a sweep is several.
 *
 * @param rate        lifecycles per second.
 * @param warmup      sent and logged, not reported.
 * @param duration    measured.
 * @param limits      what the run is judged on: objectives on the corrected lifecycle latency, the error rate,
 *                    the rate sent and Sonde's own schedule.
 * @param messageSize NewOrderSingle size in bytes for this step (a size sweep's), or null for the load's own.
 * @param awaitsStart whether this step waits for {@code --start-at} once logged on: a run's only step, a
 *                    sweep's first.
 */
public record FixStep(
    double rate, Duration warmup, Duration duration, Limits limits, Integer messageSize, boolean awaitsStart)
{
    public static final Duration LOGON_TIMEOUT = Duration.ofSeconds(15);

    /**
     * @param plan        the load.
     * @param system      what it drives.
     * @param credentials the logon's.
     * @param folder      where this step's files go (already prepared).
     * @param stateFolder where persistent sequences keep the engine's state: the run's folder, or a sweep's, so that
     *                    each step continues the sequence of the one before.
     * @param reporting   where progress goes and what the step is called.
     */
    public FixRunSummary execute(
        final LoadPlan plan,
        final TargetSystem system,
        final Credentials credentials,
        final Path folder,
        final Path stateFolder,
        final StepReporting reporting)
    {
        final PrintWriter console = reporting.console();
        final String label = reporting.label();
        final FlowMix flows = plan.load().flowMix();
        final long startEpochMs = System.currentTimeMillis();
        final int capacity = plan.capacity();

        final RunResult result;
        final FixFailures failures;
        final long notActiveRefusals;
        final long disconnects;
        final long sequenceResets;
        final Map<String, Long> fills = new LinkedHashMap<>();
        final AnswerHops hops;
        final ThreadLayout layout = plan.layout(system.idle());
        final Path engineDir = plan.engineDir(stateFolder);
        try (FixClient<FixOrderTransport> client = FixClient.start(engineDir,
            plan.sessionSettings(system.target(), credentials), plan.orderParameters(messageSize), flows,
            plan.clOrdIds(), capacity, LOGON_TIMEOUT.toNanos(), system.infraDuty()))
        {
            console.printf("%s logged on %d session(s) to %s; %s at %.0f/s for %s after %s warm-up%n",
                label, plan.sessions(), system.describe(), flows, rate, duration, warmup);
            console.printf("%s %s%n", label, layout.describe());
            client.recovery().ifPresent(recovery -> console.printf("%s %s%n", label, recovery));
            final long resetsAtLogon = client.sessions().sequenceResets();
            announceResets(console, label, resetsAtLogon, "to log on", engineDir);
            if (awaitsStart)
            {
                plan.awaitStart(console);
            }
            final Schedule arrivals = plan.arrivals(rate, warmup);
            final FixOrderTransport transport = plan.routedBy(arrivals,
                plan.withVenueFields(client.transport()).resolveUnansweredAfter(plan.load().timeout().toNanos()));
            final RunConfig config = new RunConfig(arrivals, RunTiming.of(warmup, duration, plan.load().timeout()))
                .idleStrategy(system.idle().newStrategy())
                .inFlightCapacity(capacity)
                .outputDir(folder)
                .logName("run")
                .stages(transport.stages())
                .hops(transport.hops().inPathOrder())
                .sharedThread(client.loadThread())
                .listener(IntervalListeners.all(new ProgressPrinter(console, label, rate), reporting.live()));
            final LoadRun run = new LoadRun(config);
            reporting.stop().running(run);
            try
            {
                result = run.execute(transport);
            }
            finally
            {
                reporting.stop().running(null);
            }
            failures = transport.failures();
            notActiveRefusals = client.sessions().notActiveRefusals();
            disconnects = client.sessions().disconnects();
            sequenceResets = client.sessions().sequenceResets();
            announceResets(console, label, sequenceResets - resetsAtLogon, "to log on again during the run",
                engineDir);
            hops = transport.hops();
            fills.put("fillReports", transport.fillReports());
            fills.put("fillsAfterAck", transport.fillsAfterAck());
        }
        catch (final SessionLogonException ex)
        {
            throw new RunFailedException(ex.getMessage(), ex);
        }

        final RunSummary run = RunSummary.of("run", List.of(result),
            RunMetadata.capture(reporting.commandLine(), startEpochMs, layout));
        final List<SloResult> slo = SloResult.evaluate(limits.slo(), run.corrected());
        final FixRunSummary summary = new FixRunSummary(run, system.target().toString(), flows.toString(),
            plan.sessions(), sequenceResets, stages(result),
            HopSummary.of(result.totals(), hops.inPathOrder()), VenueClockSummary.of(hops),
            failureCounts(result, failures, notActiveRefusals, disconnects), failures.venueRejects().entries(), fills,
            system.exchangeCounts(), slo, RunChecks.of(reporting.checkLabel(), run, slo, limits));
        SummaryJson.write(folder.resolve("summary.json"), summary);
        return summary;
    }

    /**
     * A sequence reset renumbers both sides from 1: whatever the venue held for the old numbers (a resend it
     * could ask for, its message log) no longer lines up with ours, so the user must hear of it.
     */
    public static void announceResets(
        final PrintWriter console, final String label, final long resets, final String when, final Path engineDir)
    {
        if (resets > 0)
        {
            console.printf("%s SEQUENCE RESET: %d logon(s) needed ResetSeqNumFlag (141=Y) %s: the venue refused the " +
                "persisted sequence numbers (those in %s were missing or behind the venue's, or the venue had " +
                "reset its own), so both sides restarted at 1%n", label, resets, when, engineDir);
        }
    }

    private static Map<String, StageSummary> stages(final RunResult result)
    {
        return stages(result, List.of(FixOrderTransport.NEW_ACK, FixOrderTransport.NEW_FILL,
            FixOrderTransport.REPLACE, FixOrderTransport.CANCEL));
    }

    public static Map<String, StageSummary> stages(final RunResult result, final List<String> names)
    {
        final Map<String, StageSummary> stages = new LinkedHashMap<>();
        for (final String stage : names)
        {
            stages.put(stage, StageSummary.of(result.totals(), stage));
        }
        return stages;
    }

    public static Map<String, Long> failureCounts(
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
        counts.put("statusRequests", failures.statusRequests());
        counts.put("resolvedLate.open", failures.resolvedOpen());
        counts.put("resolvedLate.lostAcks", failures.lostAcknowledgements());
        counts.put("resolvedLate.notOpen", failures.resolvedNotOpen());
        counts.put("statusUnsupported", failures.statusUnsupported());
        counts.put("sessionNotActiveSkips", notActiveRefusals);
        counts.put("disconnects", disconnects);
        counts.put("venueRejectsNotKept", failures.venueRejects().others());
        result.rejectReasons().forEach((code, count) -> counts.put("rejectedAs." + RejectReasons.name(code), count));
        return counts;
    }
}
