package io.sonde.fix.client;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.FixVersion;
import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.FixFailures;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.FlowChooser;
import io.sonde.fix.client.order.OrderFlow;
import io.sonde.fix.client.order.OrderParameters;
import io.sonde.fix.client.order.RejectReasons;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.SessionLogonException;
import io.sonde.fix.client.session.SessionSettings;
import io.sonde.fix.client.session.SubIds;
import io.sonde.loadgen.runner.IntervalListener;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Disconnects, wrong credentials and an unreachable target: nothing is lost and every failure says what
 * went wrong.
 */
@Timeout(120)
class FixClientFaultTest
{
    private static final int CAPACITY = 1 << 14;
    private static ReferenceAcceptor acceptor;

    @BeforeAll
    static void startAcceptor()
    {
        acceptor = new ReferenceAcceptor(FixClientIntegrationTest.PASSWORD);
    }

    @AfterAll
    static void stopAcceptor()
    {
        acceptor.close();
    }

    @Test
    void aSessionDroppedMidRunEndsItsOrdersAsSessionDownAndComesBack(@TempDir final Path dir)
    {
        try (FixClient<FixOrderTransport> client = start(dir, acceptor.port(), FixClientIntegrationTest.PASSWORD, 8))
        {
            final IntervalListener dropOnceAfterOneSecond = snapshot ->
            {
                if (!snapshot.warmup() && snapshot.elapsedSeconds() > 1.0 && snapshot.elapsedSeconds() < 1.6)
                {
                    acceptor.disconnect("SONDE3");
                }
            };
            final RunConfig config = new RunConfig(new ConstantRateSchedule(2_000),
                RunTiming.of(Duration.ofMillis(500), Duration.ofSeconds(3), Duration.ofSeconds(5)))
                .inFlightCapacity(CAPACITY)
                .intervalNanos(TimeUnit.MILLISECONDS.toNanos(500))
                .listener(dropOnceAfterOneSecond)
                .stages(client.transport().stages())
                .sharedThread(client.loadThread());

            final RunResult result = new LoadRun(config).execute(client.transport());

            assertTrue(result.measurement().balances(), result.toString());
            assertEquals(0, result.measurement().inFlight());
            assertTrue(client.sessions().disconnects() >= 1, "the acceptor dropped a session");
            assertEquals(result.measurement().sent(), result.measurement().acknowledged() +
                result.measurement().rejected() + result.measurement().timedOut());
            final long sessionDown = result.rejectReasons().getOrDefault(RejectReasons.SESSION_DOWN, 0L);
            assertEquals(result.measurement().rejected() + result.warmup().rejected(), sessionDown,
                "the only rejects are orders in flight on the dropped session");

            awaitAllActive(client, 8);
        }
    }

    @Test
    void ordersLeftUnansweredAreSettledByAStatusRequestAfterTheirTimeout(@TempDir final Path dir)
    {
        try (FixClient<FixOrderTransport> client = start(dir, acceptor.port(), FixClientIntegrationTest.PASSWORD, 2))
        {
            final Duration timeout = Duration.ofMillis(300);
            final FixOrderTransport transport = client.transport().resolveUnansweredAfter(timeout.toNanos());
            final long cancelsBefore = acceptor.cancelsReceived();
            acceptor.loseAcknowledgements(3);
            acceptor.ignoreOrders(2);
            final RunConfig config = new RunConfig(new ConstantRateSchedule(200),
                RunTiming.of(Duration.ZERO, Duration.ofSeconds(2), timeout))
                .inFlightCapacity(CAPACITY)
                .stages(transport.stages())
                .sharedThread(client.loadThread());

            final RunResult result = new LoadRun(config).execute(transport);

            final FixFailures failures = transport.failures();
            assertEquals(5, result.measurement().timedOut(), "the tail keeps the five unanswered orders");
            assertEquals(5, failures.statusRequests(), "one status request each, no more");
            assertEquals(3, failures.resolvedOpen(), "the venue holds the orders whose acknowledgement was lost");
            assertEquals(3, failures.lostAcknowledgements(), "all three were new orders");
            assertEquals(2, failures.resolvedNotOpen(), "the ignored orders never arrived");
            assertEquals(5, acceptor.statusRequestsReceived());
            assertEquals(result.measurement().acknowledged() + 3, acceptor.cancelsReceived() - cancelsBefore,
                "every order acknowledged, and every order found open, was cancelled: nothing is left behind");
        }
    }

    @Test
    void wrongCredentialsFailLogonWithAClearMessage(@TempDir final Path dir)
    {
        final SessionLogonException failure = assertThrows(SessionLogonException.class,
            () -> start(dir, acceptor.port(), "wrong-password", 1).close());
        assertTrue(failure.getMessage().contains("SONDE1"), failure.getMessage());
        assertTrue(failure.getMessage().contains("127.0.0.1:" + acceptor.port()), failure.getMessage());
    }

    @Test
    void anUnreachableTargetFailsLogonWithAClearMessage(@TempDir final Path dir) throws Exception
    {
        final int closedPort;
        try (ServerSocket socket = new ServerSocket(0))
        {
            closedPort = socket.getLocalPort();
        }
        final SessionLogonException failure = assertThrows(SessionLogonException.class,
            () -> start(dir, closedPort, "x", 2).close());
        assertTrue(failure.getMessage().contains("127.0.0.1:" + closedPort), failure.getMessage());
    }

    private static FixClient<FixOrderTransport> start(
        final Path dir, final int port, final String password, final int sessions)
    {
        final SessionSettings settings = new SessionSettings("127.0.0.1", port, sessions, "SONDE%d",
            ReferenceAcceptor.ACCEPTOR_COMP_ID, new Credentials("sonde", password), 10, false, 0,
            FixVersion.FIX_4_4, SubIds.NONE, null);
        return FixClient.start(dir.resolve("engine"), settings, OrderParameters.defaults(List.of("SONDE.A"), 7),
            FlowChooser.only(OrderFlow.NEW_CANCEL), new ClOrdIdCodec(), CAPACITY,
            TimeUnit.SECONDS.toNanos(3));
    }

    private static void awaitAllActive(final FixClient<FixOrderTransport> client, final int sessions)
    {
        final BackoffIdleStrategy idle = new BackoffIdleStrategy();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (client.sessions().activeCount() < sessions && System.nanoTime() < deadline)
        {
            idle.idle(client.sessions().poll(System.nanoTime()));
        }
        assertEquals(sessions, client.sessions().activeCount(), "the dropped session reconnected");
    }
}
