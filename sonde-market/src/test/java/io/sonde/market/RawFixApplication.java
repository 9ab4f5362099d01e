package io.sonde.market;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A trading application at its barest, for tests: a FIX initiator over a plain socket that writes whatever
 * fields it is told (a user-defined tag, a field left out, a bad value) and keeps every message it receives.
 */
final class RawFixApplication implements AutoCloseable
{
    private static final char SOH = '\u0001';
    private static final DateTimeFormatter SENDING_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS");

    private final Socket socket;
    private final OutputStream out;
    private final String senderCompId;
    private final String targetCompId;
    private final String beginString;
    private final BlockingQueue<Map<Integer, String>> received = new LinkedBlockingQueue<>();
    private final Thread reader;
    private int nextSequence = 1;

    RawFixApplication(final int port, final String senderCompId, final String targetCompId) throws IOException
    {
        this(port, senderCompId, targetCompId, "FIX.4.4");
    }

    RawFixApplication(final int port, final String senderCompId, final String targetCompId, final String beginString)
        throws IOException
    {
        this.beginString = beginString;
        this.senderCompId = senderCompId;
        this.targetCompId = targetCompId;
        socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setTcpNoDelay(true);
        out = socket.getOutputStream();
        reader = new Thread(this::read, "raw-fix-reader");
        reader.setDaemon(true);
        reader.start();
    }

    void logon() throws IOException, InterruptedException
    {
        logon("98=0|108=30|141=Y|");
    }

    void logon(final String fields) throws IOException, InterruptedException
    {
        send("A", fields);
        final Map<Integer, String> answer = next(5);
        if (answer == null || !"A".equals(answer.get(35)))
        {
            throw new IllegalStateException("no Logon answer: " + answer);
        }
    }

    /**
     * Send a message of {@code msgType} whose body (after the standard header) is {@code fields}, '|' for SOH.
     */
    synchronized void send(final String msgType, final String fields) throws IOException
    {
        final String sendingTime = SENDING_TIME.format(ZonedDateTime.now(ZoneOffset.UTC));
        final String body = "35=" + msgType + SOH + "49=" + senderCompId + SOH + "56=" + targetCompId + SOH +
            "34=" + nextSequence++ + SOH + "52=" + sendingTime + SOH + fields.replace('|', SOH);
        final String head = "8=" + beginString + SOH + "9=" + body.length() + SOH;
        int sum = 0;
        for (final byte b : (head + body).getBytes(StandardCharsets.US_ASCII))
        {
            sum += b;
        }
        final String message = head + body + "10=" + String.format("%03d", sum % 256) + SOH;
        out.write(message.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /**
     * @return the next message received, tag to value (the last of a repeated tag), or null after the wait.
     */
    Map<Integer, String> next(final int seconds) throws InterruptedException
    {
        return received.poll(seconds, TimeUnit.SECONDS);
    }

    /**
     * @return the next message of {@code msgType}, skipping others (heartbeats), or null after the wait.
     */
    Map<Integer, String> next(final String msgType, final int seconds) throws InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline)
        {
            final Map<Integer, String> message = received.poll(10, TimeUnit.MILLISECONDS);
            if (message != null && msgType.equals(message.get(35)))
            {
                return message;
            }
            if (message != null && "3".equals(message.get(35)))
            {
                throw new IllegalStateException("session Reject: " + message);
            }
        }
        return null;
    }

    public void close() throws IOException
    {
        socket.close();
    }

    private void read()
    {
        try (InputStream in = socket.getInputStream())
        {
            final StringBuilder pending = new StringBuilder();
            final byte[] chunk = new byte[8192];
            int read;
            while ((read = in.read(chunk)) > 0)
            {
                pending.append(new String(chunk, 0, read, StandardCharsets.US_ASCII));
                int end;
                while ((end = endOfMessage(pending)) > 0)
                {
                    received.add(fields(pending.substring(0, end)));
                    pending.delete(0, end);
                }
            }
        }
        catch (final IOException ignored)
        {
            // The socket closed: the test is over.
        }
    }

    private static int endOfMessage(final CharSequence pending)
    {
        final int checksum = pending.toString().indexOf(SOH + "10=");
        if (checksum < 0 || pending.length() < checksum + 8)
        {
            return -1;
        }
        return checksum + 8;
    }

    private static Map<Integer, String> fields(final String message)
    {
        final Map<Integer, String> fields = new TreeMap<>();
        for (final String field : message.split(String.valueOf(SOH)))
        {
            final int equals = field.indexOf('=');
            if (equals > 0)
            {
                fields.put(Integer.parseInt(field.substring(0, equals)), field.substring(equals + 1));
            }
        }
        return fields;
    }
}
