package io.sonde.api;

/**
 * How many busy threads the bundled exchange in one process (one cluster member and its gateway) runs on
 * ({@code --threads} of {@code sonde exchange}). {@code 2} gives the member's infrastructure (media driver, archive,
 * consensus module) a thread beside the service's; {@code 1} puts everything on the service's thread; {@code auto}
 * chooses for the host at start.
 */
public enum ExchangeThreads
{
    /** One thread on a host of two cores or fewer, or when the exchange's two would not fit beside the others. */
    AUTO("auto"),
    /** Everything on the service's thread. */
    ONE("1"),
    /** Infrastructure and service on threads of their own. */
    TWO("2");

    private final String label;

    ExchangeThreads(final String label)
    {
        this.label = label;
    }

    /**
     * @param label one of the labels: {@code auto}, {@code 1} or {@code 2}.
     * @throws InvalidOptionException naming the choices.
     */
    public static ExchangeThreads parse(final String label)
    {
        return Choices.parse(ExchangeThreads.class, label, "a number of the exchange's threads");
    }

    /**
     * @return the label users type.
     */
    public String toString()
    {
        return label;
    }
}
