package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sweep built in code plans its steps as the command line does, and refuses a plan it cannot run.
 */
class SweepSpecTest
{
    @Test
    void aGeometricSweepPlansItsRatesAndASizeSweepItsSizes()
    {
        assertEquals(List.of(1_000.0, 2_000.0, 4_000.0, 8_000.0),
            SweepSpec.builder().embedded(true).from(1_000).to(8_000).build().plan());
        final SweepSpec sizes = SweepSpec.builder().embedded(true).sizes(List.of(128, 512)).sizeRate(1_000).build();
        assertTrue(sizes.isSizeSweep());
        assertEquals(List.of(128.0, 512.0), sizes.plan());
    }

    @Test
    void aPlanThatCannotRunIsRefusedNamingTheOptions()
    {
        assertRefused("give --rates R1,R2,... or both --from and --to (or --sizes)",
            SweepSpec.builder().embedded(true));
        assertRefused("give --rates or --from/--to, not both",
            SweepSpec.builder().embedded(true).rates(1_000, 2_000).from(500));
        assertRefused("--sizes needs --rate, the rate of every step",
            SweepSpec.builder().embedded(true).sizes(List.of(128)));
        assertRefused("--schedule steps is for sonde run: a sweep sets each step's rate",
            SweepSpec.builder().embedded(true).rates(1_000).schedule(ScheduleShape.STEPS)
                .stages(RateStages.parse("1k:1s")));
    }

    @Test
    void aSweepHoldsItsStepsToALooseObjectiveUnlessGivenOne()
    {
        assertEquals(Slo.parse("p99=50ms"), SweepSpec.builder().embedded(true).rates(1_000).build().limits().slo());
        assertEquals(List.of(), RunSpec.builder().embedded(true).build().limits().slo());
    }

    @Test
    void everyOptionGivenReadsBackFromItsCommandLineArgumentsToAnEqualSpec()
    {
        final SweepSpec sweep = SweepSpec.builder()
            .target("127.0.0.1", 9880)
            .sessions(4)
            .rates(1_000, 2_000, 5_000)
            .stepDuration(Duration.ofSeconds(5))
            .warmup(Duration.ofSeconds(2))
            .noStop(true)
            .floor(Path.of("floor"))
            .slo("p99=5ms")
            .out(Path.of("sweep"))
            .build();

        assertEquals(sweep, RunSpecTest.readBack(SweepSpec.builder(), sweep.arguments()).build());
    }

    private static void assertRefused(final String message, final SweepSpec.Builder builder)
    {
        final InvalidOptionException refused = assertThrows(InvalidOptionException.class, builder::build);
        assertTrue(refused.getMessage().startsWith(message), refused.getMessage());
    }
}
