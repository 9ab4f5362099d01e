package io.sonde.report;

import io.sonde.api.RunReport;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A run's {@code failures} as its tables show them: the failures that happened, each disconnect count with its
 * reasons beside it (so two disconnects for one {@code disconnect} fault say which two), and apart from them the
 * counts that are not failures ({@link RunReport#NOT_FAILURES}). Zero counts are left out.
 */
final class FailureCounts
{
    private static final String REASON_PREFIX = RunReport.DISCONNECTS + ".";

    /**
     * One kind and its count as printed, e.g. {@code disconnects} and
     * {@code 2 (APPLICATION_DISCONNECT 1, MSG_SEQ_NO_TOO_LOW 1)}.
     */
    record Line(String kind, String count)
    {
        String text()
        {
            return kind + " " + count;
        }
    }

    private FailureCounts()
    {
    }

    /**
     * @return the failures that happened, in the summary's order.
     */
    static List<Line> failures(final Map<String, Long> counts)
    {
        final List<Line> lines = new ArrayList<>();
        counts.forEach((kind, count) ->
        {
            if (count > 0 && !RunReport.NOT_FAILURES.contains(kind) && !kind.startsWith(REASON_PREFIX))
            {
                lines.add(new Line(kind, kind.equals(RunReport.DISCONNECTS) ? count + reasons(counts) :
                    Long.toString(count)));
            }
        });
        return lines;
    }

    /**
     * @return the counts that are not failures and are not zero.
     */
    static List<Line> notFailures(final Map<String, Long> counts)
    {
        final List<Line> lines = new ArrayList<>();
        counts.forEach((kind, count) ->
        {
            if (count > 0 && RunReport.NOT_FAILURES.contains(kind))
            {
                lines.add(new Line(kind, Long.toString(count)));
            }
        });
        return lines;
    }

    private static String reasons(final Map<String, Long> counts)
    {
        final String reasons = counts.entrySet().stream()
            .filter(entry -> entry.getKey().startsWith(REASON_PREFIX) && entry.getValue() > 0)
            .map(entry -> entry.getKey().substring(REASON_PREFIX.length()) + " " + entry.getValue())
            .collect(Collectors.joining(", "));
        return reasons.isEmpty() ? "" : " (" + reasons + ")";
    }
}
