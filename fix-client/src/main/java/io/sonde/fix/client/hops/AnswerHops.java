package io.sonde.fix.client.hops;

import io.sonde.fix.engine.WallClock;
import io.sonde.loadgen.record.HopSeries;
import io.sonde.loadgen.record.HopsByLatency;

import java.util.List;

/**
 * The hops an order crossed until its answer was in Sonde's hands, one {@link HopSeries} each, request by request
 * adding up to the answer's corrected latency:
 * <ul>
 *     <li>{@code send}: from the intended start until Sonde handed the order to its FIX engine;</li>
 *     <li>against the bundled exchange, from its own stamps: {@code fix-in} (Sonde's engine, the wire, the
 *     gateway's read), {@code gateway-in} (read to command offered to the cluster), {@code consensus} (offered to
 *     committed), {@code matching} (committed to the engine's event), {@code gateway-out} (event to answer
 *     written), {@code fix-out} (the wire and Sonde's engine read);</li>
 *     <li>against any other venue, from its TransactTime (60) and SendingTime (52): {@code to-venue},
 *     {@code in-venue} (60 to 52; only when the answer carries 60) and {@code from-venue}; or, when the venue
 *     stamps whole milliseconds or coarser, the unsplit {@code wire-and-venue};</li>
 *     <li>{@code receive}: from Sonde's engine reading the answer until the load thread handled it.</li>
 * </ul>
 * Venue stamps are placed on Sonde's time line through {@link VenueClock}; each answer's points are then kept in
 * path order, a point found before the one ahead of it moved up to it, so the hops always add up. Allocation-free;
 * single-threaded.
 */
public final class AnswerHops
{
    public static final String SEND = "send";
    public static final String FIX_IN = "fix-in";
    public static final String GATEWAY_IN = "gateway-in";
    public static final String CONSENSUS = "consensus";
    public static final String MATCHING = "matching";
    public static final String GATEWAY_OUT = "gateway-out";
    public static final String FIX_OUT = "fix-out";
    public static final String TO_VENUE = "to-venue";
    public static final String IN_VENUE = "in-venue";
    public static final String FROM_VENUE = "from-venue";
    public static final String WIRE_AND_VENUE = "wire-and-venue";
    public static final String RECEIVE = "receive";

    /**
     * Venue stamps this coarse cannot split a round trip of tens of microseconds between the wire and the venue.
     */
    public static final long COARSEST_SPLITTING_RESOLUTION_NANOS = 999_999L;
    /**
     * What a venue stamp that is absent is given as.
     */
    public static final long NO_STAMP = Long.MIN_VALUE;

    private static final int MOST_POINTS = 9;

    private final HopSeries send = new HopSeries(SEND);
    private final HopSeries fixIn = new HopSeries(FIX_IN);
    private final HopSeries gatewayIn = new HopSeries(GATEWAY_IN);
    private final HopSeries consensus = new HopSeries(CONSENSUS);
    private final HopSeries matching = new HopSeries(MATCHING);
    private final HopSeries gatewayOut = new HopSeries(GATEWAY_OUT);
    private final HopSeries fixOut = new HopSeries(FIX_OUT);
    private final HopSeries toVenue = new HopSeries(TO_VENUE);
    private final HopSeries inVenue = new HopSeries(IN_VENUE);
    private final HopSeries fromVenue = new HopSeries(FROM_VENUE);
    private final HopSeries wireAndVenue = new HopSeries(WIRE_AND_VENUE);
    private final HopSeries receive = new HopSeries(RECEIVE);
    private final List<HopSeries> inPathOrder = List.of(
        send, fixIn, gatewayIn, consensus, matching, gatewayOut, fixOut, toVenue, inVenue, fromVenue, wireAndVenue,
        receive);
    private final HopSeries[] exchangePath =
        {send, fixIn, gatewayIn, consensus, matching, gatewayOut, fixOut, receive};
    private final HopSeries[] venuePath = {send, toVenue, inVenue, fromVenue, receive};
    private final HopSeries[] venuePathWithoutTransactTime = {send, toVenue, fromVenue, receive};
    private final HopSeries[] coarsePath = {send, wireAndVenue, receive};
    private final int[] exchangeIndexes = indexesOf(exchangePath);
    private final int[] venueIndexes = indexesOf(venuePath);
    private final int[] venueWithoutTransactTimeIndexes = indexesOf(venuePathWithoutTransactTime);
    private final int[] coarseIndexes = indexesOf(coarsePath);
    private final HopsByLatency byLatency = new HopsByLatency(inPathOrder.size());
    private final long[] points = new long[MOST_POINTS];
    private final VenueClock venueClock = new VenueClock();
    private final WallClock wallClock = WallClock.INSTANCE;
    private long coarseAnswers;
    private long reorderedAnswers;
    private boolean reordered;
    private long resolution;
    private long answered;

    /**
     * @return every hop in path order; a run fills those its venue's stamps allow.
     */
    public List<HopSeries> inPathOrder()
    {
        return inPathOrder;
    }

    /**
     * @return the measured answers' hops by the answer's latency, each hop known by its index in
     *         {@link #inPathOrder()}: what the answers at a percentile spent their time on.
     */
    public HopsByLatency byLatency()
    {
        return byLatency;
    }

    /**
     * @return what the answers told of the venue's clock.
     */
    public VenueClock venueClock()
    {
        return venueClock;
    }

    /**
     * @return answers whose venue stamps were too coarse to split the wire from the venue.
     */
    public long coarseAnswers()
    {
        return coarseAnswers;
    }

    /**
     * @return answers whose venue stamps, placed with the offset then known, fell out of path order by more than
     *         their resolution and were moved: a few while the bounds are still wide, many when the venue's clock
     *         is inconsistent with Sonde's.
     */
    public long reorderedAnswers()
    {
        return reorderedAnswers;
    }

    /**
     * An answer from a venue that stamps it with TransactTime (60) and SendingTime (52) only.
     *
     * @param intendedNanos      the order's intended start (nanoTime).
     * @param sendBeganNanos     when Sonde began sending it (nanoTime).
     * @param offeredNanos       when Sonde had handed it to its FIX engine (nanoTime).
     * @param transactEpochNanos the answer's TransactTime, or {@link #NO_STAMP}.
     * @param sendingEpochNanos  the answer's SendingTime.
     * @param resolutionNanos    the coarser resolution of the two stamps.
     * @param readEpochNanos     when Sonde's engine read the answer (epoch, {@link WallClock}).
     * @param answeredNanos      when the load thread handled it (nanoTime).
     */
    public void onVenueAnswer(
        final long intendedNanos,
        final long sendBeganNanos,
        final long offeredNanos,
        final long transactEpochNanos,
        final long sendingEpochNanos,
        final long resolutionNanos,
        final long readEpochNanos,
        final long answeredNanos)
    {
        final long readNanos = wallClock.nanoTimeOf(readEpochNanos);
        if (resolutionNanos > COARSEST_SPLITTING_RESOLUTION_NANOS)
        {
            coarseAnswers++;
            startPath(intendedNanos, offeredNanos, answeredNanos, 0);
            point(2, readNanos);
            recordPath(coarsePath, coarseIndexes, intendedNanos);
            return;
        }

        final boolean hasTransactTime = transactEpochNanos != NO_STAMP;
        final long venueEarliest =
            hasTransactTime ? Math.min(transactEpochNanos, sendingEpochNanos) : sendingEpochNanos;
        venueClock.observe(wallClock.epochNanosOf(sendBeganNanos), venueEarliest, sendingEpochNanos, resolutionNanos,
            wallClock.epochNanosOf(answeredNanos));
        final long offset = venueClock.offsetNanos();
        startPath(intendedNanos, offeredNanos, answeredNanos, resolutionNanos);
        int next = 2;
        if (hasTransactTime)
        {
            venuePoint(next++, venueEarliest - offset);
        }
        venuePoint(next++, sendingEpochNanos - offset);
        point(next, readNanos);
        if (hasTransactTime)
        {
            recordPath(venuePath, venueIndexes, intendedNanos);
        }
        else
        {
            recordPath(venuePathWithoutTransactTime, venueWithoutTransactTimeIndexes, intendedNanos);
        }
    }

    /**
     * An answer from the bundled exchange, with its own stamps (epoch nanoseconds on the exchange's clock).
     *
     * @param intendedNanos  the order's intended start (nanoTime).
     * @param sendBeganNanos when Sonde began sending it (nanoTime).
     * @param offeredNanos   when Sonde had handed it to its FIX engine (nanoTime).
     * @param gatewayRead    the gateway's FIX engine read the order's bytes.
     * @param gatewayOffer   the gateway offered its command to the cluster.
     * @param commit         the matching service saw the command committed.
     * @param event          the service sent the engine's event back.
     * @param gatewayWrite   the gateway wrote the answer.
     * @param readEpochNanos when Sonde's engine read the answer (epoch, {@link WallClock}).
     * @param answeredNanos  when the load thread handled it (nanoTime).
     */
    public void onExchangeAnswer(
        final long intendedNanos,
        final long sendBeganNanos,
        final long offeredNanos,
        final long gatewayRead,
        final long gatewayOffer,
        final long commit,
        final long event,
        final long gatewayWrite,
        final long readEpochNanos,
        final long answeredNanos)
    {
        venueClock.observe(wallClock.epochNanosOf(sendBeganNanos), gatewayOffer, gatewayWrite, 1,
            wallClock.epochNanosOf(answeredNanos));
        final long offset = venueClock.offsetNanos();
        startPath(intendedNanos, offeredNanos, answeredNanos, 1);
        venuePoint(2, gatewayRead - offset);
        venuePoint(3, gatewayOffer - offset);
        venuePoint(4, commit - offset);
        venuePoint(5, event - offset);
        venuePoint(6, gatewayWrite - offset);
        point(7, wallClock.nanoTimeOf(readEpochNanos));
        recordPath(exchangePath, exchangeIndexes, intendedNanos);
    }

    private void startPath(final long intendedNanos, final long offeredNanos, final long answeredNanos, final long res)
    {
        answered = answeredNanos;
        resolution = res;
        reordered = false;
        points[0] = intendedNanos;
        point(1, offeredNanos);
    }

    /**
     * A point of Sonde's own: kept between the point before it and the answer.
     */
    private void point(final int index, final long nanoTime)
    {
        points[index] = Math.min(Math.max(nanoTime, points[index - 1]), answered);
    }

    /**
     * A venue stamp placed on Sonde's time line (as an epoch time): kept in order like Sonde's own, remembering when
     * that moved it by more than the stamp's resolution.
     */
    private void venuePoint(final int index, final long epochNanos)
    {
        final long placed = wallClock.nanoTimeOf(epochNanos);
        point(index, placed);
        if (Math.abs(points[index] - placed) > resolution)
        {
            reordered = true;
        }
    }

    private void recordPath(final HopSeries[] path, final int[] indexes, final long intendedNanos)
    {
        points[path.length] = answered;
        for (int i = 0; i < path.length; i++)
        {
            path[i].record(intendedNanos, points[i + 1] - points[i]);
        }
        if (send.measures(intendedNanos))
        {
            final int band = byLatency.request(answered - intendedNanos);
            for (int i = 0; i < path.length; i++)
            {
                byLatency.hop(band, indexes[i], points[i + 1] - points[i]);
            }
        }
        if (reordered)
        {
            reorderedAnswers++;
        }
    }

    private int[] indexesOf(final HopSeries[] path)
    {
        final int[] indexes = new int[path.length];
        for (int i = 0; i < path.length; i++)
        {
            indexes[i] = inPathOrder.indexOf(path[i]);
        }
        return indexes;
    }
}
