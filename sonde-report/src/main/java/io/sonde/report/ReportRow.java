package io.sonde.report;

import io.sonde.api.BookReport;
import io.sonde.api.ConfidenceInterval;
import io.sonde.api.FloorReport;
import io.sonde.api.MarketData;
import io.sonde.api.StepProbability;
import io.sonde.api.TickToTrade;
import io.sonde.loadgen.record.HopsByLatencyCsv;
import org.HdrHistogram.Histogram;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Everything a report shows for one rate, summed over the generators (input folders) that ran it.
 */
public final class ReportRow
{
    private final double rate;
    private final Integer messageSize;
    private final String name;
    private final RecordedLog log = new RecordedLog();
    private final RowIntervals intervals = new RowIntervals();
    private final Map<String, Long> failures = new TreeMap<>();
    private double achievedRate;
    private long sent;
    private long errors;
    private int generators;
    private boolean allMet = true;
    private Double floorP99;
    private Double fixFloorP99;
    private String verdict;
    private StepProbability leastLikely;
    private Map<String, Histogram> floorCurves = Map.of();
    private HopsByLatencyCsv.Loaded hopsByLatency;
    private FeedCounts feedCounts;
    private final List<ReportFault> faults = new ArrayList<>();
    private final List<BookReport> books = new ArrayList<>();
    private final List<TickToTrade> tickToTrades = new ArrayList<>();
    private FloorReport floor;
    private String floorSource;
    private Map<String, ConfidenceInterval> correctedIntervals = Map.of();
    private Map<String, Map<String, ConfidenceInterval>> hopIntervals = Map.of();

    ReportRow(final double rate, final Integer messageSize)
    {
        this(rate, messageSize, null);
    }

    /**
     * A row of interval logs alone, which say nothing of the rate offered: a probe's, or logs given as files.
     *
     * @param name what the logs are, for the row's label.
     */
    ReportRow(final String name)
    {
        this(0, null, name);
    }

    private ReportRow(final double rate, final Integer messageSize, final String name)
    {
        this.rate = rate;
        this.messageSize = messageSize;
        this.name = name;
    }

    /**
     * What the row's step varied: the message size in a size sweep, otherwise the rate (0 for interval logs alone).
     */
    public double key()
    {
        return messageSize != null ? messageSize : rate;
    }

    /**
     * "5000/s", or "1024 B at 5000/s" in a size sweep, or what the logs are for a row of interval logs alone.
     */
    public String label()
    {
        if (name != null)
        {
            return name;
        }
        return messageSize != null ? String.format(Locale.ROOT, "%d B at %.0f/s", messageSize, rate) :
            String.format(Locale.ROOT, "%.0f/s", rate);
    }

    /**
     * @return whether the row was read from a run's summary, which knows the rate offered and counts the errors;
     *         false for interval logs alone.
     */
    public boolean fromSummary()
    {
        return name == null;
    }

    public Integer messageSize()
    {
        return messageSize;
    }

    /**
     * Add a generator's hops by latency to the row's.
     *
     * @throws ReportException when its hops are not those of the row's other generators.
     */
    void addHopsByLatency(final Path file)
    {
        final HopsByLatencyCsv.Loaded loaded;
        try
        {
            loaded = HopsByLatencyCsv.read(file);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ReportException(ex.getMessage());
        }
        if (hopsByLatency == null)
        {
            hopsByLatency = loaded;
        }
        else if (!hopsByLatency.hopNames().equals(loaded.hopNames()))
        {
            throw new ReportException(file + " splits the answers into " + loaded.hopNames() + ", the other " +
                "generators at " + label() + " into " + hopsByLatency.hopNames());
        }
        else
        {
            loaded.byLatency().forEachBand(hopsByLatency.byLatency()::addBand);
        }
    }

    /**
     * @return what the row's answers spent in each hop by their latency, summed over its generators; null when
     *         its runs wrote none.
     */
    public HopsByLatencyCsv.Loaded hopsByLatency()
    {
        return hopsByLatency;
    }

    /**
     * Add a generator's order book, when it ran the book flow.
     */
    void addBook(final BookReport book)
    {
        books.add(book);
    }

    /**
     * @return the order book of each generator that ran the book flow.
     */
    List<BookReport> books()
    {
        return books;
    }

    /**
     * Add a market run's own figures, when the row is a market's (its latency is then tick-to-trade).
     */
    void addTickToTrade(final TickToTrade tickToTrade)
    {
        tickToTrades.add(tickToTrade);
    }

    /**
     * @return the own figures of each market run in the row; empty for a row of FIX runs.
     */
    List<TickToTrade> tickToTrades()
    {
        return tickToTrades;
    }

    /**
     * Add a generator's faults: those its summary judged and those only its {@code faults.json} records.
     */
    void addFaults(final List<ReportFault> more)
    {
        faults.addAll(more);
    }

    /**
     * @return the faults during the row's runs, each generator's in the order they began; empty without a schedule.
     */
    List<ReportFault> faults()
    {
        return faults;
    }

    /**
     * Add a generator's market data counts to the row's.
     */
    void addMarketData(final MarketData marketData)
    {
        if (feedCounts == null)
        {
            feedCounts = new FeedCounts();
        }
        feedCounts.add(marketData);
    }

    /**
     * @return the row's market data counts, summed over its generators; null when none of its runs read market
     *         data.
     */
    FeedCounts feedCounts()
    {
        return feedCounts;
    }

    /**
     * The calibration the sweep named with {@code --floor}, whose one-way UDP floor order-to-tick is divided by.
     */
    void floor(final FloorReport floor)
    {
        this.floor = floor;
    }

    /**
     * @return the UDP floor's entry nearest this row's rate on a log scale, as the sweep picks the TCP floor's; null
     *         without a floor or when it has no UDP floor.
     */
    FloorReport.OneWay udpFloor()
    {
        return floor == null ? null : floor.nearestUdp(rate()).orElse(null);
    }

    /**
     * @return whether a floor was named and found but it has no UDP floor (calibrated before calibrate measured
     *         one, or with {@code --no-udp}).
     */
    boolean lacksUdpFloor()
    {
        return floor != null && floor.udpFloor().isEmpty();
    }

    void addGenerator(final double achieved, final long sentCount, final long errorCount, final String stepVerdict)
    {
        generators++;
        achievedRate += achieved;
        sent += sentCount;
        errors += errorCount;
        if (stepVerdict != null)
        {
            allMet &= stepVerdict.equals("met");
            verdict = verdict == null || verdict.equals("met") ? stepVerdict : verdict;
        }
    }

    /**
     * The intervals of the corrected percentiles and the hops of the row's generator, as its summary gives them; a
     * row of several generators has none, since their logs ran side by side and their percentiles are of the logs
     * added up.
     *
     * @param corrected the corrected percentiles' intervals.
     * @param hops      each hop's intervals, by its name.
     */
    void summaryIntervals(final Map<String, ConfidenceInterval> corrected,
        final Map<String, Map<String, ConfidenceInterval>> hops)
    {
        correctedIntervals = generators == 1 ? corrected : Map.of();
        hopIntervals = generators == 1 ? hops : Map.of();
    }

    /**
     * @return the intervals of the hop's percentiles; empty for a row of several generators or of interval logs
     *         alone.
     */
    Map<String, ConfidenceInterval> hopIntervals(final String hop)
    {
        return hopIntervals.getOrDefault(hop, Map.of());
    }

    /**
     * @return the intervals of the row's corrected percentiles, keyed as {@code Percentiles.intervals()}; empty for
     *         a row of several generators or of interval logs alone.
     */
    Map<String, ConfidenceInterval> correctedIntervals()
    {
        return correctedIntervals;
    }

    /**
     * Which calibration the row is read against and why, or why none ({@code FloorChoice.describe()}).
     */
    void floorSource(final String source)
    {
        floorSource = source;
    }

    /**
     * @return which calibration the row is read against, or null when none was looked for.
     */
    String floorSource()
    {
        return floorSource;
    }

    /**
     * The platform floor's corrected p99 at this rate, from the sweep's {@code --floor}, µs.
     */
    void floorP99(final OptionalDouble micros)
    {
        micros.ifPresent(value -> floorP99 = value);
    }

    public Double floorP99()
    {
        return floorP99;
    }

    /**
     * Sonde's own FIX floor's corrected p99 at this rate (its client against the reference acceptor), from the
     * sweep's {@code --floor}, µs.
     */
    void fixFloorP99(final OptionalDouble micros)
    {
        micros.ifPresent(value -> fixFloorP99 = value);
    }

    public Double fixFloorP99()
    {
        return fixFloorP99;
    }

    /**
     * The corrected distributions of the sweep's {@code --floor} nearest this rate, by name, to draw beside the
     * step's own.
     */
    void floorCurves(final Map<String, Histogram> curves)
    {
        floorCurves = Collections.unmodifiableMap(new TreeMap<>(curves));
    }

    public Map<String, Histogram> floorCurves()
    {
        return floorCurves;
    }

    void addFailure(final String kind, final long count)
    {
        if (count > 0)
        {
            failures.merge(kind, count, Long::sum);
        }
    }

    public double rate()
    {
        return rate;
    }

    public RecordedLog log()
    {
        return log;
    }

    /**
     * @return the 95 % intervals of the row's corrected percentiles, from the interval logs of its runs.
     */
    RowIntervals intervals()
    {
        return intervals;
    }

    /**
     * Rate per generator times generators: what the system was offered in total.
     */
    public double offeredRate()
    {
        return rate * generators;
    }

    public double achievedRate()
    {
        return achievedRate;
    }

    public long sent()
    {
        return sent;
    }

    public long errors()
    {
        return errors;
    }

    public int generators()
    {
        return generators;
    }

    public Map<String, Long> failures()
    {
        return failures;
    }

    /**
     * @return the sweep's verdict for this rate (the worst over generators), or null for a plain run.
     */
    public String verdict()
    {
        return verdict;
    }

    boolean met()
    {
        return allMet;
    }

    /**
     * @param meetsObjectives how likely one generator's step was to meet its objectives, when its sweep measured it.
     */
    void addProbability(final Optional<StepProbability> meetsObjectives)
    {
        meetsObjectives.filter(odds -> leastLikely == null || odds.probability() < leastLikely.probability())
            .ifPresent(odds -> leastLikely = odds);
    }

    /**
     * @return how likely the step was to meet its objectives: the least likely generator's, since the knee needs
     *         every generator's; empty when no sweep measured it.
     */
    public Optional<StepProbability> meetsObjectives()
    {
        return Optional.ofNullable(leastLikely);
    }

    /**
     * @return whether every generator's step can be the knee ({@link StepProbability#kneeWorthy}).
     */
    boolean kneeWorthy()
    {
        return allMet && (leastLikely == null || leastLikely.likely());
    }
}
