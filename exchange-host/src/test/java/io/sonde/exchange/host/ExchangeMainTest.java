package io.sonde.exchange.host;

import io.sonde.api.ExchangeSpec;
import io.sonde.api.Fault;
import io.sonde.api.InvalidOptionException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The exchange's main class takes the command line of {@code sonde exchange}: the spec's options, given as
 * {@code --name value}, {@code --name=value} or a flag alone, a repeatable one more than once.
 */
class ExchangeMainTest
{
    @Test
    void theArgumentsOfASpecReadBackAsThatSpec()
    {
        final ExchangeSpec spec = ExchangeSpec.builder().nodes(3).noHiccups(true).symbols(List.of("SONDE.A"))
            .fault(Fault.parse("5s:kill-leader")).fault(Fault.parse("9s:pause-leader:1s")).build();

        assertEquals(spec, ExchangeMain.parse(spec.arguments()));
    }

    @Test
    void aRepeatedOptionAddsItsValuesAndAValueMayFollowAnEqualsSign()
    {
        final ExchangeSpec spec = ExchangeMain.parse(List.of("--nodes=3", "--fault", "5s:kill-leader", "--fault",
            "9s:pause-leader:1s", "--no-hiccups"));

        assertEquals(List.of(Fault.parse("5s:kill-leader"), Fault.parse("9s:pause-leader:1s")), spec.faults());
        assertTrue(spec.noHiccups());
    }

    @Test
    void anUnknownOptionOrAMissingValueIsRefusedNamingIt()
    {
        assertTrue(assertThrows(InvalidOptionException.class, () -> ExchangeMain.parse(List.of("--node", "3")))
            .getMessage().startsWith("unknown option '--node'"));
        assertEquals("--port needs a value",
            assertThrows(InvalidOptionException.class, () -> ExchangeMain.parse(List.of("--port"))).getMessage());
    }

    @Test
    void optionsThatDoNotGoTogetherExitTwoBeforeAnythingStarts()
    {
        final MainHarness main = MainHarness.run("--status");

        assertEquals(2, main.exitCode, main.toString());
        assertTrue(main.err.contains("--status needs --members"), main.toString());
        assertFalse(main.out.contains("READY"), main.toString());
    }
}
