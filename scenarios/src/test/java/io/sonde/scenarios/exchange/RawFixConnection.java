package io.sonde.scenarios.exchange;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * A FIX 4.4 peer written by hand over a plain socket, so a test can send what no well-behaved engine would:
 * missing fields, unparseable values, raw garbage. Fields are written with '|' and sent with SOH.
 */
final class RawFixConnection implements AutoCloseable
{
    private static final char SOH = '\u0001';
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS");

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String senderCompId;
    private final StringBuilder received = new StringBuilder();
    private int nextSequence = 1;
    private boolean closedByPeer;

    RawFixConnection(final int port, final String senderCompId) throws IOException
    {
        socket = new Socket("127.0.0.1", port);
        socket.setTcpNoDelay(true);
        in = socket.getInputStream();
        out = socket.getOutputStream();
        this.senderCompId = senderCompId;
    }

    /**
     * Log on and wait for the acceptor's Logon.
     *
     * @return the acceptor's Logon.
     */
    String logOn() throws IOException
    {
        return logOn("");
    }

    /**
     * Log on with extra Logon fields and wait for the acceptor's Logon.
     *
     * @return the acceptor's Logon.
     */
    String logOn(final String extraFields) throws IOException
    {
        send("A", "98=0|108=30|" + extraFields);
        final List<String> replies = readFor(5_000, 1);
        if (replies.isEmpty() || !replies.get(0).contains(SOH + "35=A" + SOH))
        {
            throw new IllegalStateException("no Logon answer: " + replies);
        }
        return replies.get(0);
    }

    /**
     * Send a message of type {@code msgType} with the standard header and a correct length and checksum.
     *
     * @param body fields separated by '|', ending with '|'.
     */
    void send(final String msgType, final String body) throws IOException
    {
        sendAs(nextSequence++, "", msgType, body);
    }

    /**
     * Send a message with a sequence number of the caller's choosing, which does not move this connection's
     * own count, and extra header fields (PossDupFlag, OrigSendingTime, ...).
     *
     * @param extraHeader fields separated by '|', ending with '|', or empty.
     */
    void sendAs(final int sequence, final String extraHeader, final String msgType, final String body)
        throws IOException
    {
        sendRaw(frame("35=" + msgType + "|49=" + senderCompId + "|56=EXCH|34=" + sequence + "|52=" + now() + "|" +
            extraHeader + body));
    }

    /**
     * The next sequence number {@link #send} will use; a test that sent one out of turn moves it on.
     */
    int nextSequence()
    {
        return nextSequence;
    }

    void nextSequence(final int sequence)
    {
        nextSequence = sequence;
    }

    static String now()
    {
        return TIMESTAMP.format(ZonedDateTime.now(ZoneOffset.UTC));
    }

    /**
     * BeginString, BodyLength and CheckSum around {@code fields} ('|' for SOH), all correct.
     */
    static byte[] frame(final String fields)
    {
        final String content = fields.replace('|', SOH);
        final String prefix = "8=FIX.4.4" + SOH + "9=" + content.getBytes(StandardCharsets.US_ASCII).length + SOH;
        final String withoutChecksum = prefix + content;
        int sum = 0;
        for (final byte b : withoutChecksum.getBytes(StandardCharsets.US_ASCII))
        {
            sum += b & 0xFF;
        }
        return (withoutChecksum + "10=" + String.format("%03d", sum % 256) + SOH).getBytes(StandardCharsets.US_ASCII);
    }

    void sendRaw(final byte[] bytes) throws IOException
    {
        out.write(bytes);
        out.flush();
    }

    /**
     * Read whole messages until {@code expected} arrived or {@code timeoutMs} passed without a byte.
     */
    List<String> readFor(final int timeoutMs, final int expected) throws IOException
    {
        final List<String> messages = new ArrayList<>();
        final byte[] chunk = new byte[64 * 1024];
        socket.setSoTimeout(timeoutMs);
        while (messages.size() < expected)
        {
            final int read;
            try
            {
                read = in.read(chunk);
            }
            catch (final SocketTimeoutException ex)
            {
                break;
            }
            catch (final IOException ex)
            {
                closedByPeer = true;
                break;
            }
            if (read < 0)
            {
                closedByPeer = true;
                break;
            }
            received.append(new String(chunk, 0, read, StandardCharsets.US_ASCII));
            int end;
            while ((end = endOfFirstMessage()) > 0)
            {
                messages.add(received.substring(0, end));
                received.delete(0, end);
            }
        }
        return messages;
    }

    /**
     * @return true once a read found the connection closed (or reset) by the peer.
     */
    boolean isClosedByPeer()
    {
        return closedByPeer;
    }

    /**
     * @return true when the peer closed the connection within the timeout.
     */
    boolean closedByPeerWithin(final int timeoutMs) throws IOException
    {
        socket.setSoTimeout(timeoutMs);
        final byte[] chunk = new byte[4096];
        try
        {
            while (true)
            {
                if (in.read(chunk) < 0)
                {
                    return true;
                }
            }
        }
        catch (final SocketTimeoutException ex)
        {
            return false;
        }
        catch (final IOException ex)
        {
            return true;
        }
    }

    public void close() throws IOException
    {
        socket.close();
    }

    private int endOfFirstMessage()
    {
        final int checksum = received.indexOf(SOH + "10=");
        if (checksum < 0)
        {
            return -1;
        }
        final int end = received.indexOf(String.valueOf(SOH), checksum + 1);
        return end < 0 ? -1 : end + 1;
    }
}
