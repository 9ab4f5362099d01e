package io.sonde.scenarios.doctor;

import io.sonde.scenarios.doctor.Finding.Level;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JvmAdviceTest
{
    private static final String GIGABYTES_16 = Long.toString(16L << 30);
    private static final String MEGABYTES_512 = Long.toString(512L << 20);

    @Test
    void aJvmLeftAtItsDefaultsIsWarnedAboutEachSettingThatLengthensPauses()
    {
        final JvmFacts jvm = jvm(List.of("G1 Young Generation", "G1 Old Generation"), Map.of(
            "InitialHeapSize", MEGABYTES_512, "MaxHeapSize", GIGABYTES_16, "AlwaysPreTouch", "false",
            "UseLargePages", "false", "UseTransparentHugePages", "false", "MaxGCPauseMillis", "200",
            "UseBiasedLocking", "true", "PerfDisableSharedMem", "false"), List.of("-Xmx16g"));

        final List<Finding> findings = JvmAdvice.assess(jvm);

        for (final String fact : List.of("garbage collector", "heap size", "AlwaysPreTouch", "biased locking"))
        {
            final Finding finding = find(findings, fact);
            assertEquals(Level.WARN, finding.level(), finding.toString());
            assertTrue(finding.advice().contains("-XX:") || finding.advice().contains("-Xms"), finding.toString());
        }
        assertEquals("G1 Young Generation, G1 Old Generation, pause target 200 ms",
            find(findings, "garbage collector").value());
        assertEquals("initial 512 MB, max 16384 MB, in use 100 MB", find(findings, "heap size").value());
        assertEquals(Level.INFO, find(findings, "large pages").level());
        assertEquals(Level.INFO, find(findings, "perf data file").level());
        assertEquals(Level.INFO, find(findings, "GC and safepoint log").level());
    }

    @Test
    void aJvmSetUpForLowLatencyGetsNoWarning()
    {
        final JvmFacts jvm = jvm(List.of("ZGC Cycles", "ZGC Pauses"), Map.of(
            "InitialHeapSize", GIGABYTES_16, "MaxHeapSize", GIGABYTES_16, "AlwaysPreTouch", "true",
            "UseLargePages", "false", "UseTransparentHugePages", "true", "PerfDisableSharedMem", "true"),
            List.of("-XX:+UseZGC", "-Xlog:gc*,safepoint:file=gc.log"));

        final List<Finding> findings = JvmAdvice.assess(jvm);

        assertTrue(findings.stream().noneMatch(finding -> finding.level() == Level.WARN), findings.toString());
        assertEquals("-Xlog:gc*,safepoint:file=gc.log", find(findings, "GC and safepoint log").value());
        assertEquals("UseTransparentHugePages", find(findings, "large pages").value());
        assertTrue(findings.stream().noneMatch(finding -> finding.fact().equals("perf data file")));
    }

    @Test
    void g1OnASmallHeapOrWithAShortPauseTargetIsWorthKnowingNotAWarning()
    {
        final Map<String, String> smallHeap = Map.of("MaxHeapSize", MEGABYTES_512, "MaxGCPauseMillis", "200");
        final Map<String, String> shortTarget = Map.of("MaxHeapSize", GIGABYTES_16, "MaxGCPauseMillis", "5");

        assertEquals(Level.INFO, find(JvmAdvice.assess(jvm(List.of("G1 Young Generation"), smallHeap, List.of())),
            "garbage collector").level());
        assertEquals(Level.INFO, find(JvmAdvice.assess(jvm(List.of("G1 Young Generation"), shortTarget, List.of())),
            "garbage collector").level());
    }

    @Test
    void aStopTheWorldCollectorIsAWarning()
    {
        final Finding serial = find(JvmAdvice.assess(jvm(List.of("Copy", "MarkSweepCompact"), Map.of(), List.of())),
            "garbage collector");
        final Finding parallel = find(JvmAdvice.assess(
            jvm(List.of("PS Scavenge", "PS MarkSweep"), Map.of(), List.of())), "garbage collector");

        assertEquals(Level.WARN, serial.level());
        assertEquals(Level.WARN, parallel.level());
    }

    private static JvmFacts jvm(
        final List<String> collectors, final Map<String, String> flags, final List<String> arguments)
    {
        return new JvmFacts(4242, "OpenJDK 64-Bit Server VM 17.0.15", collectors, 100L << 20, flags, arguments);
    }

    private static Finding find(final List<Finding> findings, final String fact)
    {
        return findings.stream().filter(f -> f.fact().equals(fact)).findFirst().orElseThrow();
    }
}
