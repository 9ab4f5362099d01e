package io.sonde.scenarios.probe;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.api.ExitCode;
import io.sonde.fix.client.venue.FixMessage;
import io.sonde.fix.client.venue.PersistentVenue;
import io.sonde.fix.client.venue.VenueWithChild;
import io.sonde.fix.codecs.MsgType;
import io.sonde.probe.ProbeMode;
import io.sonde.scenarios.SondeMain;
import io.sonde.scenarios.cli.SondeProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The probe's {@code state.dir} against a venue that keeps its sequence numbers: a restart after a clean stop or a
 * {@code kill -9} continues the sequence at once, a resend the venue asks for never brings an order back, and a
 * reset of both sides is logged and counted.
 */
@Timeout(180)
class ProbePersistentSequencesTest
{
    @TempDir
    Path folder;

    @RegisterExtension
    final VenueWithChild fixture = new VenueWithChild();

    @Test
    void aCleanRestartContinuesTheSequence() throws Exception
    {
        final String first = probeOnce();
        final int expected = venue().nextTargetSeqNum();

        final String second = probeOnce();

        final FixMessage logon = venue().logons().get(1);
        assertEquals(expected, logon.seqNum(), "the restarted probe continues:\n" + first + second);
        assertFalse(logon.flag(141));
        assertFalse(second.contains("logged on with ResetSeqNumFlag"), second);
    }

    @Test
    void afterKillDashNineTheNextStartRecoversAtOnceAndContinuesTheSequence() throws Exception
    {
        final List<String> command = SondeProcess.javaCommand();
        command.addAll(List.of("probe", "--config", config().toString()));
        final Process child = fixture.start(new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(folder.resolve("killed.log").toFile()));
        awaitOrders(2);
        Thread.sleep(300);
        final int expected = venue().nextTargetSeqNum();

        child.destroyForcibly();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        final long restartNanos = System.nanoTime();
        final String restarted = probeOnce();

        assertTrue(restarted.contains("which no longer runs (killed?): recovered at once"), restarted);
        assertFalse(restarted.contains("still marked in use"), restarted);
        final FixMessage logon = venue().logons().get(1);
        assertFalse(logon.flag(141), "no reset after the kill: " + logon);
        assertTrue(logon.seqNum() >= expected, "the sequence continues: " + logon + ", venue expected " + expected);
        assertTrue(System.nanoTime() - restartNanos < TimeUnit.SECONDS.toNanos(10),
            "two orders and a clean-up take seconds, not a wait for the dead probe's files to go stale:\n" + restarted);
    }

    @Test
    void aResendTheVenueAsksForIsGapFilledAndNoOrderIsSentAgain() throws Exception
    {
        try (ProbeHarness probe = new ProbeHarness(ProbeHarness.config(folder, venue().port(), overrides()),
            new ProbeMode(0, false, false)))
        {
            awaitOrders(3);
            final List<FixMessage> orders = venue().received(MsgType.NEW_ORDER_SINGLE);
            final int lastOrder = orders.get(orders.size() - 1).seqNum();

            venue().requestResend(orders.get(0).seqNum());

            venue().await("the resend answered up to the last order", Duration.ofSeconds(10), received -> received
                .stream().anyMatch(message -> message.isGapFill() && message.intValue(36) > lastOrder));
            assertEquals(List.of(), venue().received().stream().filter(FixMessage::isReplayedOrder).toList(),
                "orders must never be sent again late:\n" + probe.log());
            assertEquals(ExitCode.PASSED, probe.stop(), probe.log());
        }
    }

    @Test
    void anEmptyStateDirAgainstAVenueThatRemembersIsALoggedAndCountedReset() throws Exception
    {
        fixture.restartVenueRemembering(40, 57);

        final String log = probeOnce();

        assertTrue(log.contains("Session 1 logged on with ResetSeqNumFlag (141=Y)"), log);
        assertTrue(venue().logons().get(1).flag(141));
        assertEquals(1, new ObjectMapper().readTree(folder.resolve("results").resolve("probe-summary.json").toFile())
            .get("counts").get("sequence_resets").asLong());
    }

    private String probeOnce() throws IOException
    {
        final StringWriter out = new StringWriter();
        final int exitCode = SondeMain.execute(new PrintWriter(out, true), new PrintWriter(System.err, true),
            "probe", "--config", config().toString(), "--once", "2");
        assertEquals(0, exitCode, out.toString());
        return out.toString();
    }

    private Path config() throws IOException
    {
        return ProbeHarness.writeConfig(folder, venue().port(), overrides());
    }

    private static String[] overrides()
    {
        return new String[]{"target.comp.id=" + PersistentVenue.COMP_ID, "rate=5"};
    }

    private void awaitOrders(final int orders) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (venue().received(MsgType.NEW_ORDER_SINGLE).size() < orders)
        {
            assertTrue(fixture.child() == null || fixture.child().isAlive(), "the probe exited:\n" + childLog());
            assertTrue(System.nanoTime() < deadline, "no orders from the probe:\n" + childLog());
            Thread.sleep(50);
        }
    }

    private String childLog() throws IOException
    {
        final Path log = folder.resolve("killed.log");
        return Files.exists(log) ? Files.readString(log) : "";
    }

    private PersistentVenue venue()
    {
        return fixture.venue();
    }
}
