package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A fault is written {@code AT:KIND[:ARG]} wherever it is given, reads back to the same text, and a fault that
 * cannot be read or does not fit its run is refused naming {@code --fault} and what is wrong.
 */
class FaultTest
{
    @Test
    void aSessionFaultReadsItsTimeKindAndNumberOfSessions()
    {
        final Fault fault = Fault.parse("5s:disconnect:2");

        assertEquals(Duration.ofSeconds(5), fault.at());
        assertEquals(FaultKind.DISCONNECT, fault.kind());
        assertEquals(2, fault.sessions());
        assertEquals(Duration.ZERO, fault.duration());
        assertEquals("5s:disconnect:2", fault.toString());
    }

    @Test
    void aLastingFaultReadsItsDurationAndTakesNoSessions()
    {
        final Fault fault = Fault.parse("1500ms:slow-reader:500ms");

        assertEquals(Duration.ofMillis(1500), fault.at());
        assertEquals(FaultKind.SLOW_READER, fault.kind());
        assertEquals(0, fault.sessions());
        assertEquals(Duration.ofMillis(500), fault.duration());
        assertEquals("1500ms:slow-reader:500ms", fault.toString());
    }

    @Test
    void anExchangeFaultWithoutArgumentReadsBackTheSame()
    {
        final Fault fault = Fault.parse(" 8s:Kill-Leader ");

        assertEquals(Fault.of(Duration.ofSeconds(8), FaultKind.KILL_LEADER), fault);
        assertEquals("8s:kill-leader", fault.toString());
        assertTrue(fault.kind().onExchange());
        assertFalse(FaultKind.GAP.onExchange());
    }

    @Test
    void everyKindReadsBackFromItsOwnText()
    {
        for (final String text : List.of("0s:logout:1", "2s:gap:3", "3s:resend:4", "1m:pause-leader:2s",
            "4s:kill-gateway", "5s:partition-leader:1500ms"))
        {
            assertEquals(text, Fault.parse(text).toString());
        }
    }

    @Test
    void textThatIsNotAFaultIsRefusedNamingTheOptionAndWhatIsWrong()
    {
        assertRefused("5s", "--fault '5s' is not AT:KIND[:ARG]");
        assertRefused("5s:gap:2:3", "--fault '5s:gap:2:3' is not AT:KIND[:ARG]");
        assertRefused("soon:gap:2", "--fault 'soon:gap:2': AT 'soon' is not a duration");
        assertRefused("5s:explode:2", "--fault: unknown kind 'explode' (kinds: disconnect, logout, gap, resend, " +
            "slow-reader, kill-leader, pause-leader, kill-gateway, partition-leader)");
        assertRefused("5s:gap", "--fault '5s:gap': gap needs a number of sessions, e.g. 5s:gap:2");
        assertRefused("5s:gap:two", "--fault '5s:gap:two': the number of sessions 'two' is not a whole number");
        assertRefused("5s:gap:0", "--fault gap: the number of sessions must be at least 1, not 0");
        assertRefused("5s:slow-reader", "--fault '5s:slow-reader': slow-reader needs a duration, e.g. " +
            "5s:slow-reader:2s");
        assertRefused("5s:slow-reader:0s", "--fault slow-reader: the duration must be longer than zero, not 0s");
        assertRefused("5s:slow-reader:lots", "--fault '5s:slow-reader:lots': the duration 'lots' is not a duration");
        assertRefused("5s:kill-leader:1", "--fault '5s:kill-leader:1': kill-leader takes no argument");
    }

    @Test
    void aRunTakesFaultsTypedOrAsTextAndGivesThemBackAsArguments()
    {
        final RunSpec typed = RunSpec.builder().target("127.0.0.1", 9880).sessions(4)
            .duration(Duration.ofSeconds(10)).fault(Fault.parse("2s:disconnect:2"))
            .fault(Fault.lasting(Duration.ofSeconds(5), FaultKind.SLOW_READER, Duration.ofSeconds(1))).build();
        final RunSpec text = RunSpec.builder().target("127.0.0.1", 9880).sessions(4)
            .duration(Duration.ofSeconds(10)).set("--fault", "2s:disconnect:2,5s:slow-reader:1s").build();

        assertEquals(List.of(Fault.parse("2s:disconnect:2"), Fault.parse("5s:slow-reader:1s")), typed.faults());
        assertEquals(typed, text);
        assertTrue(String.join(" ", typed.arguments()).contains("--fault 2s:disconnect:2,5s:slow-reader:1s"),
            typed.arguments().toString());
        assertEquals(List.of(), RunSpec.builder().embedded(true).build().faults());
        assertTrue(RunSpec.FAULT.isRepeatable());
    }

    @Test
    void aFaultThatDoesNotFitItsRunIsRefusedNamingTheOption()
    {
        assertRunRefused("--fault 10s:gap:1 is due at 10s, not within the measured window of 10s",
            RunSpec.builder().target("127.0.0.1", 9880).duration(Duration.ofSeconds(10))
                .fault(Fault.parse("10s:gap:1")));
        assertRunRefused("--fault 1s:disconnect:5 needs 5 sessions, but the run opens 4 (--sessions)",
            RunSpec.builder().target("127.0.0.1", 9880).sessions(4).duration(Duration.ofSeconds(10))
                .fault(Fault.parse("1s:disconnect:5")));
        assertRunRefused("--fault 1s:kill-leader acts on the bundled exchange, which only a run with --embedded",
            RunSpec.builder().target("127.0.0.1", 9880).duration(Duration.ofSeconds(10))
                .fault(Fault.parse("1s:kill-leader")));
    }

    @Test
    void recoveryAndFaultObjectivesReadAsTheirSeriesAndWriteBackTheSame()
    {
        final List<Slo> objectives = Slo.parse("recovery=2s,fault.p99=50ms,p99=1ms");

        assertEquals(new Slo(100, 2_000_000, Slo.Series.RECOVERY), objectives.get(0));
        assertEquals(new Slo(99, 50_000, Slo.Series.DURING_FAULTS), objectives.get(1));
        assertEquals(new Slo(99, 1_000), objectives.get(2));
        assertEquals("recovery", objectives.get(0).label());
        assertEquals("fault.p99", objectives.get(1).label());
        assertFalse(objectives.get(1).orderToTick());
        assertEquals(objectives, Slo.parse(Slo.format(objectives)));
    }

    private static void assertRefused(final String text, final String expected)
    {
        final InvalidOptionException refused = assertThrows(InvalidOptionException.class, () -> Fault.parse(text));
        assertTrue(refused.getMessage().startsWith(expected), refused.getMessage());
    }

    private static void assertRunRefused(final String expected, final RunSpec.Builder builder)
    {
        final InvalidOptionException refused = assertThrows(InvalidOptionException.class, builder::build);
        assertTrue(refused.getMessage().startsWith(expected), refused.getMessage());
    }
}
