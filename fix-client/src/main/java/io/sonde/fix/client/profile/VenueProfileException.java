package io.sonde.fix.client.profile;

import java.util.List;

/**
 * A venue profile Sonde cannot use, with every problem found in it, so all can be fixed at once.
 */
public final class VenueProfileException extends RuntimeException
{
    private final List<String> problems;

    public VenueProfileException(final String source, final List<String> problems)
    {
        super(source + ": " + problems.size() + " problem" + (problems.size() == 1 ? "" : "s") +
            System.lineSeparator() +
            "  - " + String.join(System.lineSeparator() + "  - ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems()
    {
        return problems;
    }
}
