package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The acceptor's, the probe's and the doctor's options, built in code as the command line takes them.
 */
class CommandSpecsTest
{
    @Test
    void anAcceptorStartedElsewhereIsGivenEveryOptionItsDefaultsIncluded()
    {
        final AcceptorSpec acceptor = AcceptorSpec.builder().bind("0.0.0.0").build();

        assertEquals(List.of("acceptor", "--bind", "0.0.0.0", "--port", "9878", "--idle", "auto"),
            acceptor.commandLine());
        assertEquals(AcceptorSpec.DEFAULT_PORT, acceptor.port());
    }

    @Test
    void anAcceptorsPortIsAPort()
    {
        assertEquals("--port: 70000 is not in 0..65535", assertThrows(InvalidOptionException.class,
            () -> AcceptorSpec.builder().port(70_000).build()).getMessage());
        assertEquals("--port must be at least 0: -1", assertThrows(InvalidOptionException.class,
            () -> AcceptorSpec.builder().set("port", "-1")).getMessage());
    }

    @Test
    void anAcceptorAnswersAtOnceUnlessGivenADelayWhichItPassesOn()
    {
        final AcceptorSpec delayed = AcceptorSpec.builder().set("delay", "100us").build();

        assertEquals(Duration.ZERO, AcceptorSpec.builder().build().delay());
        assertEquals(Duration.ofNanos(100_000), delayed.delay());
        assertEquals(List.of("acceptor", "--bind", "127.0.0.1", "--port", "9878", "--idle", "auto", "--delay", "100us"),
            delayed.commandLine());
    }

    @Test
    void anAcceptorsDelayIsADurationNamedWhenItIsNot()
    {
        final String message = assertThrows(InvalidOptionException.class,
            () -> AcceptorSpec.builder().set("delay", "soon")).getMessage();

        assertTrue(message.startsWith("--delay"), message);
        assertEquals("--delay must not be negative: -1ms", assertThrows(InvalidOptionException.class,
            () -> AcceptorSpec.builder().delay(Duration.ofMillis(-1)).build()).getMessage());
    }

    @Test
    void anAcceptorStallsOnlyWhenToldHowLongAndHowOftenWhichItPassesOn()
    {
        final AcceptorSpec stalled = AcceptorSpec.builder().set("stall", "50ms/1s").build();

        assertEquals(Optional.empty(), AcceptorSpec.builder().build().stall());
        assertEquals(new Stall(Duration.ofMillis(50), Duration.ofSeconds(1)), stalled.stall().orElseThrow());
        assertEquals(0.05, stalled.stall().orElseThrow().share(), 1e-12);
        assertEquals(List.of("acceptor", "--bind", "127.0.0.1", "--port", "9878", "--idle", "auto", "--stall",
            "50ms/1s"), stalled.commandLine());
    }

    @Test
    void aStallIsTwoDurationsAndEndsBeforeTheNextBegins()
    {
        final String noSlash = assertThrows(InvalidOptionException.class,
            () -> AcceptorSpec.builder().set("stall", "50ms")).getMessage();
        assertTrue(noSlash.startsWith("--stall") && noSlash.contains("LENGTH/PERIOD"), noSlash);
        assertEquals("--stall must end before the next begins: 2s every 1s", assertThrows(
            InvalidOptionException.class, () -> AcceptorSpec.builder().set("stall", "2s/1s")).getMessage());
        assertEquals("--stall must last a positive time: 0s", assertThrows(InvalidOptionException.class,
            () -> AcceptorSpec.builder().set("stall", "0s/1s")).getMessage());
    }

    @Test
    void aProbeNeedsItsConfig()
    {
        assertEquals("--config is required", assertThrows(InvalidOptionException.class,
            () -> ProbeSpec.builder().once(3).build()).getMessage());
    }

    @Test
    void aProbeRunsUntilStoppedUnlessToldToSendSomeOrders()
    {
        final ProbeSpec forever = ProbeSpec.builder().config(Path.of("probe.properties")).build();
        final ProbeSpec once = ProbeSpec.builder().config(Path.of("probe.properties")).once(3).dryRun(true).build();

        assertEquals(Optional.empty(), forever.once());
        assertFalse(forever.dryRun());
        assertEquals(List.of("--config", "probe.properties", "--once", "3", "--dry-run"), once.arguments());
        assertEquals("--once must be at least 1: 0", assertThrows(InvalidOptionException.class,
            () -> ProbeSpec.builder().set("once", "0")).getMessage());
    }

    @Test
    void aDoctorAssessesTheHostAloneUnlessGivenAPid()
    {
        assertEquals(Optional.empty(), DoctorSpec.builder().build().pid());
        assertEquals(Optional.of(42L), DoctorSpec.builder().set("--pid", "42").build().pid());
    }
}
