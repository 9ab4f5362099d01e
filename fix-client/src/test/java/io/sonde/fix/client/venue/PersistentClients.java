package io.sonde.fix.client.venue;

import io.sonde.api.FixVersion;
import io.sonde.fix.client.FixClient;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.FlowChooser;
import io.sonde.fix.client.order.OrderFlow;
import io.sonde.fix.client.order.OrderParameters;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.SessionSettings;
import io.sonde.fix.client.session.SubIds;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import org.agrona.concurrent.BackoffIdleStrategy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A one-session client with persistent sequence numbers against a {@link PersistentVenue}, and a short burst
 * of orders through it; shared by the in-process tests and the child JVM that is killed.
 */
public final class PersistentClients
{
    public static final String SENDER_COMP_ID = "SONDE1";
    private static final int CAPACITY = 1 << 10;

    private PersistentClients()
    {
    }

    /**
     * Start a client whose engine keeps its state in {@code engineDir}.
     */
    public static FixClient<FixOrderTransport> start(final Path engineDir, final int venuePort)
    {
        final SessionSettings settings = new SessionSettings("127.0.0.1", venuePort, 1, SENDER_COMP_ID,
            PersistentVenue.COMP_ID, Credentials.NONE, 10, true, 0, FixVersion.FIX_4_4, SubIds.NONE, null);
        return FixClient.start(engineDir, settings, OrderParameters.defaults(List.of("SONDE.A"), 3),
            FlowChooser.only(OrderFlow.NEW), new ClOrdIdCodec(), CAPACITY, TimeUnit.SECONDS.toNanos(5));
    }

    /**
     * Send orders at 20/s for {@code duration} and wait for their answers.
     */
    public static RunResult sendOrders(final FixClient<FixOrderTransport> client, final Duration duration)
    {
        final RunConfig config = new RunConfig(new ConstantRateSchedule(20),
            RunTiming.of(Duration.ZERO, duration, Duration.ofSeconds(2)))
            .idleStrategy(new BackoffIdleStrategy())
            .inFlightCapacity(CAPACITY)
            .stages(client.transport().stages())
            .sharedThread(client.loadThread());
        return new LoadRun(config).execute(client.transport());
    }

    /**
     * The child JVM of the kill -9 test: start a client, send orders, say READY, then wait to be killed.
     *
     * @param args the engine folder and the venue's port.
     */
    public static void main(final String[] args) throws InterruptedException
    {
        final FixClient<FixOrderTransport> client = start(Path.of(args[0]), Integer.parseInt(args[1]));
        sendOrders(client, Duration.ofMillis(500));
        System.out.println("READY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
