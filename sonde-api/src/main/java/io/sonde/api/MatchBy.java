package io.sonde.api;

import java.util.Locale;

/**
 * How {@code sonde market} tells which trigger an order of the application is the reaction to ({@code --match}).
 */
public enum MatchBy
{
    /**
     * The order carries the trigger's identity, the feed sequence number (MDEntryID in FIX market data), in decimal
     * in the tag {@code --echo-tag} names: exact, whatever the order's price.
     */
    ECHO,
    /**
     * For an application that cannot echo: the order at the trigger's symbol, on the opposite side, at its price,
     * which no other event in flight carries (a sub-tick price).
     */
    PRICE;

    /** {@code --match}: how reactions are told apart. */
    public static final Option<MatchBy> OPTION = Option.of("match", "HOW", MatchBy::parse, "How an order of the " +
        "application is matched to the trigger that caused it: echo (the order carries the trigger's number in " +
        "--echo-tag) or price (the order at the trigger's symbol, opposite side and sub-tick price).")
        .byDefault(ECHO);

    /**
     * @throws InvalidOptionException for anything but echo or price.
     */
    public static MatchBy parse(final String text)
    {
        return switch (text.trim().toLowerCase(Locale.ROOT))
        {
            case "echo" -> ECHO;
            case "price" -> PRICE;
            default -> throw new InvalidOptionException("--match: '" + text + "' is not echo or price");
        };
    }

    /**
     * @return as {@code --match} takes it: {@code echo} or {@code price}.
     */
    public String toString()
    {
        return name().toLowerCase(Locale.ROOT);
    }
}
