package io.sonde.fix.client;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.FixVersion;
import io.sonde.api.FlowMix;
import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.FixOrderTransport;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Eight Artio sessions drive a test acceptor on loopback through every flow: every lifecycle ends,
 * the books balance, and every stage is timed once per order that went through it.
 */
@Timeout(120)
class FixClientIntegrationTest
{
    static final String PASSWORD = "s3cret";
    private static final int SESSIONS = 8;
    private static final int CAPACITY = 1 << 14;

    private static ReferenceAcceptor acceptor;

    @BeforeAll
    static void startAcceptor()
    {
        acceptor = new ReferenceAcceptor(PASSWORD);
    }

    @AfterAll
    static void stopAcceptor()
    {
        acceptor.close();
    }

    @Test
    void newIocOrdersAreAcknowledgedAndFilled(@TempDir final Path dir)
    {
        final RunResult result = run(dir, FlowChooser.only(OrderFlow.NEW));

        final long sent = result.measurement().sent();
        assertEquals(sent, result.measurement().acknowledged(), result.toString());
        assertEquals(sent, count(result, "new-ack.corrected"));
        assertEquals(sent, count(result, "new-fill.corrected"));
        assertEquals(sent, count(result, "new-fill.uncorrected"));
        assertEquals(0, count(result, "cancel.corrected"));
    }

    @Test
    void newCancelTimesBothStages(@TempDir final Path dir)
    {
        final RunResult result = run(dir, FlowChooser.only(OrderFlow.NEW_CANCEL));

        final long sent = result.measurement().sent();
        assertEquals(sent, result.measurement().acknowledged(), result.toString());
        assertEquals(sent, count(result, "new-ack.corrected"));
        assertEquals(sent, count(result, "cancel.corrected"));
        assertEquals(sent, count(result, "cancel.lateness"));
        assertEquals(0, count(result, "new-fill.corrected"));
    }

    @Test
    void newReplaceCancelTimesEveryStage(@TempDir final Path dir)
    {
        final RunResult result = run(dir, FlowChooser.only(OrderFlow.NEW_REPLACE_CANCEL));

        final long sent = result.measurement().sent();
        assertEquals(sent, result.measurement().acknowledged(), result.toString());
        assertEquals(sent, count(result, "new-ack.corrected"));
        assertEquals(sent, count(result, "replace.corrected"));
        assertEquals(sent, count(result, "cancel.corrected"));
    }

    @Test
    void aMixBalancesAndItsStagesAddUp(@TempDir final Path dir)
    {
        final RunResult result = run(dir, new FlowChooser(FlowMix.parse("new=50,new-cancel=30,new-replace-cancel=20")));

        final long sent = result.measurement().sent();
        assertEquals(sent, result.measurement().acknowledged(), result.toString());
        assertEquals(sent, count(result, "new-ack.corrected"));
        assertEquals(sent, count(result, "new-fill.corrected") + count(result, "cancel.corrected"),
            "every order is either filled (new, IOC) or cancelled");
        assertTrue(count(result, "replace.corrected") > 0);
        assertTrue(count(result, "replace.corrected") < count(result, "cancel.corrected"));
    }

    private static RunResult run(final Path dir, final FlowChooser flows)
    {
        final SessionSettings settings = new SessionSettings("127.0.0.1", acceptor.port(), SESSIONS, "SONDE%d",
            ReferenceAcceptor.ACCEPTOR_COMP_ID, new Credentials("sonde", PASSWORD), 10, false, 0,
            FixVersion.FIX_4_4, SubIds.NONE, null);
        try (FixClient<FixOrderTransport> client = FixClient.start(dir.resolve("engine"), settings,
            OrderParameters.defaults(List.of("SONDE.A", "SONDE.B"), 42), flows, new ClOrdIdCodec(), CAPACITY,
            TimeUnit.SECONDS.toNanos(20)))
        {
            assertEquals(SESSIONS, client.sessions().activeCount());
            final long ordersBefore = acceptor.ordersReceived();
            final long cancelsBefore = acceptor.cancelsReceived();
            final long replacesBefore = acceptor.replacesReceived();
            final FixOrderTransport transport = client.transport();
            final RunConfig config = new RunConfig(new ConstantRateSchedule(2_000),
                RunTiming.of(Duration.ofMillis(500), Duration.ofSeconds(2), Duration.ofSeconds(5)))
                .inFlightCapacity(CAPACITY)
                .stages(transport.stages())
                .sharedThread(client.loadThread());

            final RunResult result = new LoadRun(config).execute(transport);

            assertTrue(result.measurement().balances());
            assertEquals(0, result.measurement().inFlight());
            assertEquals(0, result.measurement().timedOut(), result.toString());
            assertTrue(result.measurement().sent() >= 3_900, "sent " + result.measurement().sent());
            assertEquals(0, transport.failures().unknownClOrdIds());
            assertEquals(result.warmup().sent() + result.measurement().sent(),
                acceptor.ordersReceived() - ordersBefore, "the acceptor saw every order once");
            assertEquals(count(result, "cancel.corrected") + count(result, "warmup-cancel.corrected"),
                acceptor.cancelsReceived() - cancelsBefore, "every cancel timed was one the acceptor saw");
            assertEquals(count(result, "replace.corrected") + count(result, "warmup-replace.corrected"),
                acceptor.replacesReceived() - replacesBefore, "every replace timed was one the acceptor saw");
            return result;
        }
    }

    private static long count(final RunResult result, final String tag)
    {
        return result.totals().get(tag).getTotalCount();
    }
}
