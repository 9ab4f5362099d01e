package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A run's {@code summary.json}, field for field: the one model of it, which the engine builds and writes and
 * {@link RunReport} reads. Its components are the file's fields in the file's order; a field an older summary lacks
 * reads as zero, empty or null. Percentiles and spans are in microseconds.
 *
 * @param kind               what wrote it: {@code run} (a run, or a sweep's step), {@code replay}, or {@code market}
 *                           (a market run or step, whose corrected, uncorrected and lateness are tick-to-trade).
 * @param sent               requests sent in the measured window.
 * @param acknowledged       of those, acknowledged.
 * @param rejected           rejected.
 * @param timedOut           given up on.
 * @param inFlight           still unanswered at the end.
 * @param unsent             due in the window but never sent.
 * @param targetRate         lifecycles per second offered.
 * @param achievedRate       lifecycles per second sent.
 * @param measuredSeconds    the measured window's length.
 * @param cutShort           whether a stop ended the run before its window did.
 * @param corrected          lifecycle latency from each request's intended start.
 * @param uncorrected        lifecycle latency from each request's actual send.
 * @param lateness           how late each request left against its intended time.
 * @param hiccup             Sonde's own process stalls, measured beside the run.
 * @param warmup             how the warm-up's requests ended; null in a summary that does not say.
 * @param lateResponses      answers that came after their request was given up on.
 * @param unknownResponses   answers to no request of the run.
 * @param backPressureEvents sends the transport refused for back pressure.
 * @param windowFullEvents   sends held back by a full in-flight window.
 * @param rejectReasons      rejects by the venue's reason code, in the codes' order.
 * @param outOfRange         values too large for their histogram, by series.
 * @param intervalLogs       the interval logs the run wrote, by file name: one per measured run, in run order.
 * @param runs               each run of a repeated measurement ({@code --repeat}) with its own p50 and p99, in run
 *                           order; empty (and not written) for a run measured once.
 * @param metadata           the command line, start time, host and JVM; null when it holds none.
 * @param target             the system driven.
 * @param flows              the flow mix, in words.
 * @param sessions           FIX sessions used.
 * @param sequenceResets     logons that reset both sides' sequence numbers because the venue refused the
 *                           persisted ones.
 * @param stages             per lifecycle stage: new-ack, new-fill, replace, cancel.
 * @param hops               the hops each new order's answer crossed, in path order.
 * @param venueClock         what the answers told of the venue's clock, or null.
 * @param failures           counts per failure kind.
 * @param venueRejects       each distinct reject the venue sent, with its count.
 * @param fills              fill reports received, and those after an acknowledgement ended the lifecycle.
 * @param exchange           the bundled exchange's own counts at the end, or null for another system.
 * @param marketData         order-to-tick and the feed's counts, or null when the run read no market data.
 * @param warmupSeconds      how long the warm-up lasted.
 * @param idle               how Sonde's busy threads waited during the measured window, or null.
 * @param compilerBusy       the measured intervals during which the JIT compiler was busy.
 * @param faults             how the run went through each fault of its schedule.
 * @param slo                each objective and how the run fared on it.
 * @param checks             everything the run was judged on, and how each went.
 * @param notCarriedOut      why the run could not be carried out, or null (and not written) for a run that was.
 */
public record RunSummary(
    String kind,
    long sent,
    long acknowledged,
    long rejected,
    long timedOut,
    long inFlight,
    long unsent,
    double targetRate,
    double achievedRate,
    double measuredSeconds,
    boolean cutShort,
    Percentiles corrected,
    Percentiles uncorrected,
    Percentiles lateness,
    Percentiles hiccup,
    WarmupCounts warmup,
    long lateResponses,
    long unknownResponses,
    long backPressureEvents,
    long windowFullEvents,
    Map<String, Long> rejectReasons,
    Map<String, Long> outOfRange,
    List<String> intervalLogs,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<RepeatedRun> runs,
    ResultMetadata metadata,
    String target,
    String flows,
    int sessions,
    long sequenceResets,
    Map<String, RunReport.Stage> stages,
    List<RunReport.Hop> hops,
    VenueClockBounds venueClock,
    Map<String, Long> failures,
    List<VenueReject> venueRejects,
    Map<String, Long> fills,
    Map<String, Long> exchange,
    MarketData marketData,
    double warmupSeconds,
    RunReport.Idle idle,
    List<MeasuredSpan> compilerBusy,
    List<FaultResult> faults,
    List<SloResult> slo,
    List<Check> checks,
    @JsonInclude(JsonInclude.Include.NON_NULL) String notCarriedOut)
{
    /**
     * The fields a run that could not be carried out writes, in the order it writes them: what it was to do, why it
     * did not, its one void check and its metadata.
     */
    private static final List<String> NOT_CARRIED_OUT_FIELDS = List.of(
        "kind", "target", "flows", "sessions", "targetRate", "sent", "notCarriedOut", "checks", "metadata");
    private static final Percentiles NONE = new Percentiles(0, 0, 0, 0, 0, 0, 0);

    /**
     * A field an older summary lacks reads as empty: no text, no percentiles, no entries.
     */
    public RunSummary
    {
        kind = text(kind);
        target = text(target);
        flows = text(flows);
        corrected = figures(corrected);
        uncorrected = figures(uncorrected);
        lateness = figures(lateness);
        hiccup = figures(hiccup);
        rejectReasons = counts(rejectReasons);
        outOfRange = counts(outOfRange);
        intervalLogs = list(intervalLogs);
        runs = list(runs);
        stages = stages == null ? Map.of() : Collections.unmodifiableMap(stages);
        hops = list(hops);
        failures = counts(failures);
        venueRejects = list(venueRejects);
        fills = counts(fills);
        exchange = exchange == null ? null : Collections.unmodifiableMap(exchange);
        compilerBusy = list(compilerBusy);
        faults = list(faults);
        slo = list(slo);
        checks = list(checks);
    }

    /**
     * @param correctedFigures   {@link #corrected()} with its intervals.
     * @param uncorrectedFigures {@link #uncorrected()} with its intervals.
     * @param stageFigures       {@link #stages()} with their intervals.
     * @param hopFigures         {@link #hops()} with their intervals.
     * @param marketDataFigures  {@link #marketData()} with its intervals, or null.
     * @param faultFigures       {@link #faults()} with their windows' intervals.
     * @return the same summary with these latency figures: what puts confidence intervals on a run's percentiles.
     */
    public RunSummary withLatencies(
        final Percentiles correctedFigures,
        final Percentiles uncorrectedFigures,
        final Map<String, RunReport.Stage> stageFigures,
        final List<RunReport.Hop> hopFigures,
        final MarketData marketDataFigures,
        final List<FaultResult> faultFigures)
    {
        return new RunSummary(kind, sent, acknowledged, rejected, timedOut, inFlight, unsent, targetRate, achievedRate,
            measuredSeconds, cutShort, correctedFigures, uncorrectedFigures, lateness, hiccup, warmup, lateResponses,
            unknownResponses, backPressureEvents, windowFullEvents, rejectReasons, outOfRange, intervalLogs, runs,
            metadata, target, flows, sessions, sequenceResets, stageFigures, hopFigures, venueClock, failures,
            venueRejects, fills, exchange, marketDataFigures, warmupSeconds, idle, compilerBusy, faultFigures, slo,
            checks, notCarriedOut);
    }

    /**
     * The summary of a run measured once, which has no {@link #runs()} of its own: the canonical constructor's
     * components but that one, in the same order.
     */
    public RunSummary(
        final String kind,
        final long sent,
        final long acknowledged,
        final long rejected,
        final long timedOut,
        final long inFlight,
        final long unsent,
        final double targetRate,
        final double achievedRate,
        final double measuredSeconds,
        final boolean cutShort,
        final Percentiles corrected,
        final Percentiles uncorrected,
        final Percentiles lateness,
        final Percentiles hiccup,
        final WarmupCounts warmup,
        final long lateResponses,
        final long unknownResponses,
        final long backPressureEvents,
        final long windowFullEvents,
        final Map<String, Long> rejectReasons,
        final Map<String, Long> outOfRange,
        final List<String> intervalLogs,
        final ResultMetadata metadata,
        final String target,
        final String flows,
        final int sessions,
        final long sequenceResets,
        final Map<String, RunReport.Stage> stages,
        final List<RunReport.Hop> hops,
        final VenueClockBounds venueClock,
        final Map<String, Long> failures,
        final List<VenueReject> venueRejects,
        final Map<String, Long> fills,
        final Map<String, Long> exchange,
        final MarketData marketData,
        final double warmupSeconds,
        final RunReport.Idle idle,
        final List<MeasuredSpan> compilerBusy,
        final List<FaultResult> faults,
        final List<SloResult> slo,
        final List<Check> checks,
        final String notCarriedOut)
    {
        this(kind, sent, acknowledged, rejected, timedOut, inFlight, unsent, targetRate, achievedRate, measuredSeconds,
            cutShort, corrected, uncorrected, lateness, hiccup, warmup, lateResponses, unknownResponses,
            backPressureEvents, windowFullEvents, rejectReasons, outOfRange, intervalLogs, List.of(), metadata, target,
            flows, sessions, sequenceResets, stages, hops, venueClock, failures, venueRejects, fills, exchange,
            marketData, warmupSeconds, idle, compilerBusy, faults, slo, checks, notCarriedOut);
    }

    /**
     * The summary of a run that could not be carried out (the target unreachable, the logon refused): nothing sent,
     * one void check that says why, and the run's metadata. Written where the run's summary would have been, so a
     * pipeline that reads {@code summary.json} after every run finds one, with a verdict of VOID, instead of nothing.
     *
     * @param target     where the run was to go.
     * @param flows      the flows it was to draw.
     * @param sessions   the sessions it was to open.
     * @param targetRate the rate it was to offer.
     * @param check      the void check that says why.
     * @param metadata   the command line, start time, host and JVM.
     * @return the summary.
     */
    public static RunSummary notCarriedOut(
        final String target,
        final String flows,
        final int sessions,
        final double targetRate,
        final Check check,
        final ResultMetadata metadata)
    {
        return new RunSummary("run", 0, 0, 0, 0, 0, 0, targetRate, 0, 0, false, null, null, null, null, null, 0, 0,
            0, 0, null, null, null, metadata, target, flows, sessions, 0, null, null, null, null, null, null, null,
            null, 0, null, null, null, null, List.of(check), check.detail());
    }

    /**
     * Write it as indented JSON, whole or not at all; a run not carried out writes only what it was to do and why
     * not.
     *
     * @param file the summary's file, e.g. a run folder's {@link RunReport#SUMMARY_FILE}.
     */
    public void write(final Path file)
    {
        SummaryFiles.write(file, notCarriedOut == null ? this : SummaryFiles.only(this, NOT_CARRIED_OUT_FIELDS));
    }

    private static String text(final String text)
    {
        return text == null ? "" : text;
    }

    private static Percentiles figures(final Percentiles percentiles)
    {
        return percentiles == null ? NONE : percentiles;
    }

    private static <T> List<T> list(final List<T> list)
    {
        return list == null ? List.of() : Collections.unmodifiableList(list);
    }

    private static Map<String, Long> counts(final Map<String, Long> counts)
    {
        return counts == null ? Map.of() : Collections.unmodifiableMap(counts);
    }
}
