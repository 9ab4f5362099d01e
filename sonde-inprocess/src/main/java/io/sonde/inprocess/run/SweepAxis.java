package io.sonde.inprocess.run;

import java.util.Locale;

/**
 * What a sweep varies from step to step: the offered rate, or the NewOrderSingle's size at one rate. Each step
 * is planned as one value on this axis; the axis says what that value means for the step.
 */
final class SweepAxis
{
    private final Double fixedRate;

    private SweepAxis(final Double fixedRate)
    {
        this.fixedRate = fixedRate;
    }

    /**
     * @return an axis of offered rates (lifecycles per second).
     */
    static SweepAxis rates()
    {
        return new SweepAxis(null);
    }

    /**
     * @param rate the rate every step offers.
     * @return an axis of message sizes in bytes, all at {@code rate}.
     */
    static SweepAxis sizesAt(final double rate)
    {
        return new SweepAxis(rate);
    }

    boolean isSizes()
    {
        return fixedRate != null;
    }

    double rateAt(final double value)
    {
        return isSizes() ? fixedRate : value;
    }

    /**
     * @return the step's message size in bytes, or null on a rate axis (the run's own size applies).
     */
    Integer messageSizeAt(final double value)
    {
        return isSizes() ? (int)value : null;
    }

    /**
     * @param index 0-based.
     * @return the step's folder, named so that a listing sorts in step order and says the value.
     */
    String folderName(final int index, final double value)
    {
        return String.format(Locale.ROOT, isSizes() ? "step-%02d-%.0fB" : "step-%02d-%.0f", index + 1, value);
    }
}
