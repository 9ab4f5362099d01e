package io.sonde.loadgen.record;

/**
 * The hops of measured requests summed by the request's whole latency, so that a run can say what the requests at
 * a percentile spent their time on. A hop's own median says what that hop typically costs; it does not say where
 * the median request's time went, because a request is slow in some one hop while the others are fast, and the
 * medians of the hops then add up to well under the median request. The mean hops of the requests around a
 * percentile do add up to it, request by request.
 * <p>
 * Requests are grouped in bands 1/32 of a power of two wide (3 % at most), from a nanosecond to the largest long.
 * Allocation-free while recording; single-threaded; read once recording has stopped.
 */
public final class HopsByLatency
{
    /**
     * A percentile's band alone may hold a handful of requests; neighbouring bands are added until this many...
     */
    static final long FEWEST_REQUESTS = 20;
    /**
     * ...but no more than this many on each side (about 12 %), so a sparse tail never borrows the median's requests.
     */
    static final int WIDEST_REACH = 4;

    private static final int SUB_BAND_BITS = 5;
    private static final int SUB_BANDS = 1 << SUB_BAND_BITS;
    private static final int BANDS = (Long.SIZE - SUB_BAND_BITS) * SUB_BANDS;

    private final int hops;
    private final long[] requests = new long[BANDS];
    private final long[] hopNanos;
    private long total;

    /**
     * @param hops how many hops a request can cross; each is known by its index, below this.
     */
    public HopsByLatency(final int hops)
    {
        this.hops = hops;
        this.hopNanos = new long[BANDS * hops];
    }

    /**
     * Count one request; then give its hops to {@link #hop} with the band returned.
     *
     * @param latencyNanos the request's whole latency, which its hops add up to.
     * @return the request's band.
     */
    public int request(final long latencyNanos)
    {
        final int band = band(latencyNanos);
        requests[band]++;
        total++;
        return band;
    }

    /**
     * Add the time a request of {@code band} spent in hop {@code hopIndex}.
     */
    public void hop(final int band, final int hopIndex, final long nanos)
    {
        hopNanos[band * hops + hopIndex] += nanos;
    }

    /**
     * Add requests that a file held (another run's, or another generator's), band by band.
     *
     * @param lowestNanos the band's lowest latency, as {@link #forEachBand} gave it.
     * @param count       requests in the band.
     * @param bandHopNanos the band's total time in each hop, by index.
     */
    public void addBand(final long lowestNanos, final long count, final long[] bandHopNanos)
    {
        if (bandHopNanos.length != hops)
        {
            throw new IllegalArgumentException("a band of " + bandHopNanos.length + " hops added to " + hops);
        }
        final int band = band(lowestNanos);
        requests[band] += count;
        total += count;
        for (int hop = 0; hop < hops; hop++)
        {
            hopNanos[band * hops + hop] += bandHopNanos[hop];
        }
    }

    /**
     * Visit every band that holds requests, fastest first.
     */
    public void forEachBand(final BandVisitor visitor)
    {
        final long[] bandHopNanos = new long[hops];
        for (int band = 0; band < BANDS; band++)
        {
            if (requests[band] > 0)
            {
                System.arraycopy(hopNanos, band * hops, bandHopNanos, 0, hops);
                visitor.band(lowestOf(band), requests[band], bandHopNanos);
            }
        }
    }

    /**
     * @return how many hops a request can cross.
     */
    public int hops()
    {
        return hops;
    }

    /**
     * @return the requests counted.
     */
    public long requests()
    {
        return total;
    }

    /**
     * @param percentile of the requests' latencies, 0 to 100.
     * @return the mean hops of the requests in the band that holds that percentile, widened by its neighbours
     *         until at least {@link #FEWEST_REQUESTS} are in or {@link #WIDEST_REACH} bands were added on each side;
     *         null when nothing was counted.
     */
    public Composition at(final double percentile)
    {
        if (total == 0)
        {
            return null;
        }
        final int centre = bandAtPercentile(percentile);
        int low = centre;
        int high = centre;
        long counted = requests[centre];
        for (int reach = 1; reach <= WIDEST_REACH && counted < FEWEST_REQUESTS; reach++)
        {
            if (centre - reach >= 0)
            {
                low = centre - reach;
                counted += requests[low];
            }
            if (centre + reach < BANDS)
            {
                high = centre + reach;
                counted += requests[high];
            }
        }
        final double[] meanNanos = new double[hops];
        for (int band = low; band <= high; band++)
        {
            for (int hop = 0; hop < hops; hop++)
            {
                meanNanos[hop] += hopNanos[band * hops + hop];
            }
        }
        for (int hop = 0; hop < hops; hop++)
        {
            meanNanos[hop] /= counted;
        }
        return new Composition(counted, lowestOf(low), lowestOf(high + 1) - 1, meanNanos);
    }

    private int bandAtPercentile(final double percentile)
    {
        final long rank = Math.max(1, (long)Math.ceil(total * Math.min(100.0, Math.max(0.0, percentile)) / 100.0));
        long seen = 0;
        for (int band = 0; band < BANDS; band++)
        {
            seen += requests[band];
            if (seen >= rank)
            {
                return band;
            }
        }
        return BANDS - 1;
    }

    /**
     * Values below 32 have a band each; above, a band is 1/32 of the power of two the value falls in.
     */
    static int band(final long nanos)
    {
        final long value = Math.max(0, nanos);
        final int topBit = Long.SIZE - 1 - Long.numberOfLeadingZeros(value | 1);
        if (topBit < SUB_BAND_BITS)
        {
            return (int)value;
        }
        final int subBand = (int)(value >>> (topBit - SUB_BAND_BITS)) & (SUB_BANDS - 1);
        return (topBit - SUB_BAND_BITS + 1) * SUB_BANDS + subBand;
    }

    /**
     * @return the lowest value in {@code band}; for the band past the last, the largest long.
     */
    static long lowestOf(final int band)
    {
        if (band < SUB_BANDS)
        {
            return band;
        }
        if (band >= BANDS)
        {
            return Long.MAX_VALUE;
        }
        final int shift = band / SUB_BANDS - 1;
        return (long)(SUB_BANDS + band % SUB_BANDS) << shift;
    }

    /**
     * Sees one band: its lowest latency, its requests and their total time in each hop (valid during the call).
     */
    @FunctionalInterface
    public interface BandVisitor
    {
        void band(long lowestNanos, long requests, long[] hopNanos);
    }

    /**
     * What the requests around a percentile spent their time on.
     *
     * @param requests     how many requests the means are of.
     * @param lowestNanos  the fastest latency the bands taken allow.
     * @param highestNanos the slowest.
     * @param meanHopNanos each hop's mean, by index; they add up to the requests' mean latency.
     */
    public record Composition(long requests, long lowestNanos, long highestNanos, double[] meanHopNanos)
    {
        /**
         * @return the requests' mean latency: their hops' means added.
         */
        public double meanNanos()
        {
            double sum = 0;
            for (final double hop : meanHopNanos)
            {
                sum += hop;
            }
            return sum;
        }
    }
}
