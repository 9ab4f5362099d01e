package io.sonde.api;

/**
 * One thing a run is judged on, and how it went: what a pipeline reads from the exit code, and a CI server from
 * the JUnit report, one test case each.
 *
 * @param group   what kind of check, e.g. {@code slo}; the JUnit class name.
 * @param name    what was checked, e.g. {@code p99 <= 2ms}.
 * @param outcome passed, failed, void (the run says nothing about the system under test), or a warning.
 * @param detail  the measured figures against the limit, in words.
 */
public record Check(String group, String name, Outcome outcome, String detail)
{
    /**
     * How a check came out.
     */
    public enum Outcome
    {
        /** Within its limit. */
        PASSED,
        /** The system under test missed the limit. */
        FAILED,
        /** The measurement cannot be trusted (Sonde fell behind, or nothing was measured): neither pass nor fail. */
        VOID,
        /**
         * Nothing was missed, but the measurement carries a caveat a reader must hear of (Sonde's threads left
         * busy-spin, the JIT compiled during it): printed and reported, and counted as passed by the verdict.
         */
        WARNING
    }

    /**
     * @return a check that passed or failed.
     */
    public static Check of(final String group, final String name, final boolean passed, final String detail)
    {
        return new Check(group, name, passed ? Outcome.PASSED : Outcome.FAILED, detail);
    }

    /**
     * @return a warning: nothing missed, a caveat to hear of.
     */
    public static Check warning(final String group, final String name, final String detail)
    {
        return new Check(group, name, Outcome.WARNING, detail);
    }

    /**
     * @return whether it passed, a warning included: a warning never changes the verdict.
     */
    public boolean passed()
    {
        return outcome == Outcome.PASSED || outcome == Outcome.WARNING;
    }
}
