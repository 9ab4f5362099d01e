package io.sonde.agent;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentOptionsTest
{
    private static final long PID = 4242;

    @Test
    void onlyTheOutputFolderIsRequiredAndTheRestHasDefaults()
    {
        final AgentOptions options = AgentOptions.parse("out=/var/log/hiccups", PID);

        assertEquals(Path.of("/var/log/hiccups"), options.out());
        assertEquals(TimeUnit.MILLISECONDS.toNanos(1), options.resolutionNanos());
        assertEquals(TimeUnit.SECONDS.toNanos(1), options.intervalNanos());
        assertEquals("jvm-4242", options.name());
        assertEquals(Path.of("/var/log/hiccups/jvm-4242.hiccup.hlog"), options.logFile());
    }

    @Test
    void everyOptionIsReadWithItsUnit()
    {
        final AgentOptions options = AgentOptions.parse(
            "out=/tmp/h,resolution=250us,interval=5s,name=exchange-member-1", PID);

        assertEquals(TimeUnit.MICROSECONDS.toNanos(250), options.resolutionNanos());
        assertEquals(TimeUnit.SECONDS.toNanos(5), options.intervalNanos());
        assertEquals(Path.of("/tmp/h/exchange-member-1.hiccup.hlog"), options.logFile());
    }

    @Test
    void aRelativeFolderIsMadeAbsoluteSoAnotherJvmWritesWhereTheUserMeant()
    {
        final AgentOptions options = AgentOptions.parse("out=results", PID);

        assertEquals(Path.of("results").toAbsolutePath(), options.out());
    }

    @Test
    void theArgumentReadsBackAsTheSameOptions()
    {
        final AgentOptions options = AgentOptions.of(Path.of("/tmp/h"), 500_000, 2_000_000_000L, null, PID);

        final AgentOptions readBack = AgentOptions.parse(options.argument(), PID);

        assertEquals(options.argument(), readBack.argument());
        assertEquals(500_000, readBack.resolutionNanos());
        assertEquals("jvm-4242", readBack.name());
    }

    @Test
    void eachMistakeIsReportedNamingTheOption()
    {
        assertMessageNames("out=DIR", null);
        assertMessageNames("out=DIR", "resolution=1ms");
        assertMessageNames("resolution=fast", "out=/tmp,resolution=fast");
        assertMessageNames("interval=1 s", "out=/tmp,interval=1 s");
        assertMessageNames("interval", "out=/tmp,resolution=10ms,interval=1ms");
        assertMessageNames("resolution", "out=/tmp,resolution=0ms");
        assertMessageNames("name=../etc", "out=/tmp,name=../etc");
        assertMessageNames("unknown option 'outdir'", "outdir=/tmp");
        assertMessageNames("option out needs a value", "out=");
    }

    private static void assertMessageNames(final String expected, final String argument)
    {
        final IllegalArgumentException error =
            assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(argument, PID));
        assertTrue(error.getMessage().contains(expected), error.getMessage());
    }
}
