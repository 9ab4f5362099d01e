package io.sonde.inprocess.run;

import io.sonde.api.Target;
import io.sonde.fix.engine.InvokedDuty;
import io.sonde.inprocess.fault.ExchangeFaults;

import java.net.InetSocketAddress;
import java.util.Map;

/**
 * The bundled exchange as a run starts it: one member in this process ({@link EmbeddedTarget}) or three member
 * processes with the gateway in this process ({@link ThreeMemberTarget}). Stopped on close, on every path.
 */
interface ExchangeTarget extends AutoCloseable
{
    Target target();

    /**
     * @return where the exchange serves snapshots of its feed's book.
     */
    InetSocketAddress feedSnapshot();

    /**
     * @return the thread that runs a member's driver, archive and consensus module in this process, for the
     *         client to join; null when no member runs here.
     */
    InvokedDuty infraDuty();

    /**
     * The matching engine's own counts (orders accepted, trades, open orders) read through the cluster log, and
     * the reports the gateway could not deliver.
     */
    Map<String, Long> counts();

    /**
     * @return what applies faults to the exchange, or says why it cannot.
     */
    ExchangeFaults faults();

    void close();
}
