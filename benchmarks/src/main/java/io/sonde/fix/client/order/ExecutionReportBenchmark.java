package io.sonde.fix.client.order;

import io.sonde.api.FixVersion;
import io.sonde.benchmarks.HotPathBenchmark;
import io.sonde.fix.client.session.Credentials;
import io.sonde.fix.client.session.DeferredEvents;
import io.sonde.fix.client.session.SessionPool;
import io.sonde.fix.client.session.SessionSettings;
import io.sonde.fix.client.session.SubIds;
import io.sonde.fix.codecs.ExecType;
import io.sonde.fix.codecs.OrdStatus;
import io.sonde.fix.codecs.OrdType;
import io.sonde.fix.codecs.Side;
import io.sonde.fix.codecs.TimeInForce;
import io.sonde.fix.codecs.builder.ExecutionReportEncoder;
import io.sonde.fix.codecs.decoder_flyweight.ExecutionReportDecoder;
import io.sonde.fix.engine.EngineHost;
import io.sonde.loadgen.transport.CompletionHandler;
import io.sonde.fix.engine.WallClock;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.SystemEpochClock;
import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * An ExecutionReport arriving at the client, from the point where Artio hands it to Sonde: the real
 * {@link FixOrderTransport#onMessage}, called as the session handler calls it (session index, Artio's packed
 * MsgType, the message bytes, {@code System.nanoTime()}), on a pre-encoded message.
 * <ul>
 *   <li>{@link #newAck}: ExecType 0 for a day order of the {@code new} flow in flight. Covers the flyweight
 *   decode, the ClOrdID decode and widening, the in-flight lookup, recording {@code new-ack} corrected and
 *   uncorrected in HdrHistogram, and ending the lifecycle through the {@link CompletionHandler}.</li>
 *   <li>{@link #fillAfterAck}: ExecType F for an order whose lifecycle already ended (a day order of the
 *   {@code new} flow trades after the acknowledgement that ended it). Covers the decode, the ClOrdID decode
 *   and widening, the in-flight lookup that finds nothing, and the count.</li>
 * </ul>
 * The transport is the production class over a {@link SessionPool} whose library is connected to an
 * {@link EngineHost}, but no session is logged on, since a live session would put the network and a
 * counterparty in the measurement. Without one {@code trySend} cannot complete, so the setup does what a
 * completed send leaves behind: {@code trySend} claims the lifecycle's slot (and refuses for want of a
 * session), then the benchmark reaches the transport's {@link OrderTable} by reflection and marks the slot sent
 * under the ClOrdID the report carries, as the rest of {@code trySend} would. The engine and library are closed
 * before measuring; receiving a report does not touch them.
 */
@State(Scope.Thread)
public class ExecutionReportBenchmark extends HotPathBenchmark
{
    private static final int SESSION_INDEX = 0;
    private static final int CAPACITY = 1024;
    private static final long REQUEST_ID = 5_000;
    /** Ended long ago: its slot is free, so a report for it is a fill after acknowledgement. */
    private static final long ENDED_REQUEST_ID = REQUEST_ID - 1;
    /** The transport's ClOrdID sequence is the request id shifted past two bits of lifecycle stage. */
    private static final String SYMBOL = "SONDE.A";
    private static final String CLIENT_COMP_ID = "SONDE1";
    private static final String EXCHANGE_COMP_ID = "EXCH";

    private final ClOrdIdCodec clOrdIds = new ClOrdIdCodec();
    private final Acknowledgements handler = new Acknowledgements();
    private final UnsafeBuffer newReport = new UnsafeBuffer(new byte[1024]);
    private final UnsafeBuffer fillReport = new UnsafeBuffer(new byte[1024]);
    private int newReportOffset;
    private int newReportLength;
    private int fillReportOffset;
    private int fillReportLength;

    private FixOrderTransport transport;
    private OrderTable orders;
    private int slot;
    private int clOrdIdLength;

    @Setup(Level.Trial)
    public void setUp() throws IOException, ReflectiveOperationException
    {
        final Path workDir = Files.createTempDirectory("sonde-jmh-");
        final EngineHost host;
        try
        {
            host = EngineHost.launch(workDir, false, () -> new SleepingMillisIdleStrategy(1),
                configuration -> configuration.monitoringThreadIdleStrategy(new SleepingMillisIdleStrategy(1)));
        }
        catch (final RuntimeException ex)
        {
            IoUtil.delete(workDir.toFile(), true);
            throw ex;
        }

        SessionPool pool = null;
        try
        {
            final DeferredEvents events = new DeferredEvents();
            pool = new SessionPool(host, sessionSettings(), events, new BackoffIdleStrategy(),
                configuration -> configuration.monitoringThreadIdleStrategy(new SleepingMillisIdleStrategy(1)));
            transport = new FixOrderTransport(SystemNanoClock.INSTANCE, SystemEpochClock.INSTANCE, pool, clOrdIds,
                FlowChooser.only(OrderFlow.NEW), orderParameters(), CAPACITY);
            events.deliverTo(transport);
            transport.poll(handler);
        }
        finally
        {
            // Needed only to build the transport, which does not touch them when a report arrives. Closed
            // before measuring: for seconds after launch their threads allocate (which -prof gc counts, as it
            // counts every thread) and take a share of the two cores.
            CloseHelper.quietCloseAll(pool, host);
        }

        final long intendedNanos = System.nanoTime();
        armTransport(intendedNanos);
        final long newEncoded = encodeReport(newReport, REQUEST_ID, intendedNanos, ExecType.NEW, OrdStatus.NEW);
        newReportOffset = Encoder.offset(newEncoded);
        newReportLength = Encoder.length(newEncoded);
        final long fillEncoded =
            encodeReport(fillReport, ENDED_REQUEST_ID, intendedNanos, ExecType.TRADE, OrdStatus.FILLED);
        fillReportOffset = Encoder.offset(fillEncoded);
        fillReportLength = Encoder.length(fillEncoded);
        checkPaths();
    }

    /**
     * @return lifecycles ended, so far.
     */
    @Benchmark
    public long newAck()
    {
        // The acknowledgement ended the lifecycle and freed the slot: put the order back in flight.
        orders.claim(REQUEST_ID);
        orders.clOrdIdLength[slot] = clOrdIdLength;
        orders.state[slot] = OrderTable.NEW_SENT;
        transport.onMessage(SESSION_INDEX, ExecutionReportDecoder.MESSAGE_TYPE, newReport, newReportOffset,
            newReportLength, System.nanoTime(), WallClock.INSTANCE.nanoTime());
        return handler.acknowledged;
    }

    /**
     * @return fills after acknowledgement counted, so far.
     */
    @Benchmark
    public long fillAfterAck()
    {
        transport.onMessage(SESSION_INDEX, ExecutionReportDecoder.MESSAGE_TYPE, fillReport, fillReportOffset,
            fillReportLength, System.nanoTime(), WallClock.INSTANCE.nanoTime());
        return transport.fillsAfterAck();
    }

    /**
     * Leave the transport as a successful {@code trySend} of {@link #REQUEST_ID} would.
     */
    private void armTransport(final long intendedNanos) throws ReflectiveOperationException
    {
        final long sentNanos = System.nanoTime();
        if (transport.trySend(REQUEST_ID, intendedNanos))
        {
            throw new IllegalStateException("a send succeeded without a logged-on session");
        }
        orders = (OrderTable)privateField("orders").get(transport);
        slot = orders.liveSlot(REQUEST_ID);
        if (slot < 0 || orders.flow[slot] != OrderFlow.NEW.ordinal() || orders.ioc[slot])
        {
            throw new IllegalStateException("trySend did not claim a day order of the new flow");
        }
        clOrdIdLength = clOrdIds.encode(orders.clOrdId[slot], REQUEST_ID, ClOrdIdCodec.NEW_STAGE, intendedNanos);
        orders.clOrdIdLength[slot] = clOrdIdLength;
        orders.session[slot] = SESSION_INDEX;
        orders.state[slot] = OrderTable.NEW_SENT;
        orders.newSentNanos[slot] = sentNanos;
        orders.stageIntendedNanos[slot] = intendedNanos;
        orders.stageSentNanos[slot] = sentNanos;
    }

    /**
     * Each report must take the path its benchmark claims, not a cheaper one that drops it as unknown.
     */
    private void checkPaths()
    {
        newAck();
        fillAfterAck();
        final FixFailures failures = transport.failures();
        if (handler.acknowledged != 1 || handler.rejected != 0 || transport.fillsAfterAck() != 1 ||
            failures.unknownClOrdIds != 0 || failures.reportsAfterEnd != 0 || failures.orderRejects != 0)
        {
            throw new IllegalStateException("a report did not take the benchmarked path: acknowledged=" +
                handler.acknowledged + ", fillsAfterAck=" + transport.fillsAfterAck() + ", unknownClOrdIds=" +
                failures.unknownClOrdIds + ", reportsAfterEnd=" + failures.reportsAfterEnd);
        }
    }

    private static Field privateField(final String name) throws NoSuchFieldException
    {
        final Field field = FixOrderTransport.class.getDeclaredField(name);
        field.setAccessible(true);
        return field;
    }

    /**
     * An ExecutionReport with the fields the bundled exchange writes, for the NEW stage of {@code requestId}.
     *
     * @return the encoded message's offset and length, packed as Artio packs them.
     */
    private long encodeReport(
        final UnsafeBuffer buffer, final long requestId, final long intendedNanos, final ExecType execType,
        final OrdStatus ordStatus)
    {
        final char[] clOrdId = new char[clOrdIds.length()];
        final int idLength = clOrdIds.encode(clOrdId, requestId, ClOrdIdCodec.NEW_STAGE, intendedNanos);
        final UtcTimestampEncoder timestamp = new UtcTimestampEncoder();
        final ExecutionReportEncoder report = new ExecutionReportEncoder();
        report.header()
            .senderCompID(EXCHANGE_COMP_ID)
            .targetCompID(CLIENT_COMP_ID)
            .msgSeqNum(2)
            .sendingTime(timestamp.buffer(), timestamp.encode(System.currentTimeMillis()));
        report.orderID("1")
            .execID("1")
            .clOrdID(clOrdId, idLength)
            .execType(execType)
            .ordStatus(ordStatus)
            .symbol(SYMBOL)
            .side(Side.BUY)
            .orderQty(10, 0)
            .ordType(OrdType.LIMIT)
            .price(1_000_100, 4)
            .timeInForce(TimeInForce.DAY)
            .transactTime(timestamp.buffer(), timestamp.encode(System.currentTimeMillis()));
        if (execType == ExecType.TRADE)
        {
            report.leavesQty(0, 0).cumQty(10, 0).avgPx(1_000_100, 4).lastQty(10, 0).lastPx(1_000_100, 4);
        }
        else
        {
            report.leavesQty(10, 0).cumQty(0, 0).avgPx(0, 0);
        }
        return report.encode(new MutableAsciiBuffer(buffer), 0);
    }

    private static SessionSettings sessionSettings()
    {
        // Never dialled: the pool is only asked to connect its library.
        return new SessionSettings("127.0.0.1", 9, 1, CLIENT_COMP_ID, EXCHANGE_COMP_ID, Credentials.NONE, 30, false, 0,
            FixVersion.FIX_4_4, SubIds.NONE, null);
    }

    private static OrderParameters orderParameters()
    {
        return new OrderParameters(List.of(Instrument.of(SYMBOL)), null, 5, 500, 1, 100, false, 42, 0);
    }

    /**
     * Counts lifecycles ended, the way the runner's in-flight table is told of them.
     */
    private static final class Acknowledgements implements CompletionHandler
    {
        long acknowledged;
        long rejected;

        public void onAcknowledged(final long requestId, final long responseNanos)
        {
            acknowledged++;
        }

        public void onRejected(final long requestId, final long responseNanos, final int reason)
        {
            rejected++;
        }
    }
}
