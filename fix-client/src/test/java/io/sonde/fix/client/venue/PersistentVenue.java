package io.sonde.fix.client.venue;

import io.sonde.fix.codecs.MsgType;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * A FIX 4.4 venue for tests of persistent sequence numbers, with QuickFIX/J's file store semantics: the next
 * MsgSeqNum it sends and the next it expects are written to a file after every message and read back by a
 * venue opened on the same file, so a venue "restarted" (closed, opened again) or simply left running
 * remembers where each side was, as production venues do.
 * <p>
 * Written on plain sockets, not on Artio, so that a test sees every message exactly as the client sent it
 * (MsgSeqNum, ResetSeqNumFlag, PossDupFlag, GapFillFlag) and can ask for a resend whenever it likes. One
 * session at a time. The session rules are QuickFIX/J's acceptor rules:
 * <ul>
 *     <li>a Logon with ResetSeqNumFlag (141=Y) restarts both sides at 1;</li>
 *     <li>a message whose MsgSeqNum is lower than expected, without PossDupFlag, gets a Logout saying so and
 *     the connection is closed;</li>
 *     <li>one higher than expected is processed and a ResendRequest asks for the gap;</li>
 *     <li>a SequenceReset moves the expected number on.</li>
 * </ul>
 * Its own messages are never replayed: a ResendRequest from the client is answered with one gap fill.
 * Orders are acknowledged (ExecutionReport New; IOC orders then fill), cancels confirmed, and an
 * OrderMassStatusRequest answered with "no open orders".
 */
public final class PersistentVenue implements AutoCloseable
{
    public static final String COMP_ID = "VENUE";
    private static final char SOH = '\u0001';
    private static final DateTimeFormatter SENDING_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS");

    private final Path store;
    private final ServerSocket server;
    private final Thread thread;
    private final List<FixMessage> received = new CopyOnWriteArrayList<>();
    private volatile boolean closed;
    private volatile Socket connection;
    private volatile String clientCompId;
    private int nextSenderSeqNum;
    private int nextTargetSeqNum;
    private long nextExecId;

    private PersistentVenue(final Path store, final int port) throws IOException
    {
        this.store = store;
        readStore();
        server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress());
        thread = new Thread(this::serve, "persistent-venue");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Open a venue on a free loopback port whose sequence numbers live in {@code store} (created at 1 and 1
     * when absent).
     */
    public static PersistentVenue open(final Path store)
    {
        return open(store, 0);
    }

    /**
     * Open a venue on {@code port} (0 for a free one): a restarted venue keeps its port.
     */
    public static PersistentVenue open(final Path store, final int port)
    {
        try
        {
            return new PersistentVenue(store, port);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    public int port()
    {
        return server.getLocalPort();
    }

    /**
     * @return every message received, in order, across connections.
     */
    public List<FixMessage> received()
    {
        return List.copyOf(received);
    }

    public List<FixMessage> received(final MsgType type)
    {
        return received.stream().filter(message -> message.is(type)).toList();
    }

    /**
     * @return the Logons received, in order.
     */
    public List<FixMessage> logons()
    {
        return received(MsgType.LOGON);
    }

    /**
     * @return the MsgSeqNum the venue expects next from the client, as its store says.
     */
    public synchronized int nextTargetSeqNum()
    {
        return nextTargetSeqNum;
    }

    public boolean isLoggedOn()
    {
        return connection != null && clientCompId != null;
    }

    /**
     * Ask the connected client to resend everything from {@code beginSeqNo} on (EndSeqNo 0, "up to now"),
     * as a venue does when it finds a gap.
     */
    public void requestResend(final int beginSeqNo)
    {
        send(MsgType.RESEND_REQUEST, "7=" + beginSeqNo + SOH + "16=0" + SOH);
    }

    /**
     * Wait until {@code condition} holds for the received messages.
     *
     * @throws AssertionError naming {@code what} and listing what was received when it does not in time.
     */
    public void await(final String what, final Duration timeout, final Predicate<List<FixMessage>> condition)
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.test(received()))
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("the venue waited in vain for " + what + "; it received:\n" + received());
            }
            sleepBriefly();
        }
    }

    public void close()
    {
        closed = true;
        closeQuietly(server);
        closeQuietly(connection);
        try
        {
            thread.join(5_000);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    private void serve()
    {
        while (!closed)
        {
            try (Socket socket = server.accept())
            {
                socket.setTcpNoDelay(true);
                connection = socket;
                readMessages(socket.getInputStream());
            }
            catch (final IOException ex)
            {
                if (!closed && !(ex instanceof SocketException))
                {
                    throw new UncheckedIOException(ex);
                }
            }
            finally
            {
                connection = null;
                clientCompId = null;
            }
        }
    }

    private void readMessages(final InputStream in) throws IOException
    {
        final FixReader reader = new FixReader(in);
        FixMessage message;
        while ((message = reader.next()) != null)
        {
            received.add(message);
            if (!onMessage(message))
            {
                return;
            }
        }
    }

    /**
     * @return false when the connection is to be closed.
     */
    private boolean onMessage(final FixMessage message)
    {
        if (message.is(MsgType.LOGON))
        {
            clientCompId = message.get(49);
            if (message.flag(141))
            {
                reset();
            }
        }
        final int seqNum = message.intValue(34);
        final int expected = nextTargetSeqNum();
        if (message.is(MsgType.SEQUENCE_RESET))
        {
            expect(message.intValue(36));
            return true;
        }
        if (seqNum < expected)
        {
            if (message.flag(43))
            {
                return true;
            }
            send(MsgType.LOGOUT, "58=MsgSeqNum too low, expecting " + expected + " but received " + seqNum + SOH);
            return false;
        }
        expect(seqNum + 1);
        final boolean stay = answer(message);
        if (stay && seqNum > expected)
        {
            requestResend(expected);
        }
        return stay;
    }

    private boolean answer(final FixMessage message)
    {
        switch (message.type())
        {
            case LOGON:
                send(MsgType.LOGON, "98=0" + SOH + "108=" + message.get(108) + SOH +
                    (message.flag(141) ? "141=Y" + SOH : ""));
                return true;
            case TEST_REQUEST:
                send(MsgType.HEARTBEAT, "112=" + message.get(112) + SOH);
                return true;
            case RESEND_REQUEST:
                gapFill(message.intValue(7));
                return true;
            case LOGOUT:
                send(MsgType.LOGOUT, "");
                return false;
            case NEW_ORDER_SINGLE:
                acknowledge(message);
                return true;
            case ORDER_CANCEL_REQUEST:
                report(message, "41=" + message.get(41) + SOH, '4', "0");
                return true;
            case ORDER_MASS_STATUS_REQUEST:
                send(MsgType.EXECUTION_REPORT, "37=NONE" + SOH + "17=" + (++nextExecId) + SOH + "150=I" + SOH +
                    "39=0" + SOH + "55=" + message.get(55) + SOH + "54=1" + SOH + "151=0" + SOH + "14=0" + SOH +
                    "6=0" + SOH + "584=" + message.get(584) + SOH + "911=0" + SOH + "912=Y" + SOH);
                return true;
            default:
                return true;
        }
    }

    private void acknowledge(final FixMessage order)
    {
        report(order, "", '0', order.get(38));
        if ("3".equals(order.get(59)))
        {
            report(order, "32=" + order.get(38) + SOH + "31=" + order.get(44) + SOH, 'F', "0");
        }
    }

    private void report(final FixMessage request, final String extra, final char execType, final String leaves)
    {
        final char ordStatus = execType == 'F' ? '2' : execType;
        send(MsgType.EXECUTION_REPORT, "37=O" + request.get(11) + SOH + "11=" + request.get(11) + SOH + extra +
            "17=" + (++nextExecId) + SOH + "150=" + execType + SOH + "39=" + ordStatus + SOH + "55=" +
            request.get(55) + SOH + "54=" + request.get(54) + SOH + "151=" + leaves + SOH + "14=0" + SOH +
            "6=0" + SOH);
    }

    /**
     * Never replays its own messages: one gap fill to the number it sends next.
     */
    private synchronized void gapFill(final int beginSeqNo)
    {
        sendWithSeqNum(beginSeqNo, MsgType.SEQUENCE_RESET, "43=Y" + SOH + "122=" + sendingTime() + SOH, "123=Y" + SOH +
            "36=" + nextSenderSeqNum + SOH);
    }

    /**
     * The test's thread (a resend request) and the venue's both send: numbering and writing under one lock keeps
     * the numbers in order on the wire.
     */
    private synchronized void send(final MsgType type, final String body)
    {
        final int seqNum = nextSenderSeqNum++;
        writeStore();
        sendWithSeqNum(seqNum, type, "", body);
    }

    private synchronized void sendWithSeqNum(
        final int seqNum, final MsgType type, final String extraHeader, final String body)
    {
        final Socket socket = connection;
        if (socket == null)
        {
            return;
        }
        final String text = FixMessage.frame("35=" + type.representation() + SOH + "49=" + COMP_ID + SOH + "56=" +
            clientCompId + SOH + "34=" + seqNum + SOH + "52=" + sendingTime() + SOH + extraHeader + body);
        try
        {
            final OutputStream out = socket.getOutputStream();
            out.write(text.getBytes(StandardCharsets.US_ASCII));
            out.flush();
        }
        catch (final IOException ex)
        {
            closeQuietly(socket);
        }
    }

    private synchronized void reset()
    {
        nextSenderSeqNum = 1;
        nextTargetSeqNum = 1;
        writeStore();
    }

    private synchronized void expect(final int seqNum)
    {
        nextTargetSeqNum = seqNum;
        writeStore();
    }

    private void readStore()
    {
        try
        {
            if (!Files.exists(store))
            {
                nextSenderSeqNum = 1;
                nextTargetSeqNum = 1;
                writeStore();
                return;
            }
            final String[] numbers = Files.readString(store).trim().split(" ");
            nextSenderSeqNum = Integer.parseInt(numbers[0]);
            nextTargetSeqNum = Integer.parseInt(numbers[1]);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private void writeStore()
    {
        try
        {
            Files.writeString(store, nextSenderSeqNum + " " + nextTargetSeqNum + "\n");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private static String sendingTime()
    {
        return SENDING_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
    }

    private static void closeQuietly(final AutoCloseable closeable)
    {
        if (closeable == null)
        {
            return;
        }
        try
        {
            closeable.close();
        }
        catch (final Exception ignored)
        {
            // Closing is all that is wanted; a socket already closed is fine.
        }
    }

    private static void sleepBriefly()
    {
        try
        {
            Thread.sleep(20);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", ex);
        }
    }

    /**
     * Splits a byte stream into FIX messages at each CheckSum field.
     */
    private static final class FixReader
    {
        private final InputStream in;
        private final StringBuilder pending = new StringBuilder();

        FixReader(final InputStream in)
        {
            this.in = new BufferedInputStream(in);
        }

        FixMessage next() throws IOException
        {
            while (true)
            {
                final int end = messageEnd();
                if (end > 0)
                {
                    final String text = pending.substring(0, end);
                    pending.delete(0, end);
                    return FixMessage.parse(text);
                }
                final int b = in.read();
                if (b < 0)
                {
                    return null;
                }
                pending.append((char)b);
            }
        }

        private int messageEnd()
        {
            final int checksum = pending.indexOf(SOH + "10=");
            if (checksum < 0)
            {
                return -1;
            }
            final int end = pending.indexOf(String.valueOf(SOH), checksum + 1);
            return end < 0 ? -1 : end + 1;
        }
    }
}
