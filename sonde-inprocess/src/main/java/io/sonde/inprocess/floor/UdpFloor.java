package io.sonde.inprocess.floor;

import io.sonde.inprocess.run.ProgressConsole;
import io.sonde.api.FloorReport;
import io.sonde.inprocess.run.ProgressPrinter;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.loadgen.runner.LoadRun;
import io.sonde.loadgen.runner.RunConfig;
import io.sonde.api.RunFailedException;
import io.sonde.loadgen.runner.RunResult;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The host's one-way UDP floor: datagrams the size of a small feed packet sent over loopback at a constant rate,
 * open loop, latency from each datagram's intended send time (and, uncorrected, from its actual send) to the
 * moment the receiver read it. It is what a market data feed costs on this host before any feed handler, as the
 * TCP echo is what an order's round trip costs.
 * <p>
 * Two busy threads while it runs: the load thread, which sends, and the receiver's. Every rate gets a fresh pair
 * of sockets, so no datagram of one rate is read in the next.
 */
final class UdpFloor
{
    static final String LOG_PREFIX = "udp-floor-";

    /**
     * @param result the step's run, for what is summed over every rate (its hiccups).
     * @param entry  the step's floor, as the report records it.
     */
    record Step(RunResult result, FloorReport.OneWay entry)
    {
    }

    private final HostIdle idle;
    private final RunTiming timing;

    /**
     * @param idle   how the load thread and the receiver wait for work.
     * @param timing warm-up, measurement and timeouts of every rate; a datagram not read within the timeout
     *               counts as timed out.
     */
    UdpFloor(final HostIdle idle, final RunTiming timing)
    {
        this.idle = idle;
        this.timing = timing;
    }

    /**
     * @return what this floor measures, for the summary and the table's title.
     */
    static String describe(final HostIdle idle)
    {
        return "one-way loopback UDP, " + UdpFloorLayout.DATAGRAM_BYTES + "-byte datagrams, sender and receiver " +
            "on their own threads, " + idle.describe() + " polling";
    }

    /**
     * Run one rate; the interval log is {@code udp-floor-<rate>.hlog}.
     *
     * @throws RunFailedException when the receiver failed.
     */
    Step measure(final ProgressConsole console, final Path folder, final double rate)
    {
        final String label = String.format(Locale.ROOT, "[udp %7.0f/s]", rate);
        final RunConfig config = new RunConfig(new ConstantRateSchedule(rate), timing)
            .idleStrategy(idle.newStrategy())
            .outputDir(folder)
            .logName(String.format(Locale.ROOT, LOG_PREFIX + "%.0f", rate))
            .listener(new ProgressPrinter(console, label, rate));
        final LoadRun run = new LoadRun(config);
        final AtomicReference<Throwable> receiverFailure = new AtomicReference<>();

        final OneToOneRingBuffer receipts = UdpFloorLayout.newReceiptRing();
        try (UdpFloorReceiver receiver = new UdpFloorReceiver(receipts);
            UdpFloorSender sender = new UdpFloorSender(receiver.address(), receipts))
        {
            receiver.acceptOnlyFrom(sender.address());
            final RunResult result;
            try (AgentRunner receiving = new AgentRunner(idle.newStrategy(), failure ->
            {
                receiverFailure.compareAndSet(null, failure);
                run.requestStop();
            }, null, receiver))
            {
                AgentRunner.startOnThread(receiving);
                result = run.execute(sender);
            }
            if (receiverFailure.get() != null)
            {
                throw new RunFailedException("UDP floor at " + rate + "/s: the receiver failed: " +
                    receiverFailure.get().getMessage(), receiverFailure.get());
            }
            final FloorReport.OneWay entry =
                FloorSteps.oneWay(result, receiver.lost(sender.sent()), receiver.outOfOrder());
            console.printf(Locale.ROOT, "%s %d datagrams sent, %d lost, %d out of order (warm-up included)%n",
                label, sender.sent(), entry.lost(), entry.outOfOrder());
            return new Step(result, entry);
        }
    }
}
