package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run built in code takes every option the command line takes, checks them before anything connects, and names
 * the one that is wrong.
 */
class RunSpecTest
{
    @Test
    void aMistypedOptionNameIsRefusedNamingItAndTheNearestOptionThereIs()
    {
        final InvalidOptionException refused = assertThrows(InvalidOptionException.class,
            () -> RunSpec.builder().set("sesions", "4"));

        assertTrue(refused.getMessage().startsWith("unknown option 'sesions': did you mean 'sessions'?"),
            refused.getMessage());
    }

    @Test
    void aValueThatCannotBeReadIsRefusedNamingItsOptionAndTheValue()
    {
        final InvalidOptionException rate = assertThrows(InvalidOptionException.class,
            () -> RunSpec.builder().set("--rate", "5kk"));
        assertTrue(rate.getMessage().contains("--rate") && rate.getMessage().contains("'5kk'"), rate.getMessage());

        final InvalidOptionException slo = assertThrows(InvalidOptionException.class,
            () -> RunSpec.builder().slo("p99=2mss"));
        assertTrue(slo.getMessage().startsWith("--slo: 'p99=2mss'"), slo.getMessage());

        final InvalidOptionException flow = assertThrows(InvalidOptionException.class,
            () -> RunSpec.builder().set("flow", "cancel"));
        assertTrue(flow.getMessage().contains("--flow") &&
            flow.getMessage().contains("one of: new, new-cancel, new-replace-cancel, mix"), flow.getMessage());
    }

    @Test
    void optionsThatContradictEachOtherAreRefusedNamingBoth()
    {
        assertRefused("give either --target HOST:PORT or --embedded", RunSpec.builder());
        assertRefused("give either --target HOST:PORT or --embedded",
            RunSpec.builder().embedded(true).target("127.0.0.1", 9880));
        assertRefused("--rate and --stages both set the rate: give one",
            RunSpec.builder().embedded(true).schedule(ScheduleShape.STEPS).stages(RateStages.parse("1k:2s")).rate(500));
        assertRefused("--burst-size is the burst of --schedule burst, not constant",
            RunSpec.builder().embedded(true).burstSize(10));
        assertRefused("--duration 3s does not match --stages 1k:2s",
            RunSpec.builder().embedded(true).schedule(ScheduleShape.STEPS).stages(RateStages.parse("1k:2s"))
                .duration(Duration.ofSeconds(3)));
        assertRefused("--session-groups 4:constant,2:burst(50) has 6 sessions but --sessions is 4",
            RunSpec.builder().embedded(true).sessionGroups(SessionGroups.parse("4:constant,2:burst(50)")).sessions(4));
        assertRefused("--max-error-rate must be a percentage from 0 to 100: 150.0",
            RunSpec.builder().embedded(true).maxErrorRatePercent(150));
    }

    @Test
    void aStagedScheduleSetsTheRateAndTheMeasuredTime()
    {
        final RunSpec run = RunSpec.builder().embedded(true).schedule(ScheduleShape.STEPS)
            .stages(RateStages.parse("1k:2s,3k:2s"))
            .build();

        assertEquals(2_000, run.offeredRate(), 1e-9);
        assertEquals(Duration.ofSeconds(4), run.measured());
        assertEquals(4, RunSpec.builder().embedded(true).sessionGroups(SessionGroups.parse("3:constant,1:burst(5)"))
            .build()
            .load().sessionCount());
    }

    @Test
    void everyOptionGivenReadsBackFromItsCommandLineArgumentsToAnEqualSpec()
    {
        final RunSpec run = RunSpec.builder()
            .target("gateway", 9880)
            .venue(Path.of("venue.yaml"))
            .sessions(6)
            .timeout(Duration.ofMillis(2500))
            .flow(Flow.MIX)
            .mix(FlowMix.parse("new=1,new-cancel=3"))
            .timeInForce(TimeInForce.DAY)
            .symbols(List.of("AAA", "BBB"))
            .account("ACC1")
            .senderCompId("ME%d")
            .targetCompId("YOU")
            .credentialsFile(Path.of("creds.properties"))
            .heartbeatSeconds(10)
            .persistentSequences(true)
            .maxMessagesPerSession(300)
            .clOrdIdPrefix("T")
            .seed(42)
            .idle(IdleMode.BACKOFF)
            .messageSize(512)
            .startAt(Instant.parse("2026-11-25T10:00:00Z"))
            .fixVersion(FixVersion.parse("FIX.4.2"))
            .inFlight(1024)
            .sessionGroups(SessionGroups.parse("4:constant,2:burst(50)"))
            .rate(2_500.5)
            .warmup(Duration.ofMillis(1500))
            .duration(Duration.ofSeconds(20))
            .slo("p99=2ms,p99.99=10ms")
            .maxErrorRatePercent(2.5)
            .maxMissPercent(5)
            .maxSendLateness(Duration.ofMillis(40))
            .maxHiccup(Duration.ofMillis(80))
            .out(Path.of("out", "run"))
            .build();

        assertEquals(run, readBack(RunSpec.builder(), run.arguments()).build());
        assertEquals(List.of("--embedded", "--out", "results/run"),
            RunSpec.builder().embedded(true).build().arguments(), "options left at their defaults are not given");
    }

    @Test
    void anotherProcessCanBeToldToWriteElsewhere()
    {
        final RunSpec run = RunSpec.builder().embedded(true).out(Path.of("here")).rate(500).build();

        assertEquals(List.of("--embedded", "--rate", "500", "--out", "/results/run"),
            run.arguments("/results/run"));
        assertEquals(List.of("--embedded", "--rate", "500", "--out", "here"), run.arguments());
    }

    /**
     * Give each option of an argument list by name, as a user reading them from a file would.
     */
    static <B extends LoadBuilder<B>> B readBack(final B builder, final List<String> arguments)
    {
        for (int i = 0; i < arguments.size(); i++)
        {
            final String option = arguments.get(i);
            final boolean flag = i + 1 == arguments.size() || arguments.get(i + 1).startsWith("--");
            builder.set(option, flag ? "true" : arguments.get(++i));
        }
        return builder;
    }

    private static void assertRefused(final String message, final RunSpec.Builder builder)
    {
        final InvalidOptionException refused = assertThrows(InvalidOptionException.class, builder::build);
        assertTrue(refused.getMessage().startsWith(message), refused.getMessage());
    }
}
