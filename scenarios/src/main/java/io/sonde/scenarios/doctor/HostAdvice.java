package io.sonde.scenarios.doctor;

import io.sonde.loadgen.host.HostFacts;
import io.sonde.scenarios.doctor.Finding.Level;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the host facts the way a latency engineer would: which ones add jitter to a measurement, and the
 * usual remedy (isolated cores, a fixed frequency, shallow idle states, quiet interrupts, a stable clock).
 */
public final class HostAdvice
{
    private static final String UNKNOWN = "unknown";

    private HostAdvice()
    {
    }

    public static List<Finding> assess(final HostFacts facts)
    {
        final List<Finding> findings = new ArrayList<>();
        findings.add(new Finding(Level.INFO, "CPU", facts.cpuModel(), "the model, for the configuration disclosure"));
        findings.add(cpuCount(facts.cpuCount()));
        findings.add(virtualised(facts.virtualised()));
        findings.add(smt(facts.smtActive()));
        findings.add(isolated(facts.isolatedCpus()));
        findings.add(cpuList("nohz_full", facts.nohzFullCpus(),
            "the scheduler tick still interrupts every CPU; add nohz_full=<latency cores> so they run tickless"));
        findings.add(cpuList("rcu_nocbs", facts.rcuNocbs(),
            "RCU callbacks run on every CPU; add rcu_nocbs=<latency cores> to move them elsewhere"));
        findings.add(governor(facts.governor()));
        findings.add(idleStates(facts.idleStates()));
        findings.add(clocksource(facts.clocksource()));
        findings.add(hugePages(facts.transparentHugePages()));
        findings.add(numa(facts.numaNodes()));
        findings.add(new Finding("yes".equals(facts.irqBalance()) ? Level.WARN : Level.OK, "irqbalance",
            facts.irqBalance(), "yes".equals(facts.irqBalance()) ?
            "irqbalance moves interrupts onto any CPU, isolated ones too; stop it or ban the latency cores " +
                "(IRQBALANCE_BANNED_CPUS) and steer IRQs with /proc/irq/*/smp_affinity" :
            "interrupts stay where they were put"));
        findings.add(new Finding(Level.INFO, "JVM", facts.jvm(), "the runtime, for the configuration disclosure"));
        findings.add(collectors(facts.garbageCollectors()));
        return findings;
    }

    private static Finding cpuCount(final int count)
    {
        return count <= 2 ?
            new Finding(Level.WARN, "CPUs", Integer.toString(count), "with " + count + " CPUs every busy-spinning " +
                "thread competes with the system under test; keep Sonde's backoff defaults, and read results as " +
                "ratios to 'sonde calibrate' from the same session") :
            new Finding(Level.OK, "CPUs", Integer.toString(count), "enough to give busy threads cores of their own");
    }

    private static Finding virtualised(final String virtualised)
    {
        return "yes".equals(virtualised) ?
            new Finding(Level.WARN, "virtual machine", "yes", "the hypervisor can stall vCPUs for milliseconds and " +
                "steal time; expect ms-scale hiccups (the hiccup meter shows them) and use a dedicated or " +
                "bare-metal host for absolute numbers") :
            new Finding(Level.INFO, "virtual machine", virtualised, "no hypervisor flag on the CPU");
    }

    private static Finding smt(final String active)
    {
        if ("1".equals(active))
        {
            return new Finding(Level.WARN, "SMT (hyper-threading)", "on", "sibling threads share one core's " +
                "execution units; boot with nosmt, or isolate both siblings and leave one idle");
        }
        return new Finding("0".equals(active) ? Level.OK : Level.INFO, "SMT (hyper-threading)",
            "0".equals(active) ? "off" : active, "0".equals(active) ? "each CPU is a whole core" :
            "not visible on this host");
    }

    private static Finding isolated(final String cpus)
    {
        if (UNKNOWN.equals(cpus) || "none".equals(cpus))
        {
            return new Finding(Level.WARN, "isolcpus", cpus, "no CPU is isolated, so the scheduler may run anything " +
                "beside a measuring thread; boot with isolcpus=<cores> (with nohz_full and rcu_nocbs) and pin with " +
                "taskset");
        }
        return new Finding(Level.OK, "isolcpus", cpus, "pin busy-spinning threads to these with taskset");
    }

    private static Finding cpuList(final String name, final String cpus, final String advice)
    {
        return UNKNOWN.equals(cpus) || "none".equals(cpus) ?
            new Finding(Level.INFO, name, cpus, advice) :
            new Finding(Level.OK, name, cpus, "set for these CPUs");
    }

    private static Finding governor(final String governor)
    {
        if (UNKNOWN.equals(governor))
        {
            return new Finding(Level.INFO, "CPU frequency governor", governor, "not visible (common in VMs and " +
                "containers): the host controls frequency");
        }
        return "performance".equals(governor) ?
            new Finding(Level.OK, "CPU frequency governor", governor, "a fixed, high frequency") :
            new Finding(Level.WARN, "CPU frequency governor", governor, "frequency changes under load add " +
                "jitter; set the performance governor (cpupower frequency-set -g performance)");
    }

    private static Finding idleStates(final List<String> states)
    {
        if (states.isEmpty())
        {
            return new Finding(Level.INFO, "C-states", UNKNOWN, "idle states not visible (VM or no cpuidle driver)");
        }
        final boolean deep = states.stream().anyMatch(state -> !state.endsWith("(disabled)") &&
            !state.equals("POLL") && !state.equals("C1") && !state.startsWith("C1 ") && !state.equals("C1E"));
        return deep ?
            new Finding(Level.WARN, "C-states", String.join(",", states), "deep idle states take tens of µs to " +
                "wake from; limit them (intel_idle.max_cstate=1, processor.max_cstate=1, or write 1 to " +
                "/sys/devices/system/cpu/cpu*/cpuidle/stateN/disable)") :
            new Finding(Level.OK, "C-states", String.join(",", states), "only shallow idle states are enabled");
    }

    private static Finding clocksource(final String clocksource)
    {
        return "tsc".equals(clocksource) ?
            new Finding(Level.OK, "clocksource", clocksource, "System.nanoTime is a cheap TSC read") :
            new Finding(UNKNOWN.equals(clocksource) ? Level.INFO : Level.WARN, "clocksource", clocksource,
                "System.nanoTime costs a slow clock read (or cannot be checked); tsc is what timing needs " +
                "(clocksource=tsc tsc=reliable when the TSC is invariant)");
    }

    private static Finding hugePages(final String mode)
    {
        return mode.contains("[always]") ?
            new Finding(Level.WARN, "transparent huge pages", mode, "'always' lets khugepaged compact memory under " +
                "a running process (stalls); use madvise or never") :
            new Finding(UNKNOWN.equals(mode) ? Level.INFO : Level.OK, "transparent huge pages", mode,
                UNKNOWN.equals(mode) ? "not visible" : "no background compaction surprises");
    }

    /**
     * @param nodes the kernel's list of the nodes online, e.g. {@code 0} (one node, numbered 0) or {@code 0-1}.
     */
    private static Finding numa(final String nodes)
    {
        if (UNKNOWN.equals(nodes))
        {
            return new Finding(Level.INFO, "NUMA nodes", nodes, "not visible");
        }
        return nodes.contains("-") || nodes.contains(",") ?
            new Finding(Level.INFO, "NUMA nodes", "nodes " + nodes, "keep Sonde, the system under test and their " +
                "memory on one node (numactl --cpunodebind --membind) or cross-node traffic shows in the tail") :
            new Finding(Level.OK, "NUMA nodes", "node " + nodes + " only", "no cross-node memory traffic");
    }

    private static Finding collectors(final List<String> collectors)
    {
        final String names = String.join(", ", collectors);
        final boolean concurrent = names.contains("ZGC") || names.contains("Shenandoah") || names.contains("Epsilon");
        return new Finding(concurrent ? Level.OK : Level.INFO, "garbage collector", names, concurrent ?
            "pauses are short and independent of the heap size" :
            "stop-the-world pauses show as hiccups; Sonde allocates nothing when it runs, so they are rare, but " +
                "-XX:+UseZGC and -XX:+AlwaysPreTouch with a fixed heap keep them out of the tail");
    }
}
