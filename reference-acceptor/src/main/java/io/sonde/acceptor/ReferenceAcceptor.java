package io.sonde.acceptor;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.sonde.fix.engine.AcceptorPort;
import io.sonde.fix.engine.CancelOnDisconnectReply;
import io.sonde.fix.engine.EngineHost;
import io.sonde.fix.engine.ScratchFolder;
import io.sonde.fix.codecs.decoder.NewOrderSingleDecoder;
import io.sonde.fix.codecs.decoder.OrderCancelReplaceRequestDecoder;
import io.sonde.fix.codecs.decoder.OrderCancelRequestDecoder;
import io.sonde.fix.codecs.decoder.OrderStatusRequestDecoder;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import uk.co.real_logic.artio.fields.EpochFractionFormat;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.messages.InitialAcceptedSessionOwner;
import uk.co.real_logic.artio.session.Session;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A minimal FIX 4.4 acceptor: the counterparty for the client's own tests and for measuring what the FIX client
 * itself costs ({@code sonde acceptor}). Accepts logons with the configured password (any, if none), answers every
 * NewOrderSingle with an ExecutionReport NEW (IOC orders then fill completely; symbol {@code BAD} is rejected),
 * confirms cancels and replaces. It can drop a session, lose acknowledgements or ignore orders on request, and
 * answers an OrderStatusRequest about an order whose acknowledgement it lost. Given a delay, it answers every message
 * that much after it arrived ({@link DelayLine}), standing in for a slower gateway; given a stall
 * ({@link StallCycle}), it stops answering for a while at regular times. No matching, no book: the bundled exchange
 * is the realistic system under test.
 */
public final class ReferenceAcceptor implements AutoCloseable
{
    public static final String ACCEPTOR_COMP_ID = "TESTEXCH";
    public static final String REJECTED_SYMBOL = "BAD";
    private static final long LISTEN_TIMEOUT_MS = 30_000;
    private static final String LOOPBACK = "127.0.0.1";
    private static final String ANY_INTERFACE = "0.0.0.0";
    private static final char[] REJECTED_SYMBOL_CHARS = REJECTED_SYMBOL.toCharArray();
    /** A client with the standard dictionary refuses a Logon answer naming 35002 and 35003, which it never sent. */
    private static final CancelOnDisconnectReply LOGON_ANSWER = new CancelOnDisconnectReply();

    private final int port;
    private final long delayNanos;
    private final StallCycle stall;
    private final long stallOriginNanos;
    private final EngineHost host;
    private final FixLibrary library;
    private final PollingAgent polling = new PollingAgent();
    private final List<Session> sessions = new CopyOnWriteArrayList<>();
    /** Touched on the acceptor's thread only: sessions are acquired and dropped in its library poll. */
    private final List<OrderAnswerer> answerers = new ArrayList<>();
    private final ConcurrentLinkedQueue<String> disconnectRequests = new ConcurrentLinkedQueue<>();
    private final AtomicLong ordersReceived = new AtomicLong();
    private final AtomicLong orderBytesReceived = new AtomicLong();
    private final AtomicLong cancelsReceived = new AtomicLong();
    private final AtomicLong replacesReceived = new AtomicLong();
    private final AtomicLong statusRequestsReceived = new AtomicLong();
    private final AtomicInteger acknowledgementsToLose = new AtomicInteger();
    private final AtomicInteger ordersToIgnore = new AtomicInteger();
    private final Set<String> unacknowledgedOpenOrders = ConcurrentHashMap.newKeySet();

    /**
     * An acceptor on a free loopback port whose thread backs off when idle: what tests that run a client in the
     * same process want, so the two never spin against each other.
     */
    public ReferenceAcceptor(final String password)
    {
        this(password, 0, new BackoffIdleStrategy());
    }

    /**
     * @param password the password logons must carry, or null to accept any.
     * @param port     the port to listen on at 127.0.0.1, or 0 for a free one.
     * @param idle     how the acceptor's one thread waits for work.
     */
    public ReferenceAcceptor(final String password, final int port, final IdleStrategy idle)
    {
        this(password, LOOPBACK, port, idle, Duration.ZERO);
    }

    /**
     * @param password the password logons must carry, or null to accept any.
     * @param bindHost the address to listen on: {@code 0.0.0.0} for every interface, as in a container that
     *                 other containers reach by name.
     * @param port     the port to listen on, or 0 for a free one.
     * @param idle     how the acceptor's one thread waits for work.
     * @param delay    how long after a message arrives to answer it; zero to answer at once.
     */
    public ReferenceAcceptor(
        final String password, final String bindHost, final int port, final IdleStrategy idle, final Duration delay)
    {
        this(password, bindHost, port, idle, delay, StallCycle.NONE);
    }

    /**
     * As {@link #ReferenceAcceptor(String, String, int, IdleStrategy, Duration)}, stalled as {@code stall} says,
     * its first stall beginning as its thread starts.
     */
    public ReferenceAcceptor(final String password, final String bindHost, final int port, final IdleStrategy idle,
        final Duration delay, final StallCycle stall)
    {
        this.port = port == 0 ? AcceptorPort.onLoopback() : port;
        this.delayNanos = delay.toNanos();
        this.stall = stall;
        final Path workDir = ScratchFolder.create("sonde-acceptor");
        host = EngineHost.launchInvoked("sonde-acceptor", workDir, false, configuration -> configuration
            .bindTo(bindHost, this.port)
            .initialAcceptedSessionOwner(InitialAcceptedSessionOwner.SOLE_LIBRARY)
            .acceptorfixDictionary(EngineHost.dictionary())
            .authenticationStrategy(new PasswordCheck(password))
            .sessionCustomisationStrategy(LOGON_ANSWER)
            // Sequence numbers restart at every logon, so no resend is ever served from a log: nothing to record.
            .logInboundMessages(false)
            .logOutboundMessages(false));
        final LibraryConfiguration libraryConfiguration = host.libraryConfiguration()
            .sessionAcquireHandler((session, info) ->
            {
                sessions.add(session);
                final OrderAnswerer answerer = new OrderAnswerer(session);
                answerers.add(answerer);
                return answerer;
            });
        // SendingTime (52) in nanoseconds, like TransactTime (60): a run's hops split on them.
        libraryConfiguration.sessionEpochFractionFormat(EpochFractionFormat.NANOSECONDS);
        libraryConfiguration.sessionCustomisationStrategy(LOGON_ANSWER);
        library = FixLibrary.connect(libraryConfiguration);
        // One thread: the engine, driver and archive, and the library poll beside them.
        stallOriginNanos = System.nanoTime();
        host.duty().attach(polling, idle);
        // Every interface includes loopback, which is where this process can see the port open.
        AcceptorPort.awaitListening(ANY_INTERFACE.equals(bindHost) ? LOOPBACK : bindHost, this.port,
            LISTEN_TIMEOUT_MS);
    }

    public int port()
    {
        return port;
    }

    /** @return when its first stall began, on {@link System#nanoTime()}'s clock: the stalls' phase. */
    public long stallOriginNanos()
    {
        return stallOriginNanos;
    }

    public long ordersReceived()
    {
        return ordersReceived.get();
    }

    /**
     * @return bytes of every NewOrderSingle received, header to checksum.
     */
    public long orderBytesReceived()
    {
        return orderBytesReceived.get();
    }

    public long cancelsReceived()
    {
        return cancelsReceived.get();
    }

    public long replacesReceived()
    {
        return replacesReceived.get();
    }

    public long statusRequestsReceived()
    {
        return statusRequestsReceived.get();
    }

    /**
     * The next {@code orders} NewOrderSingles are taken but their acknowledgement is lost, as in a failover: they
     * rest, and an OrderStatusRequest reports them open.
     */
    public void loseAcknowledgements(final int orders)
    {
        acknowledgementsToLose.set(orders);
    }

    /**
     * The next {@code orders} NewOrderSingles after any lost acknowledgements are ignored, as if they never
     * arrived: an OrderStatusRequest reports them unknown.
     */
    public void ignoreOrders(final int orders)
    {
        ordersToIgnore.set(orders);
    }

    /**
     * Drop the session whose initiator is {@code senderCompId}, on the acceptor's thread.
     */
    public void disconnect(final String senderCompId)
    {
        disconnectRequests.add(senderCompId);
    }

    public void close()
    {
        CloseHelper.closeAll(() -> host.duty().detach(polling), library, host);
    }

    private final class PollingAgent implements Agent
    {
        public int doWork()
        {
            final String toDrop = disconnectRequests.poll();
            if (toDrop != null)
            {
                for (final Session session : sessions)
                {
                    if (toDrop.equals(session.compositeKey().remoteCompId()) && session.isActive())
                    {
                        session.requestDisconnect();
                    }
                }
            }
            if (stall != StallCycle.NONE && stall.isStalled(stallOriginNanos, System.nanoTime()))
            {
                return 0;
            }
            int work = library.poll(64);
            if (delayNanos > 0)
            {
                final long now = System.nanoTime();
                for (int i = 0; i < answerers.size(); i++)
                {
                    work += answerers.get(i).delayed.answerDue(now);
                }
            }
            return work;
        }

        public String roleName()
        {
            return "test-acceptor";
        }
    }

    private static boolean isRejectedSymbol(final char[] symbol, final int length)
    {
        return Arrays.equals(symbol, 0, length, REJECTED_SYMBOL_CHARS, 0, REJECTED_SYMBOL_CHARS.length);
    }

    private final class OrderAnswerer implements SessionHandler, DelayLine.Answer
    {
        private final Session acquired;
        private final DelayLine delayed = new DelayLine(delayNanos, this);
        private final MutableAsciiBuffer ascii = new MutableAsciiBuffer();
        private final NewOrderSingleDecoder newOrder = new NewOrderSingleDecoder();
        private final OrderCancelRequestDecoder cancel = new OrderCancelRequestDecoder();
        private final OrderCancelReplaceRequestDecoder replace = new OrderCancelReplaceRequestDecoder();
        private final OrderStatusRequestDecoder status = new OrderStatusRequestDecoder();
        private final OrderAnswers answers = new OrderAnswers();

        OrderAnswerer(final Session acquired)
        {
            this.acquired = acquired;
        }

        public Action onMessage(
            final DirectBuffer buffer,
            final int offset,
            final int length,
            final int libraryId,
            final Session session,
            final int sequenceIndex,
            final long messageType,
            final long timestampInNs,
            final long position,
            final OnMessageInfo messageInfo)
        {
            if (delayNanos > 0)
            {
                delayed.hold(System.nanoTime(), buffer, offset, length, messageType);
                return Action.CONTINUE;
            }
            return answer(buffer, offset, length, messageType);
        }

        public Action answer(final DirectBuffer buffer, final int offset, final int length, final long messageType)
        {
            final Session session = acquired;
            ascii.wrap(buffer, offset, length);
            if (messageType == NewOrderSingleDecoder.MESSAGE_TYPE)
            {
                ordersReceived.incrementAndGet();
                orderBytesReceived.addAndGet(length);
                newOrder.reset();
                newOrder.decode(ascii, 0, length);
                return isAnswerWithheld() ? Action.CONTINUE : answerNewOrder(session);
            }
            if (messageType == OrderStatusRequestDecoder.MESSAGE_TYPE)
            {
                statusRequestsReceived.incrementAndGet();
                status.reset();
                status.decode(ascii, 0, length);
                return answerStatus(session);
            }
            if (messageType == OrderCancelRequestDecoder.MESSAGE_TYPE)
            {
                cancelsReceived.incrementAndGet();
                cancel.reset();
                cancel.decode(ascii, 0, length);
                if (!unacknowledgedOpenOrders.isEmpty())
                {
                    unacknowledgedOpenOrders.remove(cancel.origClOrdIDAsString());
                }
                return sent(answers.cancel(session, cancel));
            }
            if (messageType == OrderCancelReplaceRequestDecoder.MESSAGE_TYPE)
            {
                replacesReceived.incrementAndGet();
                replace.reset();
                replace.decode(ascii, 0, length);
                return sent(answers.replace(session, replace));
            }
            return Action.CONTINUE;
        }

        /**
         * Fault injection: take the order silently, keeping it open when only its acknowledgement is lost.
         */
        private boolean isAnswerWithheld()
        {
            if (acknowledgementsToLose.get() > 0 && acknowledgementsToLose.getAndDecrement() > 0)
            {
                unacknowledgedOpenOrders.add(newOrder.clOrdIDAsString());
                return true;
            }
            return ordersToIgnore.get() > 0 && ordersToIgnore.getAndDecrement() > 0;
        }

        /**
         * ExecType I: an order whose acknowledgement was lost is open; any other is unknown (OrdStatus 8,
         * OrdRejReason 5), since the acceptor keeps no book.
         */
        private Action answerStatus(final Session session)
        {
            return sent(unacknowledgedOpenOrders.contains(status.clOrdIDAsString()) ?
                answers.openStatus(session, status) : answers.unknownStatus(session, status));
        }

        private Action answerNewOrder(final Session session)
        {
            if (isRejectedSymbol(newOrder.symbol(), newOrder.symbolLength()))
            {
                return sent(answers.reject(session, newOrder, "unknown symbol"));
            }
            return sent(answers.acknowledge(session, newOrder));
        }

        private Action sent(final boolean sent)
        {
            return sent ? Action.CONTINUE : Action.ABORT;
        }

        public void onTimeout(final int libraryId, final Session session)
        {
        }

        public void onSlowStatus(final int libraryId, final Session session, final boolean hasBecomeSlow)
        {
        }

        public Action onDisconnect(final int libraryId, final Session session, final DisconnectReason reason)
        {
            sessions.remove(session);
            answerers.remove(this);
            return Action.CONTINUE;
        }

        public void onSessionStart(final Session session)
        {
        }
    }
}
