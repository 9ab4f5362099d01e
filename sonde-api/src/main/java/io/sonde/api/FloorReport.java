package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * What {@code sonde calibrate} measured on a host, so that every later result can be read as a ratio to it: the
 * TCP echo's round trip over loopback ({@link #floor}), Sonde's own FIX client against the reference acceptor
 * ({@link #fixFloor}) and one-way loopback UDP ({@link #udpFloor}), each at the same rates, with the hiccups of
 * the process while each ran, the self-check of the measurement against a scripted stall ({@link SelfCheck}) and how
 * the calibration was made. Percentiles are in microseconds.
 * <p>
 * This record is both sides of a calibration's {@code summary.json}: Sonde writes it there with Jackson (beside the
 * TCP floor's rates summarised as one run) and {@link #read} reads it back, so the writer and the reader cannot
 * drift. Its field names are the file's; a calibration written before Sonde measured the UDP or FIX floor reads
 * with those lists empty and their hiccups null.
 *
 * @param transport    what the TCP floor measured, e.g. {@code loopback TCP echo, 16-byte frames, ...}.
 * @param floor        the host's TCP round-trip floor, one entry per rate.
 * @param fixTransport what Sonde's FIX floor measured, or null when it was not ({@code --no-fix}).
 * @param fixFloor     Sonde's FIX floor, one entry per rate; empty when not measured.
 * @param udpTransport what the UDP floor measured, or null when it was not ({@code --no-udp}).
 * @param udpFloor     the host's one-way UDP floor, one entry per rate; empty when not measured.
 * @param hiccup       the process's own stalls over the TCP floor's rates.
 * @param fixHiccup    the same over the FIX floor's rates, or null when it was not measured.
 * @param udpHiccup    the same over the UDP floor's rates, or null when it was not measured.
 * @param selfCheck    the self-check of the measurement against a scripted stall, or null when it was not made
 *                     ({@code --no-self-check}, or a calibration from before it).
 * @param metadata     when and how the calibration was made (its start, command line, host, JVM and threads);
 *                     null when its summary holds none. Written beside this record, not by it.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({ "transport", "floor", "fixTransport", "fixFloor", "udpTransport", "udpFloor", "hiccup",
    "fixHiccup", "udpHiccup", "selfCheck" })
public record FloorReport(
    String transport,
    List<RoundTrip> floor,
    String fixTransport,
    List<RoundTrip> fixFloor,
    String udpTransport,
    List<OneWay> udpFloor,
    Percentiles hiccup,
    Percentiles fixHiccup,
    Percentiles udpHiccup,
    SelfCheck selfCheck,
    @JsonIgnore ResultMetadata metadata)
{
    /** The file a calibration writes, in its output folder. */
    public static final String SUMMARY_FILE = "summary.json";

    /** A step that sent less than this share of its rate fell behind: its latency is a queue's, not the path's. */
    public static final double KEPT_UP_SHARE = 0.99;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> FLOORS = List.of("floor", "fixFloor", "udpFloor");

    /**
     * Lists left out of an older file are empty, never null.
     */
    public FloorReport
    {
        floor = floor == null ? List.of() : List.copyOf(floor);
        fixFloor = fixFloor == null ? List.of() : List.copyOf(fixFloor);
        udpFloor = udpFloor == null ? List.of() : List.copyOf(udpFloor);
    }

    /**
     * A report without a self-check, as a calibration from before it reads.
     */
    public FloorReport(
        final String transport,
        final List<RoundTrip> floor,
        final String fixTransport,
        final List<RoundTrip> fixFloor,
        final String udpTransport,
        final List<OneWay> udpFloor,
        final Percentiles hiccup,
        final Percentiles fixHiccup,
        final Percentiles udpHiccup,
        final ResultMetadata metadata)
    {
        this(transport, floor, fixTransport, fixFloor, udpTransport, udpFloor, hiccup, fixHiccup, udpHiccup, null,
            metadata);
    }

    /**
     * @param folder a {@code sonde calibrate} output folder.
     * @return what it measured.
     * @throws IllegalArgumentException naming the file when the folder holds no calibration: no readable
     *                                  {@code summary.json}, no {@code floor} list in it, or an entry without its
     *                                  rate or corrected percentiles.
     */
    public static FloorReport read(final Path folder)
    {
        final Path file = folder.resolve(SUMMARY_FILE);
        final JsonNode summary = SummaryFiles.read(file);
        if (!summary.path("floor").isArray())
        {
            throw new IllegalArgumentException(file + " is not a calibrate summary (no 'floor' list)");
        }
        for (final String name : FLOORS)
        {
            for (final JsonNode entry : summary.path(name))
            {
                if (!entry.path("rate").isNumber() || !entry.path("corrected").isObject())
                {
                    throw new IllegalArgumentException(file + ": a " + name + " entry lacks its rate or corrected " +
                        "percentiles: " + entry);
                }
            }
        }
        try
        {
            return JSON.treeToValue(summary, FloorReport.class)
                .withMetadata(SummaryFiles.metadata(summary.path("metadata")));
        }
        catch (final JsonProcessingException ex)
        {
            throw new IllegalArgumentException(file + " is not a calibrate summary: " + ex.getOriginalMessage(), ex);
        }
    }

    /**
     * @return this report with {@code metadata}: how Sonde completes a report read or measured without it.
     */
    public FloorReport withMetadata(final ResultMetadata metadata)
    {
        return new FloorReport(transport, floor, fixTransport, fixFloor, udpTransport, udpFloor, hiccup, fixHiccup,
            udpHiccup, selfCheck, metadata);
    }

    /**
     * @return the TCP floor's entry whose rate is nearest {@code rate} on a log scale (5k is nearer 10k than 1k is).
     */
    public Optional<RoundTrip> nearest(final double rate)
    {
        return nearest(floor, RoundTrip::rate, rate);
    }

    /**
     * @return the FIX floor's entry whose rate is nearest {@code rate}; empty when the FIX floor was not measured.
     */
    public Optional<RoundTrip> nearestFix(final double rate)
    {
        return nearest(fixFloor, RoundTrip::rate, rate);
    }

    /**
     * @return the UDP floor's entry whose rate is nearest {@code rate}, which a feed's one-way latency at that rate
     *         is divided by; empty when the UDP floor was not measured.
     */
    public Optional<OneWay> nearestUdp(final double rate)
    {
        return nearest(udpFloor, OneWay::rate, rate);
    }

    private static <E> Optional<E> nearest(final List<E> entries, final ToDoubleFunction<E> rateOf, final double rate)
    {
        E best = null;
        for (final E entry : entries)
        {
            if (best == null ||
                Math.abs(Math.log(rateOf.applyAsDouble(entry) / rate)) <
                Math.abs(Math.log(rateOf.applyAsDouble(best) / rate)))
            {
                best = entry;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * A round-trip floor at one rate: loopback TCP echoed, or Sonde's FIX order answered by the reference acceptor.
     *
     * @param rate         offered requests per second.
     * @param achievedRate requests per second actually sent in the measurement window.
     * @param sent         measured requests sent.
     * @param acknowledged measured requests answered (echoed back; for FIX, filled).
     * @param timedOut     measured requests not answered within the timeout.
     * @param corrected    latency from the intended start.
     * @param uncorrected  latency from the actual send.
     * @param lateness     how late the generator sent.
     * @param intervalLog  the file name of this rate's interval log, in the calibration's folder.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({ "rate", "achievedRate", "sent", "acknowledged", "timedOut", "corrected", "uncorrected",
        "lateness", "intervalLog" })
    public record RoundTrip(
        double rate,
        double achievedRate,
        long sent,
        long acknowledged,
        long timedOut,
        Percentiles corrected,
        Percentiles uncorrected,
        Percentiles lateness,
        String intervalLog)
    {
        /**
         * @return whether the step sent its rate: one that fell behind measured its own queue, not a floor.
         */
        public boolean keptUp()
        {
            return achievedRate >= rate * KEPT_UP_SHARE;
        }
    }

    /**
     * The one-way UDP floor at one rate: latency from each datagram's intended send (corrected) and actual send
     * (uncorrected) to the receiver's read, with the means STAC-N1 reports beside the percentiles, and the datagrams
     * that never arrived.
     *
     * @param rate            offered datagrams per second.
     * @param achievedRate    datagrams per second actually sent in the measurement window.
     * @param sent            measured datagrams sent.
     * @param acknowledged    measured datagrams read by the receiver.
     * @param timedOut        measured datagrams not read within the timeout, lost ones included.
     * @param corrected       latency from the intended send.
     * @param uncorrected     latency from the actual send.
     * @param lateness        how late the generator sent.
     * @param intervalLog     the file name of this rate's interval log, in the calibration's folder.
     * @param mean            mean corrected latency, µs.
     * @param uncorrectedMean mean uncorrected latency, µs.
     * @param lost            datagrams of the step, warm-up included, that the receiver never read: gaps in the
     *                        sequence, and the ones after the last it read.
     * @param outOfOrder      datagrams that arrived after a later one (not lost: counted here instead).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({ "rate", "achievedRate", "sent", "acknowledged", "timedOut", "corrected", "uncorrected",
        "lateness", "intervalLog", "mean", "uncorrectedMean", "lost", "outOfOrder" })
    public record OneWay(
        double rate,
        double achievedRate,
        long sent,
        long acknowledged,
        long timedOut,
        Percentiles corrected,
        Percentiles uncorrected,
        Percentiles lateness,
        String intervalLog,
        double mean,
        double uncorrectedMean,
        long lost,
        long outOfOrder)
    {
        /**
         * @return whether the step sent its rate: one that fell behind measured its own queue, not a floor.
         */
        public boolean keptUp()
        {
            return achievedRate >= rate * KEPT_UP_SHARE;
        }
    }
}
