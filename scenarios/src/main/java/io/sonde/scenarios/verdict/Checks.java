package io.sonde.scenarios.verdict;

import io.sonde.api.Check;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Every check of a run or sweep, and the exit code they add up to: 0 all passed, 1 the system under test missed
 * an objective, 3 the result is void. A void check wins over a failed one: when Sonde itself fell behind, a
 * missed objective cannot be blamed on the system under test.
 */
public final class Verdict
{
    public static final int EXIT_MET = 0;
    public static final int EXIT_MISSED = 1;
    public static final int EXIT_VOID = 3;

    private final List<Check> checks;

    public Verdict(final List<Check> checks)
    {
        this.checks = List.copyOf(checks);
    }

    public List<Check> checks()
    {
        return checks;
    }

    /**
     * @return this verdict with {@code more} checks after its own.
     */
    public Verdict with(final List<Check> more)
    {
        final List<Check> all = new ArrayList<>(checks);
        all.addAll(more);
        return new Verdict(all);
    }

    public int exitCode()
    {
        if (checks.stream().anyMatch(check -> check.outcome() == Check.Outcome.VOID))
        {
            return EXIT_VOID;
        }
        return checks.stream().allMatch(Check::passed) ? EXIT_MET : EXIT_MISSED;
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
        console.println(switch (exitCode())
        {
            case EXIT_MET -> "Verdict: every check passed (" + checks.size() + ")";
            case EXIT_MISSED -> "Verdict: the system under test missed an objective (exit code 1)";
            default -> "Verdict: VOID, the result says nothing about the system under test (exit code 3)";
        });
    }
}
