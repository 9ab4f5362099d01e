package io.sonde.history;

/**
 * What a step's run of the book flow ({@code --flow book}) asked of the book and achieved, its {@code book}
 * figures; each action's stage (passive ack, aggressive fill, cancel, replace) is kept with the step's other
 * series.
 *
 * @param step               the step's folder within the result, as {@link StepPercentiles#step()}.
 * @param depth              price levels per side asked for.
 * @param targetOrderToTrade the order-to-trade ratio asked for.
 * @param orderToTrade       the ratio achieved, or null when nothing traded.
 * @param targetCancelShare  the share of new orders to cancel asked for.
 * @param cancelShare        the share of new orders cancelled.
 * @param trades             aggressive orders that executed.
 * @param restingAtStart     orders resting when the measured window began.
 * @param restingAtEnd       orders resting when the run ended, each then cancelled.
 * @param left               of those, the orders whose cancel had no answer: they may still rest at the venue.
 * @param warnings           the targets missed and why, in words, one a line; empty when all were met.
 */
public record StepBook(
    String step,
    int depth,
    double targetOrderToTrade,
    Double orderToTrade,
    double targetCancelShare,
    double cancelShare,
    long trades,
    long restingAtStart,
    long restingAtEnd,
    long left,
    String warnings)
{
}
