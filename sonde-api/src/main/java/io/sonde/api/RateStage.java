package io.sonde.api;

import java.time.Duration;

/**
 * One stage of {@code --stages}: a flat rate when {@code fromRate == toRate}, else a linear ramp between them; a
 * rate of 0 is a pause.
 *
 * @param fromRate orders per second at the stage's start.
 * @param toRate   orders per second at its end.
 * @param duration how long it lasts.
 */
public record RateStage(double fromRate, double toRate, Duration duration)
{
    /**
     * @throws InvalidOptionException when a rate is negative or not finite, or the duration is not positive.
     */
    public RateStage
    {
        if (!(fromRate >= 0) || !(toRate >= 0) || Double.isInfinite(fromRate) || Double.isInfinite(toRate))
        {
            throw new InvalidOptionException("--stages: rates must be finite and not negative: " + fromRate + "-" +
                toRate);
        }
        if (duration.isNegative() || duration.isZero())
        {
            throw new InvalidOptionException("--stages: a stage must last longer than zero: " + duration);
        }
    }

    /**
     * @return the orders this stage offers.
     */
    public double orders()
    {
        return (fromRate + toRate) / 2 * duration.toNanos() / 1e9;
    }

    /**
     * @return the stage as {@code --stages} takes it, e.g. {@code 1k-5k:20s}.
     */
    public String toString()
    {
        final String rates = fromRate == toRate ? Rates.format(fromRate) :
            Rates.format(fromRate) + "-" + Rates.format(toRate);
        return rates + ":" + DurationText.format(duration);
    }
}
