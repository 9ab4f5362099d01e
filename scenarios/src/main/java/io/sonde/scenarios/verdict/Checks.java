package io.sonde.scenarios.verdict;

import io.sonde.api.Check;
import io.sonde.api.ExitCode;
import io.sonde.api.Verdict;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every check of a run or sweep, as the command line gathers them (the run's own, then the regression gate's) and
 * prints them. What they add up to, and the exit code for it, is the API's {@link Verdict}.
 */
public final class Checks
{
    private final List<Check> checks;
    private final boolean stopped;

    /**
     * @param checks in the order they are printed and reported.
     */
    public Checks(final List<Check> checks)
    {
        this(checks, false);
    }

    private Checks(final List<Check> checks, final boolean stopped)
    {
        this.checks = List.copyOf(checks);
        this.stopped = stopped;
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
        return new Checks(all, stopped);
    }

    /**
     * @param stopRequested whether a signal (Ctrl-C, SIGTERM) stopped the command before its end.
     * @return these checks, of a command stopped before its end when {@code stopRequested}: it exits as any
     *         process ended by SIGTERM does, whatever its checks, because its results cover only the part that ran.
     */
    public Checks stopped(final boolean stopRequested)
    {
        return new Checks(checks, stopRequested);
    }

    /**
     * @return the command's exit code: its verdict's, or {@link ExitCode#STOPPED} when a signal stopped it.
     */
    public ExitCode exitCode()
    {
        return stopped ? ExitCode.STOPPED : verdict().exitCode();
    }

    /**
     * @return what the checks add up to.
     */
    public Verdict verdict()
    {
        return Verdict.of(checks);
    }

    /**
     * One line per check that did not pass, then the verdict. A check that came out alike in several steps of a sweep
     * (the JIT compiled in three of them) is one line naming each step, so that five steps do not repeat one caveat
     * five times.
     */
    public void print(final PrintWriter console)
    {
        final Map<String, List<Check>> alike = new LinkedHashMap<>();
        for (final Check check : checks)
        {
            if (check.outcome() != Check.Outcome.PASSED)
            {
                alike.computeIfAbsent(check.outcome() + " " + check.group() + ": " + unlabelled(check.name()),
                    key -> new ArrayList<>()).add(check);
            }
        }
        alike.forEach((what, steps) -> console.println(steps.size() == 1 ?
            what.substring(0, what.length() - unlabelled(steps.get(0).name()).length()) + steps.get(0).name() +
            ": " + steps.get(0).detail() :
            what + ", in " + steps.size() + " steps: " + steps.stream().map(check -> check.name().substring(0,
            check.name().length() - unlabelled(check.name()).length()) + check.detail())
            .collect(Collectors.joining("; "))));
        if (stopped)
        {
            console.println("Verdict: STOPPED by a signal before the end, the results cover the part that ran " +
                "(exit code " + ExitCode.STOPPED.code() + " after SIGTERM, 130 after Ctrl-C)");
            return;
        }
        final Verdict verdict = verdict();
        console.println(switch (verdict)
        {
            case PASSED -> "Verdict: every check passed (" + checks.size() + warnings() + ")";
            case MISSED -> "Verdict: the system under test missed an objective (exit code " +
                verdict.exitCode().code() + ")";
            case VOID -> "Verdict: VOID, the result says nothing about the system under test (exit code " +
                verdict.exitCode().code() + ")";
        });
    }

    /**
     * @return the check's name without a sweep step's label ({@code step-01-1000: }).
     */
    private static String unlabelled(final String name)
    {
        final int label = name.lastIndexOf(": ");
        return label < 0 ? name : name.substring(label + 2);
    }

    private String warnings()
    {
        final long warnings = checks.stream().filter(check -> check.outcome() == Check.Outcome.WARNING).count();
        return warnings == 0 ? "" : ", " + warnings + " with a warning";
    }
}
