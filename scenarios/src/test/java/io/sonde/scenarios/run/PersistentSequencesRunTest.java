package io.sonde.scenarios.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sonde.fix.client.venue.FixMessage;
import io.sonde.fix.client.venue.PersistentVenue;
import io.sonde.fix.client.venue.VenueWithChild;
import io.sonde.fix.codecs.MsgType;
import io.sonde.scenarios.CliHarness;
import io.sonde.scenarios.cli.SondeProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sonde run --persistent-sequences} against a venue that keeps its sequence numbers: runs into the same
 * folder and a sweep's steps continue the sequence, a run started right after a {@code kill -9} recovers at once
 * and says so, and a reset of both sides is announced on the console and counted in summary.json.
 */
@Timeout(180)
class PersistentSequencesRunTest
{
    @TempDir
    Path folder;

    @RegisterExtension
    final VenueWithChild fixture = new VenueWithChild();

    @Test
    void aSecondRunIntoTheSameFolderContinuesTheSequence() throws Exception
    {
        final CliHarness first = run();
        assertEquals(0, first.exitCode, first.toString());
        final int expected = venue().nextTargetSeqNum();

        final CliHarness second = run();

        assertEquals(0, second.exitCode, second.toString());
        assertEquals(expected, venue().logons().get(1).seqNum(), "the second run continues the sequence");
        assertFalse(venue().logons().get(1).flag(141));
        assertFalse(second.out.contains("SEQUENCE RESET"), second.out);
        assertEquals(0, summary().get("sequenceResets").asLong());
    }

    @Test
    void everyStepOfASweepContinuesTheSequenceOfTheStepBefore()
    {
        final CliHarness sweep = CliHarness.runMechanics("sweep", "--target", "127.0.0.1:" + venue().port(),
            "--target-comp-id",
            PersistentVenue.COMP_ID, "--sender-comp-id", "SONDE1", "--sessions", "1", "--persistent-sequences",
            "--rates", "10,20", "--step-duration", "1s", "--warmup", "0s", "--no-stop", "--idle", "backoff",
            "--out", folder.resolve("sweep").toString());

        assertTrue(sweep.out.contains("step 2/2"), sweep.toString());
        final List<FixMessage> logons = venue().logons();
        assertEquals(2, logons.size(), "one logon per step: " + venue().received());
        assertFalse(logons.get(1).flag(141), "the second step continues: " + logons.get(1));
        assertFalse(sweep.out.contains("SEQUENCE RESET"), sweep.out);
    }

    @Test
    void aRunStartedRightAfterKillDashNineRecoversAtOnceAndSaysSo() throws Exception
    {
        final List<String> command = SondeProcess.javaCommand();
        command.addAll(arguments("60s"));
        final Process child = fixture.start(new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(folder.resolve("killed.log").toFile()));
        awaitOrders(3);
        Thread.sleep(300);
        final int expected = venue().nextTargetSeqNum();

        child.destroyForcibly();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        final CliHarness restarted = run();

        assertEquals(0, restarted.exitCode, restarted.toString());
        assertTrue(restarted.out.contains("which no longer runs (killed?): recovered at once"), restarted.out);
        final FixMessage logon = venue().logons().get(1);
        assertFalse(logon.flag(141), "no reset after the kill: " + logon);
        assertTrue(logon.seqNum() >= expected, "the sequence continues: " + logon + ", venue expected " + expected);
        assertEquals(0, summary().get("sequenceResets").asLong());
    }

    @Test
    void anEmptyStateAgainstAVenueThatRemembersIsAnAnnouncedAndCountedReset() throws Exception
    {
        fixture.restartVenueRemembering(40, 57);

        final CliHarness cli = run();

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("SEQUENCE RESET: 1 logon(s) needed ResetSeqNumFlag (141=Y) to log on"), cli.out);
        assertEquals(1, summary().get("sequenceResets").asLong());
        assertTrue(venue().logons().get(1).flag(141));
    }

    private CliHarness run()
    {
        return CliHarness.runMechanics(arguments("1s").toArray(String[]::new));
    }

    private List<String> arguments(final String duration)
    {
        return new ArrayList<>(List.of("run", "--target", "127.0.0.1:" + venue().port(), "--target-comp-id",
            PersistentVenue.COMP_ID, "--sender-comp-id", "SONDE1", "--sessions", "1", "--persistent-sequences",
            "--rate", "20", "--duration", duration, "--warmup", "0s", "--idle", "backoff", "--out",
            folder.resolve("run").toString()));
    }

    private JsonNode summary() throws Exception
    {
        return new ObjectMapper().readTree(folder.resolve("run").resolve("summary.json").toFile());
    }

    private void awaitOrders(final int orders) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (venue().received(MsgType.NEW_ORDER_SINGLE).size() < orders)
        {
            assertTrue(fixture.child().isAlive(),
                "sonde run exited:\n" + Files.readString(folder.resolve("killed.log")));
            assertTrue(System.nanoTime() < deadline, "no orders from sonde run:\n" +
                Files.readString(folder.resolve("killed.log")));
            Thread.sleep(50);
        }
    }

    private PersistentVenue venue()
    {
        return fixture.venue();
    }
}
