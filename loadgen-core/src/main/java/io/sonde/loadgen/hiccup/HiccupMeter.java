package io.sonde.loadgen.hiccup;

import io.sonde.agent.AgentOptions;
import io.sonde.agent.HiccupRecording;
import io.sonde.agent.HiccupSampler;
import io.sonde.loadgen.record.SeriesRecorder;

/**
 * Measures the stalls this process suffers, whatever their cause (GC, safepoints, the hypervisor taking the
 * vCPU away), with the same {@link HiccupSampler} as {@code sonde-agent.jar}, into a series of the run's own
 * interval log rather than a log of its own: values are recorded with the sampling interval as the expected
 * interval (coordinated-omission correction). Runs beside every load run so a pause in Sonde is never blamed on
 * the system under test.
 */
public final class HiccupMeter implements AutoCloseable
{
    public static final String TAG = HiccupRecording.TAG;
    public static final long DEFAULT_RESOLUTION_NANOS = AgentOptions.DEFAULT_RESOLUTION_NANOS;

    private final HiccupSampler sampler;

    public HiccupMeter(final SeriesRecorder series, final long resolutionNanos)
    {
        this.sampler = new HiccupSampler("sonde-hiccup", resolutionNanos, series::recordWithExpectedInterval);
    }

    public HiccupMeter start()
    {
        sampler.start();
        return this;
    }

    public void close()
    {
        sampler.close();
    }
}
