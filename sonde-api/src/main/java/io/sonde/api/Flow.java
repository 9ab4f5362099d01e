package io.sonde.api;

/**
 * The order lifecycle each request runs ({@code --flow}): one for every request, or a weighted {@code mix}.
 */
public enum Flow
{
    /** NewOrderSingle, done at its acknowledgement (or fill, for IOC). */
    NEW("new"),
    /** NewOrderSingle then OrderCancelRequest once acknowledged. */
    NEW_CANCEL("new-cancel"),
    /** NewOrderSingle, OrderCancelReplaceRequest, then OrderCancelRequest. */
    NEW_REPLACE_CANCEL("new-replace-cancel"),
    /** The weights of {@code --mix}. */
    MIX("mix"),
    /** An order book kept at the venue: passive, aggressive, cancel and replace actions ({@link BookSpec}). */
    BOOK("book");

    private final String label;

    Flow(final String label)
    {
        this.label = label;
    }

    /**
     * @param label {@code new}, {@code new-cancel}, {@code new-replace-cancel}, {@code mix} or {@code book}.
     * @throws InvalidOptionException naming the choices.
     */
    public static Flow parse(final String label)
    {
        return Choices.parse(Flow.class, label, "an order flow");
    }

    /**
     * @return the label users type.
     */
    public String toString()
    {
        return label;
    }
}
