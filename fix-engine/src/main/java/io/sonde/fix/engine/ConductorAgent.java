package io.sonde.fix.engine;

import org.agrona.concurrent.Agent;

/**
 * An Aeron client's conductor in invoker mode, run on an {@link InvokedDuty} but closed only by its own client:
 * {@code Aeron.close()} closes the conductor itself, and a second close would write to the driver's command
 * buffer after it has been unmapped.
 */
final class ConductorAgent implements Agent
{
    private final Agent conductor;

    ConductorAgent(final Agent conductor)
    {
        this.conductor = conductor;
    }

    public int doWork() throws Exception
    {
        return conductor.doWork();
    }

    public String roleName()
    {
        return conductor.roleName();
    }
}
