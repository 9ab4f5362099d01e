package io.sonde.fix.engine;

import io.aeron.Aeron;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.CompositeAgent;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.library.LibraryScheduler;

/**
 * Schedules a {@code FixLibrary}'s background work (its monitoring agent and its Aeron client's conductor) on
 * an {@link InvokedDuty} instead of a thread of its own. The library's {@code poll} stays with its caller.
 */
final class InvokedLibraryScheduler implements LibraryScheduler
{
    private final InvokedDuty duty;
    private Agent background;

    InvokedLibraryScheduler(final InvokedDuty duty)
    {
        this.duty = duty;
    }

    public void launch(
        final LibraryConfiguration configuration,
        final ErrorHandler errorHandler,
        final Agent monitoringAgent,
        final Agent conductorAgent)
    {
        if (background != null)
        {
            throw new IllegalStateException("Cannot re-use scheduler for multiple launch attempts");
        }
        final Agent conductor = conductorAgent == null ? null : new ConductorAgent(conductorAgent);
        final Agent agents = monitoringAgent == null ? conductor :
            conductor == null ? monitoringAgent : new CompositeAgent(monitoringAgent, conductor);
        if (agents != null)
        {
            background = new ErrorReportingAgent(agents, errorHandler);
            duty.add(background);
        }
    }

    public void close(final int libraryId)
    {
        if (background != null)
        {
            duty.remove(background);
            background = null;
        }
    }

    public void configure(final Aeron.Context aeronContext)
    {
        aeronContext.useConductorAgentInvoker(true);
    }
}
