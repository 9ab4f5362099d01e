package io.sonde.fix.client.order;

import java.util.Locale;

/**
 * The lifecycle one scheduled request drives. The request ends when its flow ends: {@code new} at the
 * first report (or, for IOC, the terminal one), {@code new-cancel} when the cancel is confirmed,
 * {@code new-replace-cancel} when the replaced order's cancel is confirmed; {@code book} when its one action is
 * answered.
 */
public enum OrderFlow
{
    NEW("new"),
    NEW_CANCEL("new-cancel"),
    NEW_REPLACE_CANCEL("new-replace-cancel"),
    /** One action on the order book Sonde keeps at the venue ({@link BookActions}). */
    BOOK("book");

    private final String label;

    OrderFlow(final String label)
    {
        this.label = label;
    }

    public String label()
    {
        return label;
    }

    public String toString()
    {
        return label;
    }

    public static OrderFlow parse(final String text)
    {
        for (final OrderFlow flow : values())
        {
            if (flow.label.equals(text.trim().toLowerCase(Locale.ROOT)))
            {
                return flow;
            }
        }
        throw new IllegalArgumentException(
            "'" + text + "' is not an order flow (new, new-cancel, new-replace-cancel, book)");
    }
}
