package io.sonde.scenarios.cli;

import io.sonde.fix.client.order.FlowMix;
import io.sonde.fix.client.order.OrderFlow;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Choice options are read by their labels, and a wrong one is refused before anything starts, naming the
 * choices.
 */
class ChoiceOptionsTest
{
    @Test
    void labelsAreReadWhateverTheirCase()
    {
        assertEquals(FlowChoice.NEW_REPLACE_CANCEL, new FlowChoice.Converter().convert("New-Replace-Cancel"));
        assertEquals(TimeInForceChoice.DAY, new TimeInForceChoice.Converter().convert("day"));
        assertEquals(ScheduleChoice.POISSON, new ScheduleChoice.Converter().convert(" poisson "));
        assertEquals(IdleMode.SPIN_WINDOW, new IdleMode.Converter().convert("spin-window"));
    }

    @Test
    void aChoiceBuildsWhatItNames()
    {
        assertEquals(FlowMix.only(OrderFlow.NEW_CANCEL).toString(), FlowChoice.NEW_CANCEL.flows("ignored").toString());
        assertEquals(FlowMix.parse("new=1,new-cancel=3").toString(),
            FlowChoice.MIX.flows("new=1,new-cancel=3").toString());
    }

    @Test
    void anUnknownLabelNamesEveryChoice()
    {
        final TypeConversionException refused =
            assertThrows(TypeConversionException.class, () -> new FlowChoice.Converter().convert("cancel"));
        assertEquals("'cancel' is not an order flow (one of: new, new-cancel, new-replace-cancel, mix)",
            refused.getMessage());
    }

    @Test
    void aWrongChoiceOnTheCommandLineIsBadUsage()
    {
        final CliHarness run = CliHarness.run("run", "--embedded", "--rate", "10", "--duration", "1s",
            "--schedule", "bursty");

        assertEquals(2, run.exitCode, run.toString());
        assertTrue(run.err.contains("'bursty' is not an arrival schedule (one of: constant, poisson, burst, steps)"),
            run.err);
    }
}
