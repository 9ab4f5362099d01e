package io.sonde.inprocess.run;

import io.sonde.api.RunSpec;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LoadPlanTest
{
    @Test
    void aClientAloneFitsItsOneBusyThreadToTheHost()
    {
        assertEquals(1, LoadPlan.of(RunSpec.builder().target("127.0.0.1", 9880).build().load()).hostBusyThreadCount());
    }

    @Test
    void anEmbeddedExchangeOfOneMemberAddsItsServiceThread()
    {
        assertEquals(2, LoadPlan.of(RunSpec.builder().embedded(true).build().load()).hostBusyThreadCount());
    }

    @Test
    void threeMemberProcessesCountTheSixThreadsTheyWakeAtEveryConsensusRound()
    {
        assertEquals(8, LoadPlan.of(RunSpec.builder().embedded(true).nodes(3).build().load()).hostBusyThreadCount(),
            "the load thread and the gateway's, and two for each member: auto must not busy-spin the cores away " +
            "from the members");
    }
}
