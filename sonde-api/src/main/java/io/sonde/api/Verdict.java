package io.sonde.api;

import java.util.List;

/**
 * What a run's or sweep's checks add up to, and the exit code the command line gives for it: the one verdict
 * rule. A void check wins over a failed one: when Sonde itself fell behind, a missed objective cannot be blamed
 * on the system under test.
 */
public enum Verdict
{
    /** Every check passed: {@link ExitCode#PASSED}. */
    PASSED(ExitCode.PASSED),
    /** The system under test missed an objective, the error rate or the rate: {@link ExitCode#MISSED}. */
    MISSED(ExitCode.MISSED),
    /**
     * The result says nothing about the system under test (Sonde fell behind, or nothing was measured):
     * {@link ExitCode#NOT_CARRIED_OUT}.
     */
    VOID(ExitCode.NOT_CARRIED_OUT);

    private final ExitCode exitCode;

    Verdict(final ExitCode exitCode)
    {
        this.exitCode = exitCode;
    }

    /**
     * @return the verdict of these checks: void when any is void, else passed when all passed (a warning passes),
     *         else missed.
     */
    public static Verdict of(final List<Check> checks)
    {
        if (checks.stream().anyMatch(check -> check.outcome() == Check.Outcome.VOID))
        {
            return VOID;
        }
        return checks.stream().allMatch(Check::passed) ? PASSED : MISSED;
    }

    /**
     * @return the exit code of {@code sonde run}, {@code sonde sweep} and {@code sonde replay} for this verdict.
     */
    public ExitCode exitCode()
    {
        return exitCode;
    }
}
