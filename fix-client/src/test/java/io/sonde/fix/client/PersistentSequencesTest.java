package io.sonde.fix.client;

import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.venue.FixMessage;
import io.sonde.fix.client.venue.PersistentClients;
import io.sonde.fix.client.venue.PersistentVenue;
import io.sonde.fix.client.venue.VenueWithChild;
import io.sonde.fix.codecs.MsgType;
import io.sonde.loadgen.host.ThisJvm;
import io.sonde.loadgen.runner.RunResult;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Persistent sequence numbers against a venue that keeps its own (QuickFIX/J file store semantics): whatever
 * way the client stopped, its next Logon continues the sequence; a resend the venue asks for never brings an
 * order back late; a reset is counted.
 */
@Timeout(120)
class PersistentSequencesTest
{
    @TempDir
    Path folder;

    @RegisterExtension
    final VenueWithChild fixture = new VenueWithChild();

    @Test
    void afterACleanStopTheNextLogonContinuesTheSequence()
    {
        try (FixClient<FixOrderTransport> client = PersistentClients.start(engineDir(), venue().port()))
        {
            assertAllAcknowledged(PersistentClients.sendOrders(client, Duration.ofMillis(500)));
        }
        final int expected = venue().nextTargetSeqNum();
        assertTrue(expected > 10, "the first run sent its logon, orders and logout: next " + expected);

        try (FixClient<FixOrderTransport> client = PersistentClients.start(engineDir(), venue().port()))
        {
            assertEquals(1, client.sessions().activeCount());
            assertEquals(0, client.sessions().sequenceResets());
        }

        final FixMessage secondLogon = venue().logons().get(1);
        assertEquals(expected, secondLogon.seqNum(), "the restarted client continues: " + venue().received());
        assertFalse(secondLogon.flag(141), "no ResetSeqNumFlag: " + secondLogon);
        assertEquals(2, venue().logons().size(), "logged on at the first attempt: " + venue().received());
    }

    @Test
    void aVenueRestartedUnderARunningClientIsRejoinedWhereBothLeftOff()
    {
        try (FixClient<FixOrderTransport> client = PersistentClients.start(engineDir(), venue().port()))
        {
            assertAllAcknowledged(PersistentClients.sendOrders(client, Duration.ofMillis(300)));
            venue().close();
            final int expected = venue().nextTargetSeqNum();
            fixture.reopenVenue();

            awaitPolling(client, "the client to log on again", () -> venue().isLoggedOn() && client.sessions()
                .activeCount() == 1);

            final FixMessage logon = venue().logons().get(0);
            assertEquals(expected, logon.seqNum(), "the reconnect continues the sequence: " + venue().received());
            assertFalse(logon.flag(141));
            assertEquals(0, client.sessions().sequenceResets());
            assertAllAcknowledged(PersistentClients.sendOrders(client, Duration.ofMillis(300)));
        }
    }

    @Test
    void aResendTheVenueAsksForIsGapFilledAndNoOrderIsSentAgain()
    {
        try (FixClient<FixOrderTransport> client = PersistentClients.start(engineDir(), venue().port()))
        {
            assertAllAcknowledged(PersistentClients.sendOrders(client, Duration.ofMillis(500)));
            final List<FixMessage> orders = venue().received(MsgType.NEW_ORDER_SINGLE);
            final int firstOrder = orders.get(0).seqNum();
            final int lastOrder = orders.get(orders.size() - 1).seqNum();

            venue().requestResend(firstOrder);

            awaitPolling(client, "the resend answered up to the last order", () -> venue().received().stream()
                .anyMatch(message -> message.flag(43) && resentUpTo(message) >= lastOrder));
            final List<FixMessage> replayedOrders = venue().received().stream()
                .filter(FixMessage::isReplayedOrder).toList();
            assertEquals(List.of(), replayedOrders, "orders must never be sent again late");
            assertEquals(orders.size(), venue().received(MsgType.NEW_ORDER_SINGLE).size());
            final FixMessage gapFill = venue().received().stream().filter(FixMessage::isGapFill).findFirst()
                .orElseThrow();
            assertEquals(firstOrder, gapFill.seqNum(), "the gap fill starts where the resend was asked from");
            assertEquals(1, client.sessions().activeCount(), "the session stays up");
        }
    }

    @Test
    void afterKillDashNineTheNextStartLogsOnAtOnceAndContinuesTheSequence() throws Exception
    {
        final List<String> command = ThisJvm.command(PersistentClients.class.getName(), engineDir().toString(),
            Integer.toString(venue().port()));
        final Process child = fixture.start(new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(folder.resolve("child.log").toFile()));
        awaitChildReady();
        final int expected = venue().nextTargetSeqNum();

        child.destroyForcibly();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the child JVM died");
        final long restartNanos = System.nanoTime();
        try (FixClient<FixOrderTransport> client = PersistentClients.start(engineDir(), venue().port()))
        {
            assertTrue(System.nanoTime() - restartNanos < TimeUnit.SECONDS.toNanos(8),
                "the restart did not wait for the killed process's files to go stale");
            assertEquals(1, client.sessions().activeCount());
            assertEquals(0, client.sessions().sequenceResets());
            assertAllAcknowledged(PersistentClients.sendOrders(client, Duration.ofMillis(300)));
        }

        final List<FixMessage> logons = venue().logons();
        assertEquals(2, logons.size(), "logged on at the first attempt after the kill: " + venue().received());
        assertEquals(expected, logons.get(1).seqNum(), "the sequence continues after kill -9");
        assertFalse(logons.get(1).flag(141));
    }

    @Test
    void anEmptyStateAgainstAVenueThatRemembersLogsOnWithAResetThatIsCounted() throws Exception
    {
        fixture.restartVenueRemembering(40, 57);

        try (FixClient<FixOrderTransport> client = PersistentClients.start(engineDir(), venue().port()))
        {
            assertEquals(1, client.sessions().activeCount());
            assertEquals(1, client.sessions().sequenceResets());
        }

        final List<FixMessage> logons = venue().logons();
        assertEquals(1, logons.get(0).seqNum(), "nothing persisted locally: the client starts at 1");
        assertTrue(logons.get(1).flag(141), "then resets both sides: " + logons.get(1));
    }

    private Path engineDir()
    {
        return folder.resolve("engine");
    }

    private void awaitChildReady() throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(folder.resolve("child.log")).contains("READY"))
        {
            assertTrue(fixture.child().isAlive(),
                "the child exited:\n" + Files.readString(folder.resolve("child.log")));
            assertTrue(System.nanoTime() < deadline, "no READY from the child:\n" +
                Files.readString(folder.resolve("child.log")));
            Thread.sleep(50);
        }
        // Let the archive record what the engine sent before the kill, as it would between two orders.
        Thread.sleep(500);
    }

    /**
     * @return the last MsgSeqNum a resent message accounts for: a gap fill's NewSeqNo less one, else its own.
     */
    private static int resentUpTo(final FixMessage message)
    {
        return message.isGapFill() ? message.intValue(36) - 1 : message.seqNum();
    }

    /**
     * The library answers the venue only while polled, as a run's load agent polls it.
     */
    private void awaitPolling(
        final FixClient<FixOrderTransport> client, final String what, final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        final BackoffIdleStrategy idle = new BackoffIdleStrategy();
        while (!condition.getAsBoolean())
        {
            assertTrue(System.nanoTime() < deadline, "waited in vain for " + what + "; the venue received:\n" +
                String.join("\n", venue().received().stream().map(FixMessage::toString).toList()));
            idle.idle(client.sessions().poll(System.nanoTime()));
        }
    }

    private static void assertAllAcknowledged(final RunResult result)
    {
        assertTrue(result.measurement().sent() > 0, result.toString());
        assertEquals(result.measurement().sent(), result.measurement().acknowledged(), result.toString());
    }

    private PersistentVenue venue()
    {
        return fixture.venue();
    }
}
