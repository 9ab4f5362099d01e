package io.sonde.exchange.host;

import io.sonde.exchange.cluster.ClusterNode;
import io.sonde.exchange.cluster.MemberThreads;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.idle.ThreadLayout;

import java.util.ArrayList;
import java.util.List;

/**
 * What runs on each busy thread of the exchange in one process, as the console says it at start.
 */
final class Layouts
{
    private Layouts()
    {
    }

    static ThreadLayout embedded(final MemberThreads memberThreads, final HostIdle mode, final int cores)
    {
        final List<String> gateway = List.of("gateway FIX library and Artio engine", "gateway media driver and archive",
            "cluster client");
        final List<String> infrastructure = List.of("media driver", "archive", "consensus module");
        if (memberThreads == MemberThreads.ONE)
        {
            final List<String> runs = new ArrayList<>(List.of("matching engine"));
            runs.addAll(infrastructure);
            runs.addAll(gateway);
            return new ThreadLayout(List.of(new ThreadLayout.BusyThread(ClusterNode.oneThread(0), runs)),
                mode.describe(), cores);
        }
        final List<String> service = new ArrayList<>(List.of("matching engine"));
        service.addAll(gateway);
        return new ThreadLayout(List.of(new ThreadLayout.BusyThread(ClusterNode.infraThread(0), infrastructure),
            new ThreadLayout.BusyThread(ClusterNode.SERVICE_THREAD, service)), mode.describe(), cores);
    }
}
