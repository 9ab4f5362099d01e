package io.sonde.scenarios.verdict;

import io.sonde.api.Check;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Every check of a run or sweep, and the exit code they add up to: 0 all passed, 1 the system under test missed
 * an objective, 3 the result is void. A void check wins over a failed one: when Sonde itself fell behind, a
 * missed objective cannot be blamed on the system under test. A command stopped by a signal exits as any process
 * ended by SIGTERM does, 143, whatever its checks: its results cover only the part that ran.
 */
public final class Verdict
{
    public static final int EXIT_MET = 0;
    public static final int EXIT_MISSED = 1;
    public static final int EXIT_VOID = 3;
    /** 128 + SIGTERM's 15: what the JVM exits with once a SIGTERM's shutdown hooks have run. */
    public static final int EXIT_STOPPED = 143;

    private final List<Check> checks;
    private final boolean stopped;

    public Verdict(final List<Check> checks)
    {
        this(checks, false);
    }

    private Verdict(final List<Check> checks, final boolean stopped)
    {
        this.checks = List.copyOf(checks);
        this.stopped = stopped;
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
        return new Verdict(all, stopped);
    }

    /**
     * @param stopRequested whether a signal (Ctrl-C, SIGTERM) stopped the command before its end.
     * @return this verdict, of a command stopped before its end when {@code stopRequested}.
     */
    public Verdict stopped(final boolean stopRequested)
    {
        return new Verdict(checks, stopRequested);
    }

    public int exitCode()
    {
        if (stopped)
        {
            return EXIT_STOPPED;
        }
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
            case EXIT_STOPPED -> "Verdict: STOPPED by a signal before the end, the results cover the part that ran " +
                "(exit code 143 after SIGTERM, 130 after Ctrl-C)";
            case EXIT_MET -> "Verdict: every check passed (" + checks.size() + ")";
            case EXIT_MISSED -> "Verdict: the system under test missed an objective (exit code 1)";
            default -> "Verdict: VOID, the result says nothing about the system under test (exit code 3)";
        });
    }
}
