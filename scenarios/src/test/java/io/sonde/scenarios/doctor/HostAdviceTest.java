package io.sonde.scenarios.doctor;

import io.sonde.loadgen.host.HostFacts;
import io.sonde.scenarios.CliHarness;
import io.sonde.scenarios.doctor.Finding.Level;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostAdviceTest
{
    @Test
    void aJitteryHostGetsAWarningWithAdviceForEachProblem(@TempDir final Path root) throws Exception
    {
        write(root, "proc/cpuinfo", "model name\t: Test CPU\nflags\t\t: fpu tsc hypervisor\n");
        write(root, "proc/cmdline", "quiet splash");
        write(root, "sys/devices/system/cpu/smt/active", "1");
        write(root, "sys/devices/system/cpu/isolated", "");
        write(root, "sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "powersave");
        write(root, "sys/devices/system/clocksource/clocksource0/current_clocksource", "hpet");
        write(root, "sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never");
        write(root, "sys/devices/system/node/online", "0-1");
        write(root, "sys/devices/system/cpu/cpu0/cpuidle/state0/name", "POLL");
        write(root, "sys/devices/system/cpu/cpu0/cpuidle/state1/name", "C1");
        write(root, "sys/devices/system/cpu/cpu0/cpuidle/state2/name", "C6");
        write(root, "proc/4242/comm", "irqbalance");

        final List<Finding> findings = HostAdvice.assess(HostFacts.read(root));

        for (final String fact : List.of("virtual machine", "SMT (hyper-threading)", "isolcpus",
            "CPU frequency governor", "C-states", "clocksource", "transparent huge pages", "irqbalance"))
        {
            final Finding finding = find(findings, fact);
            assertEquals(Level.WARN, finding.level(), finding.toString());
            assertTrue(finding.advice().length() > 20, "says what to do: " + finding);
        }
        assertEquals("POLL,C1,C6", find(findings, "C-states").value());
        assertEquals(Level.INFO, find(findings, "NUMA nodes").level());
        assertEquals("nodes 0-1", find(findings, "NUMA nodes").value());
    }

    @Test
    void aHostOfOneNumaNodeSaysWhichNodeNotHowMany(@TempDir final Path root) throws Exception
    {
        write(root, "sys/devices/system/node/online", "0");

        final Finding numa = find(HostAdvice.assess(HostFacts.read(root)), "NUMA nodes");

        assertEquals("node 0 only", numa.value(), numa.toString());
        assertEquals(Level.OK, numa.level());
    }

    @Test
    void aHostThatShowsNothingIsReportedAsUnknownWithoutFailing(@TempDir final Path emptyRoot)
    {
        final List<Finding> findings = HostAdvice.assess(HostFacts.read(emptyRoot));

        assertEquals("unknown", find(findings, "clocksource").value());
        assertEquals("unknown", find(findings, "C-states").value());
        assertEquals(Level.INFO, find(findings, "CPU frequency governor").level());
    }

    @Test
    void doctorRunsWithoutRootAndCountsItsWarnings()
    {
        final CliHarness cli = CliHarness.run("doctor");

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("clocksource"), cli.out);
        assertTrue(cli.out.contains("warning(s)"), cli.out);
    }

    private static Finding find(final List<Finding> findings, final String fact)
    {
        return findings.stream().filter(f -> f.fact().equals(fact)).findFirst().orElseThrow();
    }

    private static void write(final Path root, final String relative, final String content) throws Exception
    {
        final Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
    }
}
