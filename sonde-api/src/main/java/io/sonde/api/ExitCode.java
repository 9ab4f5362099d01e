package io.sonde.api;

/**
 * Every exit code a {@code sonde} command ends with, and what each tells a pipeline: the one table, which the
 * command line, the production probe and the containers all use. A pipeline that must tell "the system got
 * slower" from "the job is broken" from "the run is worthless" reads it, and never has to parse the console.
 */
public enum ExitCode
{
    /**
     * 0: every check passed. The system under test met its objectives, the error rate and the rate: the pipeline
     * goes on.
     */
    PASSED(0),
    /**
     * 1: the system under test missed an objective, the error rate, the rate or a regression gate (for the
     * probe: an SLO rule fired, or its orders did not complete). The result is sound and the system is to blame:
     * fail the change.
     */
    MISSED(1),
    /**
     * 2: bad usage. A wrong option, file, scenario or venue profile, named on one line; nothing was measured. Fix
     * the job, not the system.
     */
    BAD_USAGE(2),
    /**
     * 3: the command could not be carried out, or its result is void: the target was unreachable, the logon
     * refused, Sonde itself fell behind (send lateness or its own hiccups above their limits), or the command
     * failed; for the probe, also outside the trading window with {@code --once}, or a cap or the kill switch
     * stopping its orders. The result says nothing about the system under test: neither pass nor fail; fix the
     * environment or run it again.
     */
    NOT_CARRIED_OUT(3),
    /**
     * 143 (128 + 15): stopped by SIGTERM ({@code docker stop}, {@code kill}, a CI job's timeout), as any JVM
     * stopped so exits. A {@code run}, {@code sweep} or {@code replay} still writes its results first, marked
     * {@code cutShort} with a void check: the part that ran can be read, but judges nothing.
     */
    STOPPED(143);

    private final int code;

    ExitCode(final int code)
    {
        this.code = code;
    }

    /**
     * @return the process's exit status.
     */
    public int code()
    {
        return code;
    }
}
