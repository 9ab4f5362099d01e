package io.sonde.report;

import org.HdrHistogram.Histogram;

/**
 * What a caller sees when one request fans out to K parallel calls of this service and waits for all of
 * them ("The Tail at Scale"): the slowest of K independent draws. Its quantile q is the service's quantile
 * q^(1/K), so the caller's p99 at K = 100 is the service's p99.99.
 */
public final class TailAtScale
{
    public static final int[] FAN_OUTS = {1, 10, 100};

    private TailAtScale()
    {
    }

    /**
     * @param percentile the caller's percentile, e.g. 99.
     * @param fanOut     parallel calls per caller request.
     * @return the latency in the histogram's unit.
     */
    public static long callerQuantile(final Histogram service, final double percentile, final int fanOut)
    {
        final double perCall = Math.pow(percentile / 100.0, 1.0 / fanOut) * 100.0;
        return service.getValueAtPercentile(Math.min(100.0, perCall));
    }
}
