package io.sonde.fix.client;

import io.sonde.acceptor.ReferenceAcceptor;
import io.sonde.api.FixVersion;
import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.FixOrderTransport;
import io.sonde.fix.client.order.FlowChooser;
import io.sonde.fix.client.order.OrderFlow;
import io.sonde.fix.client.order.OrderParameters;
import io.sonde.fix.client.profile.ExtraFields;
import io.sonde.fix.client.profile.OrderMessageType;
import io.sonde.fix.client.profile.VenueProfile;
import io.sonde.fix.client.profile.VenueProfileReader;
import io.sonde.fix.client.order.RecordedFlow;
import io.sonde.fix.client.order.ReplayTransport;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.SessionSettings;
import io.sonde.fix.client.session.SubIds;
import io.sonde.loadgen.record.PhasedSeries;
import io.sonde.loadgen.runner.LoadAgent;
import io.sonde.loadgen.runner.RunCounters;
import io.sonde.loadgen.runner.RunTiming;
import io.sonde.loadgen.schedule.ConstantRateSchedule;
import io.sonde.loadgen.schedule.RecordedSchedule;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.SystemEpochClock;
import org.agrona.concurrent.SystemNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one thread that owns the client's FIX path (the load agent, the library poll, encoding and decoding, and
 * the Artio engine, media driver and archive it invokes) allocates nothing per order once warm: over a hundred
 * thousand NewOrderSingle &rarr; ExecutionReport round trips, no more than the media driver's housekeeping.
 * <p>
 * Two allowances, both measured: the first execution of a code path (or its re-execution after a
 * deoptimisation) can allocate a few hundred bytes inside the VM once, so the test measures consecutive windows
 * and needs one to pass; and the Aeron media driver and archive, invoked on this thread, allocate a little on
 * their own timers, not per message (256 bytes per 4 s window at 25k round trips/s, attributed to the
 * driver-and-archive invoker alone by per-component counting). A window may therefore hold
 * {@link #TIMER_BYTES_PER_SECOND} per second of its length and nothing more: one 16-byte object per thousand
 * orders would already be ten times that.
 * <p>
 * The same holds for a replay of recorded orders, replaces and cancels, with a rich venue profile (extra fields
 * from every kind of value source and a repeating group on every NewOrderSingle), and for the book flow's passive
 * and aggressive orders and cancels of resting ones.
 */
class FixClientAllocationTest
{
    private static final int CAPACITY = 1 << 14;
    private static final int RATE = 25_000;
    private static final long WARMUP_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** Heartbeats flow during the warm-up too, so Artio's lazily built heartbeat path is warm before measuring. */
    private static final int HEARTBEAT_SECONDS = 1;
    private static final long MEASURE_NANOS = TimeUnit.SECONDS.toNanos(14);
    private static final long WINDOW_ROUND_TRIPS = 100_000;
    /**
     * The first measured requests take code paths the warm-up never did (the phase switch); the JVM's first
     * run of a path resolves constants and may allocate once. Steady state starts after them.
     */
    private static final long SETTLING_REQUESTS = 10_000;
    private static final long TIMER_BYTES_PER_SECOND = 128;
    private static final String RICH_PROFILE = """
        seed: 11
        messages:
          NewOrderSingle:
            - {field: HandlInst, value: 1}
            - {field: ExDestination, cycle: [XNYS, ARCX, BATS]}
            - {field: SecurityID, choice: ["1000123", "1000124"]}
            - {field: SecurityIDSource, value: 8}
            - {tag: 5001, perSession: "TRADER%d"}
            - {field: SecondaryClOrdID, counter: 1}
            - group: NoPartyIDs
              entries:
                - - {field: PartyID, value: FIRM1}
                  - {field: PartyIDSource, value: D}
                  - {field: PartyRole, value: 1}
                - - {field: PartyID, range: {min: 100000, max: 999999}}
                  - {field: PartyIDSource, value: D}
                  - {field: PartyRole, value: 3}
        """;

    @Test
    @Timeout(120)
    void aReplayOfRecordedOrdersReplacesAndCancelsAllocatesNothingPerMessageOnTheThreadThatOwnsThePath(
        @TempDir final Path dir) throws InterruptedException
    {
        final RecordedFlow flow = recordedTriples(RATE * (int)TimeUnit.NANOSECONDS.toSeconds(
            WARMUP_NANOS + MEASURE_NANOS));
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null);
            FixClient<ReplayTransport> client = FixClient.start(dir.resolve("engine"), settings(acceptor),
                sessions -> new ReplayTransport(SystemNanoClock.INSTANCE, SystemEpochClock.INSTANCE, sessions,
                    new ClOrdIdCodec(), flow, null, 0, CAPACITY), TimeUnit.SECONDS.toNanos(20), null))
        {
            final ReplayTransport transport = client.transport();
            final RecordedSchedule schedule = new RecordedSchedule(flow.offsetsNanos(), 1);
            final PhasedSeries series = new PhasedSeries("");
            final RunCounters counters = new RunCounters();
            final LoadAgent agent = new LoadAgent(SystemNanoClock.INSTANCE, schedule, transport,
                new RunTiming(WARMUP_NANOS, schedule.durationNanos() - WARMUP_NANOS, TimeUnit.SECONDS.toNanos(5),
                TimeUnit.SECONDS.toNanos(5)), CAPACITY, 256, series.warmup(), series.measured(), counters);

            final WindowedAllocation measured = measure(client, agent, counters, transport.stages());

            assertEquals(counters.measurement().sent(), counters.measurement().acknowledged());
            assertTrue(measured.passed, "bytes allocated per window of " + WINDOW_ROUND_TRIPS + " round trips: " +
                measured.windows);
        }
    }

    @ParameterizedTest(name = "with a rich venue profile: {0}")
    @ValueSource(booleans = {false, true})
    @Timeout(120)
    void aHundredThousandRoundTripsAfterWarmUpAllocateNothingPerOrderOnTheThreadThatOwnsThePath(
        final boolean richProfile, @TempDir final Path dir) throws InterruptedException
    {
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null);
            FixClient<FixOrderTransport> client = FixClient.start(dir.resolve("engine"), settings(acceptor),
                OrderParameters.defaults(List.of("SONDE.A", "SONDE.B"), 1), FlowChooser.only(OrderFlow.NEW),
                new ClOrdIdCodec(), CAPACITY, TimeUnit.SECONDS.toNanos(20)))
        {
            // The sweep for unanswered orders runs on every poll, as in a run; it never finds one here.
            final FixOrderTransport transport = client.transport().resolveUnansweredAfter(TimeUnit.SECONDS.toNanos(5));
            if (richProfile)
            {
                final VenueProfile profile = new VenueProfileReader().read("rich profile", RICH_PROFILE);
                transport.withExtraFields(profile.extraFields(OrderMessageType.NEW_ORDER_SINGLE, 2, 1),
                    ExtraFields.none(), ExtraFields.none());
            }
            final PhasedSeries series = new PhasedSeries("");
            final RunCounters counters = new RunCounters();
            final LoadAgent agent = new LoadAgent(SystemNanoClock.INSTANCE, new ConstantRateSchedule(RATE), transport,
                new RunTiming(WARMUP_NANOS, MEASURE_NANOS, TimeUnit.SECONDS.toNanos(5), TimeUnit.SECONDS.toNanos(5)),
                CAPACITY, 256, series.warmup(), series.measured(), counters);

            final WindowedAllocation measured = measure(client, agent, counters, transport.stages());

            assertEquals(counters.measurement().sent(), counters.measurement().acknowledged());
            // A NewOrderSingle is about 175 bytes, the rich profile's fields about 95 more: the fields were sent.
            final long averageOrderBytes = acceptor.orderBytesReceived() / acceptor.ordersReceived();
            assertEquals(richProfile, averageOrderBytes >= 240, "average order size " + averageOrderBytes);
            assertTrue(measured.passed, "bytes allocated per window of " + WINDOW_ROUND_TRIPS + " round trips: " +
                measured.windows);
        }
    }

    @Test
    @Timeout(120)
    void theBookFlowsPassiveAggressiveAndCancelActionsAllocateNothingPerActionOnTheThreadThatOwnsThePath(
        @TempDir final Path dir) throws InterruptedException
    {
        try (ReferenceAcceptor acceptor = new ReferenceAcceptor(null);
            FixClient<FixOrderTransport> client = FixClient.start(dir.resolve("engine"), settings(acceptor),
                OrderParameters.defaults(List.of("SONDE.A", "SONDE.B", "SONDE.C", "SONDE.D"), 1),
                FlowChooser.only(OrderFlow.BOOK), new ClOrdIdCodec(), CAPACITY, TimeUnit.SECONDS.toNanos(20)))
        {
            final FixOrderTransport transport = client.transport().resolveUnansweredAfter(TimeUnit.SECONDS.toNanos(5));
            final PhasedSeries series = new PhasedSeries("");
            final RunCounters counters = new RunCounters();
            final LoadAgent agent = new LoadAgent(SystemNanoClock.INSTANCE, new ConstantRateSchedule(RATE), transport,
                new RunTiming(WARMUP_NANOS, MEASURE_NANOS, TimeUnit.SECONDS.toNanos(5), TimeUnit.SECONDS.toNanos(5)),
                CAPACITY, 256, series.warmup(), series.measured(), counters);

            final WindowedAllocation measured = measure(client, agent, counters, transport.stages());

            assertEquals(counters.measurement().sent(), counters.measurement().acknowledged());
            assertTrue(transport.bookTally().cancelsSent() > counters.measurement().sent() / 3,
                "cancels of resting orders were among the actions: " + transport.bookTally().cancelsSent());
            assertTrue(transport.bookTally().trades() > 0, "aggressive orders traded");
            assertTrue(measured.passed, "bytes allocated per window of " + WINDOW_ROUND_TRIPS + " round trips: " +
                measured.windows);
        }
    }

    private static SessionSettings settings(final ReferenceAcceptor acceptor)
    {
        return new SessionSettings("127.0.0.1", acceptor.port(), 2, "SONDE%d", ReferenceAcceptor.ACCEPTOR_COMP_ID,
            Credentials.NONE, HEARTBEAT_SECONDS, false, 0, FixVersion.FIX_4_4, SubIds.NONE, null);
    }

    /**
     * Run the agent on the client's own thread until it finishes, counting that thread's allocation.
     */
    private static WindowedAllocation measure(
        final FixClient<?> client, final LoadAgent agent, final RunCounters counters, final List<PhasedSeries> stages)
        throws InterruptedException
    {
        final long start = System.nanoTime();
        agent.begin(start);
        stages.forEach(stage -> stage.begin(start + WARMUP_NANOS));
        final WindowedAllocation measured = new WindowedAllocation(agent, counters);
        client.loadThread().attach(measured, new BackoffIdleStrategy());
        try
        {
            while (!agent.isFinished())
            {
                Thread.sleep(10);
            }
        }
        finally
        {
            client.loadThread().detach(measured);
        }
        return measured;
    }

    /**
     * A recorded flow at {@link #RATE} messages a second: orders, each replaced a message later and the replaced
     * order cancelled a message after that, from two senders.
     */
    private static RecordedFlow recordedTriples(final int messages)
    {
        final long gapNanos = TimeUnit.SECONDS.toNanos(1) / RATE;
        final char[] symbol = "SONDE.A".toCharArray();
        final long[] offsets = new long[messages];
        final byte[] stages = new byte[messages];
        final int[] senders = new int[messages];
        final int[] refersTo = new int[messages];
        final char[][] symbols = new char[messages][];
        final char[] sides = new char[messages];
        final long[] quantities = new long[messages];
        final long[] prices = new long[messages];
        for (int i = 0; i < messages; i++)
        {
            final int step = i % 3;
            offsets[i] = i * gapNanos;
            stages[i] = (byte)(step == 0 ? ClOrdIdCodec.NEW_STAGE :
                step == 1 ? ClOrdIdCodec.REPLACE_STAGE : ClOrdIdCodec.CANCEL_STAGE);
            senders[i] = (i / 3) % 2;
            refersTo[i] = step == 0 ? -1 : i - 1;
            symbols[i] = symbol;
            sides[i] = '1';
            quantities[i] = step == 0 ? 10 : 11;
            prices[i] = 10_000;
        }
        return new RecordedFlow(offsets, stages, senders, refersTo, symbols, sides, quantities, prices,
            new boolean[messages], List.of("T1", "T2"), messages, Map.of(), Map.of(), List.of());
    }

    /**
     * Runs the load agent on the client's own thread and counts that thread's allocation in windows of round
     * trips, once settled, until one window holds no more than the driver's timer bytes.
     */
    private static final class WindowedAllocation implements Agent
    {
        private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        private final List<String> windows = new ArrayList<>();
        private final LoadAgent agent;
        private final RunCounters counters;
        private long windowEnd = SETTLING_REQUESTS;
        private long windowStartNanos;
        private long bytesAtStart = -1;
        private volatile boolean passed;

        WindowedAllocation(final LoadAgent agent, final RunCounters counters)
        {
            this.agent = agent;
            this.counters = counters;
        }

        public int doWork()
        {
            final int work = agent.doWork();
            if (!passed && counters.measurement().acknowledged() >= windowEnd)
            {
                endWindow();
            }
            return work;
        }

        private void endWindow()
        {
            final long bytes = threads.getCurrentThreadAllocatedBytes();
            final long now = System.nanoTime();
            if (bytesAtStart >= 0)
            {
                final double seconds = (now - windowStartNanos) / 1e9;
                windows.add((bytes - bytesAtStart) + " B in " + String.format("%.1f", seconds) + " s");
                passed = bytes - bytesAtStart <= TIMER_BYTES_PER_SECOND * seconds;
            }
            windowEnd = counters.measurement().acknowledged() + WINDOW_ROUND_TRIPS;
            windowStartNanos = System.nanoTime();
            bytesAtStart = threads.getCurrentThreadAllocatedBytes();
        }

        public String roleName()
        {
            return "allocation-window";
        }
    }
}
