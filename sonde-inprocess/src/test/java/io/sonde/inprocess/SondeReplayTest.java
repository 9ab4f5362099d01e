package io.sonde.inprocess;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.FixLoad;
import io.sonde.api.InvalidOptionException;
import io.sonde.api.Option;
import io.sonde.api.ReplaySpec;
import io.sonde.api.RunOptions;
import io.sonde.api.RunReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A recorded log replayed in this process hands back a run's result, every recorded order a request of its own, and
 * takes {@link RunOptions} as a run does (here the folder callback and the JUnit report); the options that generate
 * a load are not a replay's, and a log that cannot be replayed is refused before anything connects.
 */
@Timeout(120)
class SondeReplayTest
{
    private static final int ORDERS = 40;

    @Test
    void aReplayReturnsARunReportWithEveryRecordedOrderSentAndAnswered(@TempDir final Path dir) throws Exception
    {
        final List<String> lines = new ArrayList<>();
        for (int i = 0; i < ORDERS; i++)
        {
            lines.add(String.format(Locale.ROOT, "20261123-12:00:00.%03d: 8=FIX.4.4|35=D|49=T%d|11=R%d|55=SYM|54=1|" +
                "38=10|40=2|44=100.00|59=0|", i * 10, i % 2, i));
        }
        final Path log = Files.write(dir.resolve("orders.log"), lines);
        final StringWriter console = new StringWriter();
        final Path out = dir.resolve("replay");
        final Path junit = dir.resolve("junit.xml");
        final List<Path> folders = new ArrayList<>();

        final RunReport report;
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null))
        {
            report = Sonde.replay(ReplaySpec.builder()
                .log(log)
                .speed(2)
                .target("127.0.0.1", acceptor.port())
                .sessions(2)
                .out(out)
                .build(), RunOptions.builder()
                .console(new PrintWriter(console))
                .onOutputFolder(folders::add)
                .junitReport(junit)
                .build());
        }

        assertEquals("replay", report.kind());
        assertEquals(ORDERS, report.outcomes().sent(), console.toString());
        assertEquals(ORDERS, report.outcomes().acknowledged(), report.outcomes().toString());
        assertEquals(ORDERS, report.stage("new-ack").corrected().count());
        assertEquals(0.39 / 2, report.measuredSeconds(), 1e-6, "the recorded span at twice its pace");
        assertTrue(console.toString().contains("[replay] read 40 lines of " + log), console.toString());
        assertEquals(List.of(out), folders, "told of the folder once");
        final String xml = Files.readString(junit);
        assertTrue(xml.contains("<testsuite name=\"sonde replay\" tests=\"" + report.checks().size() + "\""), xml);
    }

    @Test
    void theOptionsThatGenerateALoadAreNotAReplays()
    {
        for (final Option<?> option : ReplaySpec.NOT_FOR_REPLAY)
        {
            assertFalse(ReplaySpec.OPTIONS.contains(option), option + " is not offered");
        }
        assertTrue(ReplaySpec.OPTIONS.containsAll(List.of(ReplaySpec.LOG, ReplaySpec.SPEED, FixLoad.SESSIONS)));
        final String given = assertThrows(InvalidOptionException.class,
            () -> ReplaySpec.builder().log(Path.of("x.log")).embedded(true).build()).getMessage();
        assertTrue(given.startsWith("--embedded is not an option of sonde replay"), given);
        final String noLog = assertThrows(InvalidOptionException.class, () -> ReplaySpec.builder().build())
            .getMessage();
        assertTrue(noLog.startsWith("--log is required"), noLog);
        final String speed = assertThrows(InvalidOptionException.class,
            () -> ReplaySpec.builder().log(Path.of("x.log")).speed(0).build()).getMessage();
        assertTrue(speed.contains("--speed must be a positive number"), speed);
    }

    @Test
    void aLogThatCannotBeReadIsRefusedNamingItsLine(@TempDir final Path dir) throws Exception
    {
        final Path log = Files.write(dir.resolve("bad.log"),
            List.of("20261123-12:00:00.001: 8=FIX.4.4|35=D|49=T1|11=B|54=1|38=1|44=1|"));

        final String refused = assertThrows(InvalidOptionException.class, () -> Sonde.replay(ReplaySpec.builder()
            .log(log).target("127.0.0.1", 1).out(dir.resolve("never")).build(), new PrintWriter(new StringWriter())))
            .getMessage();

        assertTrue(refused.contains("bad.log line 1: NewOrderSingle (D) has no Symbol (55)"), refused);
        assertFalse(Files.exists(dir.resolve("never")), "nothing written");
    }
}
