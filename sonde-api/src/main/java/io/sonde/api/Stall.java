package io.sonde.api;

import java.time.Duration;

/**
 * A scripted stall of the reference acceptor ({@code sonde acceptor --stall 50ms/1s}): it stops answering for
 * {@link #length} at the start of every {@link #period}, holding what arrives and answering it when the stall ends.
 * A system under test that pauses (a GC, a hypervisor's steal), scripted so that what a CO-correct measurement must
 * see is known exactly: {@code sonde calibrate}'s self-check measures it.
 *
 * @param length how long each stall lasts; positive.
 * @param period how often a stall begins; longer than the stall.
 */
public record Stall(Duration length, Duration period)
{
    /**
     * @throws InvalidOptionException when the stall is not positive or does not end before the next one begins.
     */
    public Stall
    {
        if (length.isNegative() || length.isZero())
        {
            throw new InvalidOptionException("--stall must last a positive time: " + DurationText.format(length));
        }
        if (period.compareTo(length) <= 0)
        {
            throw new InvalidOptionException("--stall must end before the next begins: " +
                DurationText.format(length) + " every " + DurationText.format(period));
        }
    }

    /**
     * @param text {@code LENGTH/PERIOD}, each a duration, e.g. {@code 50ms/1s}.
     * @return the stall it names.
     * @throws InvalidOptionException when it is not two durations separated by {@code /}, or not a stall.
     */
    public static Stall parse(final String text)
    {
        final int slash = text.indexOf('/');
        if (slash < 0)
        {
            throw new InvalidOptionException("--stall is LENGTH/PERIOD, e.g. 50ms/1s: " + text);
        }
        return new Stall(DurationText.parse(text.substring(0, slash)), DurationText.parse(text.substring(slash + 1)));
    }

    /**
     * @return the share of the time the acceptor is stalled: the length over the period.
     */
    public double share()
    {
        return (double)length.toNanos() / period.toNanos();
    }

    /**
     * @return as {@link #parse} reads it, e.g. {@code 50ms/1s}.
     */
    public String toString()
    {
        return DurationText.format(length) + "/" + DurationText.format(period);
    }
}
