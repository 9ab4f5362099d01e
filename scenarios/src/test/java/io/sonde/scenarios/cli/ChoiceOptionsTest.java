package io.sonde.scenarios.cli;

import io.sonde.api.Flow;
import io.sonde.api.FlowMix;
import io.sonde.api.IdleMode;
import io.sonde.api.RunSpec;
import io.sonde.api.ScheduleShape;
import io.sonde.api.TimeInForce;
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
        assertEquals(Flow.NEW_REPLACE_CANCEL, new ChoiceConverters.FlowConverter().convert("New-Replace-Cancel"));
        assertEquals(TimeInForce.DAY, new ChoiceConverters.TimeInForceConverter().convert("day"));
        assertEquals(ScheduleShape.POISSON, new ChoiceConverters.ScheduleShapeConverter().convert(" poisson "));
        assertEquals(IdleMode.SPIN_WINDOW, new ChoiceConverters.IdleModeConverter().convert("spin-window"));
    }

    @Test
    void aChoiceBuildsWhatItNames()
    {
        assertEquals(Flow.NEW_CANCEL, RunSpec.builder().embedded(true).set("flow", "New-Cancel").build().load().flow());
        assertEquals(FlowMix.parse("new=1,new-cancel=3"), RunSpec.builder().embedded(true)
            .set("flow", "mix").set("mix", "new=1,new-cancel=3").build().load().mix());
    }

    @Test
    void anUnknownLabelNamesEveryChoice()
    {
        final TypeConversionException refused =
            assertThrows(TypeConversionException.class,
                () -> new ChoiceConverters.FlowConverter().convert("cancel"));
        assertEquals("'cancel' is not an order flow (one of: new, new-cancel, new-replace-cancel, mix, book)",
            refused.getMessage());
    }

    @Test
    void aWrongChoiceOnTheCommandLineIsBadUsage()
    {
        final CliHarness run = CliHarness.runMechanics("run", "--embedded", "--rate", "10", "--duration", "1s",
            "--schedule", "bursty");

        assertEquals(2, run.exitCode, run.toString());
        assertTrue(run.err.contains("'bursty' is not an arrival schedule (one of: constant, poisson, burst, steps)"),
            run.err);
    }
}
