package io.sonde.agent;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HiccupRecordingTest
{
    @Test
    @Timeout(30)
    void writesAJHiccupStyleLogOfTaggedIntervalsUntilClosed(@TempDir final Path out) throws Exception
    {
        final long before = System.currentTimeMillis();
        final AgentOptions options = AgentOptions.of(out.resolve("new-folder"), TimeUnit.MILLISECONDS.toNanos(1),
            TimeUnit.MILLISECONDS.toNanos(200), "exchange-member-1", ProcessHandle.current().pid());

        final HiccupRecording recording = HiccupRecording.start(options);
        Thread.sleep(700);
        recording.close();
        recording.close();
        final long after = System.currentTimeMillis();

        final String text = Files.readString(options.logFile());
        assertTrue(text.contains("#[Component: exchange-member-1]"), text);
        assertTrue(text.contains("#[BaseTime: "), text);
        final HiccupLogContents log = HiccupLogContents.read(options.logFile());
        assertTrue(log.startTimeSec() * 1000 >= before - 1, "start time " + log.startTimeSec());
        assertTrue(log.intervals().size() >= 3, "an interval each 200 ms, the last on close: " + log.intervals());
        for (final Histogram interval : log.intervals())
        {
            assertEquals(HiccupRecording.TAG, interval.getTag());
            assertTrue(interval.getStartTimeStamp() >= before - 1 && interval.getEndTimeStamp() <= after + 1,
                "HdrHistogram's own reader places each interval in the recording's wall-clock time, " + before +
                " to " + after + " ms: " + interval.getStartTimeStamp() + " to " + interval.getEndTimeStamp());
        }
        assertTrue(log.totalCount() > 100, "about one sample a ms for 700 ms: " + log.totalCount());
    }
}
