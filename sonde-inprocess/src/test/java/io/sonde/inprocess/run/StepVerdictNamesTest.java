package io.sonde.inprocess.run;

import io.sonde.api.SweepReport;
import io.sonde.loadgen.sweep.StepVerdict;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every verdict the engine writes into {@code sweep.json} for a step, the API reads back as its own: the two lists
 * of names are one.
 */
class StepVerdictNamesTest
{
    @Test
    void theApiReadsEveryStepVerdictTheEngineWrites()
    {
        assertEquals(Arrays.stream(StepVerdict.values()).map(Enum::name).toList(),
            Arrays.stream(SweepReport.StepVerdict.values()).map(Enum::name).toList());
    }
}
