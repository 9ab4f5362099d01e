package io.sonde.scenarios.doctor;

import io.sonde.api.DoctorSpec;
import io.sonde.api.Option;
import io.sonde.loadgen.host.HostFacts;
import io.sonde.scenarios.cli.SpecOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code sonde doctor}: what on this host affects latency jitter, with advice. The same facts go into every
 * result's metadata.
 */
@Command(
    name = DoctorSpec.COMMAND,
    description = {
        "Explain what on this host affects latency jitter: CPU count and SMT, isolated/tickless/RCU-offloaded " +
            "CPUs, frequency governor and idle states, clocksource, transparent huge pages, NUMA, irqbalance, " +
            "virtualisation, the JVM and its garbage collector. Warns with advice; needs no root and reports " +
            "what it cannot see as unknown. Every run and sweep records the same facts in its metadata.",
        "With --pid, also what a running JVM of this user (e.g. the system under test) shows of its collector, " +
            "heap and flags, read by attaching to it and starting its local-only JMX agent, as jconsole does."
    },
    mixinStandardHelpOptions = true,
    modelTransformer = SpecOptions.class)
public final class DoctorCommand implements Callable<Integer>, SpecOptions.Taker
{
    @Spec
    private CommandSpec spec;

    public Integer call()
    {
        final Long pid = SpecOptions.applyTo(DoctorSpec.builder(), spec).build().pid().orElse(null);
        final PrintWriter out = spec.commandLine().getOut();
        final List<Finding> findings = new ArrayList<>(HostAdvice.assess(HostFacts.read()));
        if (pid != null)
        {
            findings.addAll(JvmAdvice.assess(JvmFactsReader.read(pid)));
        }
        for (final Finding finding : findings)
        {
            out.printf(Locale.ROOT, "%-5s %-24s %s%n      %s%n", finding.level(), finding.fact(), finding.value(),
                finding.advice());
        }
        final long warnings = findings.stream().filter(f -> f.level() == Finding.Level.WARN).count();
        final String assessed = pid == null ? "This host is" : "This host and pid " + pid + " are";
        out.printf(Locale.ROOT, "%n%d warning(s). %s%n", warnings, warnings == 0 ?
            assessed + " set up for latency measurements." :
            "Results from this host are best read as ratios to 'sonde calibrate' run in the same session.");
        return 0;
    }

    public List<Option<?>> specOptions()
    {
        return DoctorSpec.OPTIONS;
    }
}
