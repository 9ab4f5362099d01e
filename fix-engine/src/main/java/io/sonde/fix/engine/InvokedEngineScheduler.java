package io.sonde.fix.engine;

import io.aeron.Aeron;
import org.agrona.CloseHelper;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.CompositeAgent;
import org.agrona.concurrent.IdleStrategy;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.EngineScheduler;
import uk.co.real_logic.artio.engine.RecordingCoordinator;

import java.util.ArrayList;
import java.util.List;

/**
 * Schedules an Artio engine's order path on no thread of its own: its framer, monitoring and Aeron client
 * conductor join an {@link InvokedDuty}, and whichever thread runs that duty runs them. Errors in the engine's
 * agents go to the engine's own error handler, as they would on its own thread, and do not stop the thread
 * that invokes it.
 * <p>
 * The indexer is not on the order path (it reads what the framer has already sent and received, to keep the
 * sequence-number index) but it writes and renames index files whenever a stream rolls a term: file I/O and a
 * little garbage every few megabytes of traffic. It runs on a thread of its own that sleeps between polls.
 */
final class InvokedEngineScheduler implements EngineScheduler
{
    private final InvokedDuty duty;
    private final String indexerName;
    private final IdleStrategy indexerIdle;
    private Agent engine;

    /**
     * @param indexerName names the indexer's thread.
     * @param indexerIdle how the indexer's thread waits; it should sleep, since nothing waits on it.
     */
    InvokedEngineScheduler(final InvokedDuty duty, final String indexerName, final IdleStrategy indexerIdle)
    {
        this.duty = duty;
        this.indexerName = indexerName;
        this.indexerIdle = indexerIdle;
    }

    public void launch(
        final EngineConfiguration configuration,
        final ErrorHandler errorHandler,
        final Agent framer,
        final Agent indexingAgent,
        final Agent monitoringAgent,
        final Agent conductorAgent,
        final RecordingCoordinator recordingCoordinator)
    {
        if (engine != null)
        {
            EngineScheduler.fail();
        }
        final List<Agent> agents = new ArrayList<>();
        if (monitoringAgent != null)
        {
            agents.add(monitoringAgent);
        }
        agents.add(framer);
        // Closed in Artio's order: framer, indexer, recording coordinator, then the Aeron client's conductor.
        agents.add(new ClosingAgent("artio-indexer-runner", startIndexer(errorHandler, indexingAgent)));
        agents.add(new ClosingAgent("artio-recording-coordinator", recordingCoordinator));
        if (conductorAgent != null)
        {
            agents.add(new ConductorAgent(conductorAgent));
        }
        engine = new ErrorReportingAgent(new CompositeAgent(agents), errorHandler);
        duty.add(engine);
    }

    private AgentRunner startIndexer(final ErrorHandler errorHandler, final Agent indexingAgent)
    {
        final AgentRunner runner = new AgentRunner(indexerIdle, errorHandler, null, new NamedAgent(indexerName,
            indexingAgent));
        AgentRunner.startOnThread(runner);
        return runner;
    }

    public void close()
    {
        if (engine != null)
        {
            duty.remove(engine);
            engine = null;
        }
    }

    /**
     * Artio calls this only from blocking administrative commands, to run the framer while the caller waits;
     * the duty's thread runs the framer already, and Sonde issues no such command from that thread.
     */
    public int pollFramer()
    {
        return 0;
    }

    public void configure(final Aeron.Context aeronContext)
    {
        aeronContext.useConductorAgentInvoker(true);
    }

    /**
     * Closes a resource when the engine's agents close, in their order.
     */
    private static final class ClosingAgent implements Agent
    {
        private final String roleName;
        private final AutoCloseable resource;

        ClosingAgent(final String roleName, final AutoCloseable resource)
        {
            this.roleName = roleName;
            this.resource = resource;
        }

        public int doWork()
        {
            return 0;
        }

        public void onClose()
        {
            CloseHelper.close(resource);
        }

        public String roleName()
        {
            return roleName;
        }
    }

    /**
     * Gives an agent's thread a name that says whose it is.
     */
    private static final class NamedAgent implements Agent
    {
        private final String roleName;
        private final Agent agent;

        NamedAgent(final String roleName, final Agent agent)
        {
            this.roleName = roleName;
            this.agent = agent;
        }

        public void onStart()
        {
            agent.onStart();
        }

        public int doWork() throws Exception
        {
            return agent.doWork();
        }

        public void onClose()
        {
            agent.onClose();
        }

        public String roleName()
        {
            return roleName;
        }
    }
}
