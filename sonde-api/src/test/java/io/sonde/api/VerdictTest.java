package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The one verdict rule: a void check wins over a failed one, and each verdict has its exit code in the one table.
 */
class VerdictTest
{
    private static final Check PASSED = Check.of("slo", "p99 <= 2ms", true, "p99 1.2ms");
    private static final Check FAILED = Check.of("slo", "p99 <= 1ms", false, "p99 1.2ms");
    private static final Check VOID = new Check("generator", "Sonde's own schedule", Check.Outcome.VOID,
        "send lateness p99 40ms");

    @Test
    void everyCheckPassedIsPassedAndExitsZero()
    {
        assertEquals(Verdict.PASSED, Verdict.of(List.of(PASSED, PASSED)));
        assertEquals(0, Verdict.PASSED.exitCode().code());
    }

    @Test
    void aFailedCheckIsMissedAndExitsOne()
    {
        assertEquals(Verdict.MISSED, Verdict.of(List.of(PASSED, FAILED)));
        assertEquals(1, Verdict.MISSED.exitCode().code());
    }

    @Test
    void aVoidCheckWinsOverAFailedOneAndExitsThree()
    {
        assertEquals(Verdict.VOID, Verdict.of(List.of(FAILED, VOID, PASSED)));
        assertEquals(3, Verdict.VOID.exitCode().code());
    }

    @Test
    void noChecksAtAllPassed()
    {
        assertEquals(Verdict.PASSED, Verdict.of(List.of()));
    }

    @Test
    void theExitCodesPipelinesReadKeepTheirNumbers()
    {
        assertEquals(0, ExitCode.PASSED.code());
        assertEquals(1, ExitCode.MISSED.code());
        assertEquals(2, ExitCode.BAD_USAGE.code());
        assertEquals(3, ExitCode.NOT_CARRIED_OUT.code());
        assertEquals(128 + 15, ExitCode.STOPPED.code(), "SIGTERM's");
    }
}
