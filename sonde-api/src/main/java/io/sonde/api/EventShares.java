package io.sonde.api;

import java.util.Locale;

/**
 * {@code --event-mix}: the shares of the market's filler events (those between triggers) that add an order, cancel
 * one or trade, e.g. {@code add:0.45,cancel:0.40,trade:0.15}. Triggers are always adds; cancels also take each
 * trigger's order off the book once its trigger has ended, so both adds and cancels must have a share.
 *
 * @param add    share of fillers that add an order on the tick grid.
 * @param cancel share that delete a resting order.
 * @param trade  share that trade against the best level.
 */
public record EventShares(double add, double cancel, double trade)
{
    /** The mix unless given. */
    public static final EventShares DEFAULT = new EventShares(0.45, 0.40, 0.15);

    private static final double SUM_TOLERANCE = 0.001;

    /**
     * @throws InvalidOptionException naming {@code --event-mix} when a share is negative, adds or cancels have none,
     *                                or the shares do not add up to 1.
     */
    public EventShares
    {
        if (!(add > 0) || !(cancel > 0) || !(trade >= 0))
        {
            throw new InvalidOptionException("--event-mix: adds and cancels need a positive share and trades none " +
                "below 0: " + format(add, cancel, trade));
        }
        if (Math.abs(add + cancel + trade - 1) > SUM_TOLERANCE)
        {
            throw new InvalidOptionException("--event-mix: the shares must add up to 1: " +
                format(add, cancel, trade));
        }
    }

    /**
     * @param text {@code add:SHARE,cancel:SHARE,trade:SHARE}; a kind left out has share 0.
     * @throws InvalidOptionException naming the part that cannot be read.
     */
    public static EventShares parse(final String text)
    {
        double add = 0;
        double cancel = 0;
        double trade = 0;
        for (final String part : text.split(","))
        {
            final String[] kindAndShare = part.trim().split(":");
            if (kindAndShare.length != 2)
            {
                throw new InvalidOptionException("--event-mix: '" + part + "' is not kind:share " +
                    "(e.g. add:0.45,cancel:0.40,trade:0.15)");
            }
            final double share = share(kindAndShare[1], part);
            switch (kindAndShare[0].trim().toLowerCase(Locale.ROOT))
            {
                case "add" -> add += share;
                case "cancel" -> cancel += share;
                case "trade" -> trade += share;
                default -> throw new InvalidOptionException("--event-mix: '" + kindAndShare[0].trim() + "' is not " +
                    "add, cancel or trade");
            }
        }
        return new EventShares(add, cancel, trade);
    }

    /**
     * @return the mix as {@code --event-mix} takes it.
     */
    public String toString()
    {
        return format(add, cancel, trade);
    }

    private static String format(final double add, final double cancel, final double trade)
    {
        return "add:" + Rates.format(add) + ",cancel:" + Rates.format(cancel) + ",trade:" + Rates.format(trade);
    }

    private static double share(final String text, final String part)
    {
        try
        {
            return Double.parseDouble(text.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new InvalidOptionException("--event-mix: '" + part + "' has no number for its share", ex);
        }
    }
}
