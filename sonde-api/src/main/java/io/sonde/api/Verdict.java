package io.sonde.api;

import java.util.List;

/**
 * What a run's or sweep's checks add up to, and the exit code the command line gives for it. A void check wins
 * over a failed one: when Sonde itself fell behind, a missed objective cannot be blamed on the system under test.
 */
public enum Verdict
{
    /** Every check passed: exit code 0. */
    PASSED(0),
    /** The system under test missed an objective, the error rate or the rate: exit code 1. */
    MISSED(1),
    /** The result says nothing about the system under test (Sonde fell behind, or nothing was measured): exit 3. */
    VOID(3);

    private final int exitCode;

    Verdict(final int exitCode)
    {
        this.exitCode = exitCode;
    }

    /**
     * @return the verdict of these checks.
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
     * @return the exit code of {@code sonde run} and {@code sonde sweep} for this verdict.
     */
    public int exitCode()
    {
        return exitCode;
    }
}
