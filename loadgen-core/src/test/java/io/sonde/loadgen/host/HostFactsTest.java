package io.sonde.loadgen.host;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class HostFactsTest
{
    @Test
    void readsTheJitterRelevantFactsFromProcAndSys(@TempDir final Path root) throws IOException
    {
        write(root, "proc/cpuinfo", "processor\t: 0\nmodel name\t: Test CPU @ 3.0GHz\n");
        write(root, "proc/sys/kernel/osrelease", "6.1.0-test\n");
        write(root, "proc/cmdline", "BOOT_IMAGE=/vmlinuz isolcpus=2,3 nohz_full=2,3\n");
        write(root, "sys/devices/system/cpu/isolated", "2-3\n");
        write(root, "sys/devices/system/cpu/nohz_full", "\n");
        write(root, "sys/devices/system/cpu/smt/active", "0\n");
        write(root, "sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "performance\n");
        write(root, "sys/devices/system/clocksource/clocksource0/current_clocksource", "tsc\n");
        write(root, "sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");

        final HostFacts facts = HostFacts.read(root);

        assertEquals("Test CPU @ 3.0GHz", facts.cpuModel());
        assertEquals("6.1.0-test", facts.kernel());
        assertEquals("BOOT_IMAGE=/vmlinuz isolcpus=2,3 nohz_full=2,3", facts.kernelCmdline());
        assertEquals("2-3", facts.isolatedCpus());
        assertEquals("none", facts.nohzFullCpus());
        assertEquals("0", facts.smtActive());
        assertEquals("performance", facts.governor());
        assertEquals("tsc", facts.clocksource());
        assertEquals("always [madvise] never", facts.transparentHugePages());
        assertFalse(facts.garbageCollectors().isEmpty());
    }

    @Test
    void missingFilesReadAsUnknownInsteadOfFailing(@TempDir final Path emptyRoot)
    {
        final HostFacts facts = HostFacts.read(emptyRoot);

        assertEquals(HostFacts.UNKNOWN, facts.cpuModel());
        assertEquals(HostFacts.UNKNOWN, facts.clocksource());
        assertEquals(HostFacts.UNKNOWN, facts.governor());
        assertEquals(HostFacts.UNKNOWN, facts.isolatedCpus());
    }

    private static void write(final Path root, final String relative, final String content) throws IOException
    {
        final Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
