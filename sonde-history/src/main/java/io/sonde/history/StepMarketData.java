package io.sonde.history;

/**
 * What a step's run read of the venue's market data ({@code --market-data}) beyond its order-to-tick percentiles,
 * which are kept with the step's other series ({@value #ORDER_TO_TICK}).
 *
 * @param step        the step's folder within the result, as {@link StepPercentiles#step()}.
 * @param source      what was read.
 * @param unavailable why order-to-tick could not be measured, or null when it was.
 * @param expected    orders that reached the book, whose public event was awaited.
 * @param seen        of those, the orders whose public event came.
 * @param missing     orders, cancels and replaces whose public event never came.
 * @param gaps        gaps in the feed's sequence.
 */
public record StepMarketData(
    String step, String source, String unavailable, long expected, long seen, long missing, long gaps)
{
    /** The order-to-tick series, from each order's intended start to its first public event. */
    public static final String ORDER_TO_TICK = "order-to-tick.corrected";
}
