package io.sonde.api;

import java.util.Collection;
import java.util.Comparator;

/**
 * The known name nearest to a mistyped one, so that an error can say "did you mean 'sessions'?" instead of
 * leaving the reader to search a list: the command line's options and commands and a scenario file's fields use it.
 */
public final class NearestName
{
    private NearestName()
    {
    }

    /**
     * @param known the names that would have been accepted; not empty.
     * @param typed what was given instead.
     * @return the known name fewest single-character edits away from {@code typed}; the first such on a tie.
     */
    public static String nearest(final Collection<String> known, final String typed)
    {
        return known.stream().min(Comparator.comparingInt(name -> distance(name, typed))).orElseThrow();
    }

    /**
     * Levenshtein distance: how many single-character edits turn one name into the other.
     */
    static int distance(final String a, final String b)
    {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++)
        {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++)
        {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++)
            {
                final int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            final int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
