package io.sonde.scenarios.doctor;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.sonde.api.RunFailedException;
import io.sonde.scenarios.attach.AttachedJvm;

import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.RuntimeMXBean;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a running JVM's {@link JvmFacts} through its platform MXBeans: attach by pid, start (or find) its
 * local-only JMX agent, as jconsole does, and ask. Public, typed APIs on every JDK since 9, and they give the
 * flags' effective values, ergonomic choices included, not only what the command line said.
 */
public final class JvmFactsReader
{
    private JvmFactsReader()
    {
    }

    public static JvmFacts read(final long pid)
    {
        final String address;
        try (AttachedJvm jvm = AttachedJvm.attach(pid))
        {
            address = jvm.localManagementAddress();
        }
        try (JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(address)))
        {
            return read(pid, connector.getMBeanServerConnection());
        }
        catch (final IOException ex)
        {
            throw new RunFailedException("cannot read the settings of pid " + pid + " over its local JMX agent " +
                address + ": " + ex.getMessage(), ex);
        }
    }

    private static JvmFacts read(final long pid, final MBeanServerConnection connection) throws IOException
    {
        final RuntimeMXBean runtime = ManagementFactory.getPlatformMXBean(connection, RuntimeMXBean.class);
        final MemoryMXBean memory = ManagementFactory.getPlatformMXBean(connection, MemoryMXBean.class);
        final HotSpotDiagnosticMXBean hotSpot =
            ManagementFactory.getPlatformMXBean(connection, HotSpotDiagnosticMXBean.class);
        final List<String> collectors =
            ManagementFactory.getPlatformMXBeans(connection, GarbageCollectorMXBean.class).stream()
                .map(GarbageCollectorMXBean::getName)
                .toList();
        final Map<String, String> flags = new LinkedHashMap<>();
        for (final String name : JvmFacts.FLAGS_READ)
        {
            try
            {
                flags.put(name, hotSpot.getVMOption(name).getValue());
            }
            catch (final IllegalArgumentException absentFromThisVm)
            {
                // Flags come and go between JDK versions; one this VM lacks has nothing to advise on.
            }
        }
        return new JvmFacts(pid, runtime.getVmName() + " " + runtime.getVmVersion(), collectors,
            memory.getHeapMemoryUsage().getUsed(), flags, runtime.getInputArguments());
    }
}
