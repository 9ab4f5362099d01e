package io.sonde.api;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code --flow book} asked of the book and what it achieved, the {@code book} object of {@code summary.json}.
 * The targets are the options'; the achieved figures count the measured window's actions (the warm-up, which
 * builds the book, is left out). A trade is an aggressive order that executed; the order-to-trade ratio counts
 * every order message per trade, and the cancel share the confirmed cancels per new order.
 *
 * @param depth              price levels per side asked for.
 * @param restingTarget      resting orders the depth comes to: one per level, side and symbol.
 * @param restingAtStart     orders resting when the measured window began, as the warm-up built the book.
 * @param targetOrderToTrade the order-to-trade ratio asked for.
 * @param targetCancelShare  the share of new orders to cancel asked for.
 * @param orderToTrade       the ratio achieved, or null when nothing traded.
 * @param cancelShare        the share of new orders cancelled.
 * @param passive            passive orders sent.
 * @param aggressive         aggressive orders sent.
 * @param cancels            cancels sent.
 * @param replaces           replaces sent.
 * @param trades             aggressive orders that executed.
 * @param cancelled          cancels the venue confirmed.
 * @param replaced           replaces the venue confirmed.
 * @param restingFills       fills of resting orders the venue reported, warm-up included.
 * @param closeOut           how the orders left resting at the end were cancelled.
 * @param restingBySecond    resting orders at the end of each second of the run, warm-up included.
 * @param warnings           why a target was not reached, in words; empty when all were.
 * @param feed               what the public market data showed of the book, with {@code --market-data}; else null.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BookReport(
    int depth,
    int restingTarget,
    int restingAtStart,
    double targetOrderToTrade,
    double targetCancelShare,
    Double orderToTrade,
    double cancelShare,
    long passive,
    long aggressive,
    long cancels,
    long replaces,
    long trades,
    long cancelled,
    long replaced,
    long restingFills,
    CloseOut closeOut,
    List<Integer> restingBySecond,
    List<String> warnings,
    BookFeed feed)
{
    /** How far an achieved ratio may be from its target before a warning says why. */
    public static final double TOLERANCE = 0.1;

    public BookReport
    {
        restingBySecond = restingBySecond == null ? List.of() : List.copyOf(restingBySecond);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /**
     * A book without market data.
     */
    public BookReport(
        final int depth,
        final int restingTarget,
        final int restingAtStart,
        final double targetOrderToTrade,
        final double targetCancelShare,
        final Double orderToTrade,
        final double cancelShare,
        final long passive,
        final long aggressive,
        final long cancels,
        final long replaces,
        final long trades,
        final long cancelled,
        final long replaced,
        final long restingFills,
        final CloseOut closeOut,
        final List<Integer> restingBySecond,
        final List<String> warnings)
    {
        this(depth, restingTarget, restingAtStart, targetOrderToTrade, targetCancelShare, orderToTrade, cancelShare,
            passive, aggressive, cancels, replaces, trades, cancelled, replaced, restingFills, closeOut,
            restingBySecond, warnings, null);
    }

    /**
     * @return this book with what the market data showed of it, and the warnings that brings.
     */
    public BookReport withFeed(final BookFeed bookFeed, final List<String> feedWarnings)
    {
        final List<String> all = new ArrayList<>(warnings);
        all.addAll(feedWarnings);
        return new BookReport(depth, restingTarget, restingAtStart, targetOrderToTrade, targetCancelShare,
            orderToTrade, cancelShare, passive, aggressive, cancels, replaces, trades, cancelled, replaced,
            restingFills, closeOut, restingBySecond, all, bookFeed);
    }

    /**
     * The end of a book run: every order left resting is cancelled.
     *
     * @param method    {@code one-by-one}: an OrderCancelRequest per order; {@code mass}: an OrderMassCancelRequest
     *                  per session ended them all; {@code mass-then-one-by-one}: one per order for what the mass
     *                  cancel left (refused, unanswered, or orders it did not reach).
     * @param resting   orders resting when the run ended.
     * @param cancelled of those, cancelled.
     * @param refused   cancels the venue refused (the order had traded or gone).
     * @param left      orders whose cancel had no answer in time: they may still rest at the venue.
     */
    public record CloseOut(String method, long resting, long cancelled, long refused, long left)
    {
    }
}
