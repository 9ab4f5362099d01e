package io.sonde.scenarios.verdict;

import io.sonde.api.Check;
import io.sonde.api.Verdict;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Every check of a run or sweep, as the command line gathers them (the run's own, then the regression gate's) and
 * prints them. What they add up to, and the exit code for it, is the API's {@link Verdict}.
 */
public final class Checks
{
    private final List<Check> checks;

    /**
     * @param checks in the order they are printed and reported.
     */
    public Checks(final List<Check> checks)
    {
        this.checks = List.copyOf(checks);
    }

    /**
     * @return every check, in order.
     */
    public List<Check> checks()
    {
        return checks;
    }

    /**
     * @return these checks and then {@code more}.
     */
    public Checks with(final List<Check> more)
    {
        final List<Check> all = new ArrayList<>(checks);
        all.addAll(more);
        return new Checks(all);
    }

    /**
     * @return what the checks add up to.
     */
    public Verdict verdict()
    {
        return Verdict.of(checks);
    }

    /**
     * One line per check that did not pass, then the verdict.
     */
    public void print(final PrintWriter console)
    {
        for (final Check check : checks)
        {
            if (!check.passed())
            {
                console.printf("%s %s: %s: %s%n", check.outcome(), check.group(), check.name(), check.detail());
            }
        }
        final Verdict verdict = verdict();
        console.println(switch (verdict)
        {
            case PASSED -> "Verdict: every check passed (" + checks.size() + ")";
            case MISSED -> "Verdict: the system under test missed an objective (exit code " +
                verdict.exitCode().code() + ")";
            case VOID -> "Verdict: VOID, the result says nothing about the system under test (exit code " +
                verdict.exitCode().code() + ")";
        });
    }
}
