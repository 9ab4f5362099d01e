package io.sonde.fix.client.replay;

import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.RecordedFlow;
import io.sonde.fix.codecs.OrdType;
import io.sonde.fix.codecs.TimeInForce;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.sonde.fix.codecs.Constants.CL_ORD_ID;
import static io.sonde.fix.codecs.Constants.MSG_TYPE;
import static io.sonde.fix.codecs.Constants.ORDER_QTY;
import static io.sonde.fix.codecs.Constants.ORD_TYPE;
import static io.sonde.fix.codecs.Constants.ORIG_CL_ORD_ID;
import static io.sonde.fix.codecs.Constants.POSS_DUP_FLAG;
import static io.sonde.fix.codecs.Constants.PRICE;
import static io.sonde.fix.codecs.Constants.SENDER_COMP_ID;
import static io.sonde.fix.codecs.Constants.SENDING_TIME;
import static io.sonde.fix.codecs.Constants.SIDE;
import static io.sonde.fix.codecs.Constants.SYMBOL;
import static io.sonde.fix.codecs.Constants.TIME_IN_FORCE;

/**
 * Reads a FIX message log in QuickFIX/J's format into a {@link RecordedFlow}: one message per line, fields
 * separated by SOH or {@code |}, optionally after a timestamp ({@code 20261123-12:00:00.123: } as QuickFIX/J's
 * file log writes it, or {@code 2026-11-23 12:00:00,123 } as a logging framework does). A message without one is
 * timed by its SendingTime (52). Timestamps are read as UTC: only their differences matter.
 * <p>
 * The orders, cancels and replaces (D, F, G) are kept, in time order (stable, so messages of the same instant keep
 * the log's order); every other line is counted by kind. What Sonde cannot send as recorded (a market order, a
 * time in force other than DAY or IOC, a price finer than a hundredth) is an error naming the line, never a quiet
 * change; so is a line that is not a FIX message. A resend (PossDupFlag 43=Y), a reused ClOrdID, and a cancel or
 * replace whose OrigClOrdID names no earlier order are skipped and counted, with their lines noted.
 */
public final class RecordedLogReader
{
    public static final String POSS_DUP_RESEND = "possDupResend";
    public static final String DUPLICATE_CLORDID = "duplicateClOrdId";
    public static final String UNKNOWN_ORIG_CLORDID = "unknownOrigClOrdId";
    public static final String BLANK_LINE = "blank line";
    private static final int NOTES_PER_REASON = 5;
    private static final long NO_VALUE = RecordedMessage.NO_VALUE;

    private final String source;
    private final List<RecordedMessage> recorded = new ArrayList<>();
    private final Map<String, Long> notReplayed = new LinkedHashMap<>();
    private final Map<String, Long> skipped = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();
    private long linesRead;

    private RecordedLogReader(final String source)
    {
        this.source = source;
    }

    /**
     * @throws RecordedLogException naming the first line that cannot be replayed, and what is wrong with it.
     */
    public static RecordedFlow read(final Path log)
    {
        final RecordedLogReader reader = new RecordedLogReader(log.getFileName().toString());
        try (BufferedReader lines = Files.newBufferedReader(log, StandardCharsets.ISO_8859_1))
        {
            String line;
            while ((line = lines.readLine()) != null)
            {
                reader.onLine(line);
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read " + log + ": " + ex.getMessage(), ex);
        }
        return reader.flow();
    }

    private void onLine(final String text)
    {
        final int number = (int)++linesRead;
        final String line = text.strip();
        if (line.isEmpty())
        {
            count(notReplayed, BLANK_LINE);
            return;
        }
        final int start = line.indexOf("8=FIX");
        if (start < 0)
        {
            throw error(number, "not a FIX message: no BeginString (8=FIX...)");
        }
        final Map<Integer, String> fields = fields(number, line.substring(start));
        final String msgType = fields.get(MSG_TYPE);
        if (msgType == null)
        {
            throw error(number, "no MsgType (35)");
        }
        final byte stage = MessageKinds.stageOf(msgType);
        if (stage == MessageKinds.NOT_REPLAYED)
        {
            count(notReplayed, kind(msgType));
            return;
        }
        final String prefix = line.substring(0, start).strip();
        final long timeNanos = prefix.isEmpty() ? sendingTime(number, msgType, fields) : timestamp(number, prefix);
        if ("Y".equals(fields.get(POSS_DUP_FLAG)))
        {
            skip(POSS_DUP_RESEND, number, kind(msgType) + " is a resend (43=Y) of one already logged");
            return;
        }
        recorded.add(message(number, msgType, stage, timeNanos, fields));
    }

    private RecordedMessage message(
        final int number,
        final String msgType,
        final byte stage,
        final long timeNanos,
        final Map<Integer, String> fields)
    {
        final boolean isOrder = stage == ClOrdIdCodec.NEW_STAGE;
        final String sender = required(number, msgType, fields, SENDER_COMP_ID, "SenderCompID");
        final String clOrdId = required(number, msgType, fields, CL_ORD_ID, "ClOrdID");
        final String origClOrdId = isOrder ? null : required(number, msgType, fields, ORIG_CL_ORD_ID, "OrigClOrdID");
        final String symbol = isOrder ? required(number, msgType, fields, SYMBOL, "Symbol") : fields.get(SYMBOL);
        final String side = isOrder ? required(number, msgType, fields, SIDE, "Side") : fields.get(SIDE);
        if (side != null && side.length() != 1)
        {
            throw error(number, kind(msgType) + " Side (54) '" + side + "' is not one character");
        }
        final boolean isCancel = stage == ClOrdIdCodec.CANCEL_STAGE;
        final String quantity = isCancel ? fields.get(ORDER_QTY) :
            required(number, msgType, fields, ORDER_QTY, "OrderQty");
        boolean ioc = false;
        long priceCents = NO_VALUE;
        if (!isCancel)
        {
            checkLimit(number, msgType, fields);
            ioc = isIoc(number, msgType, fields.get(TIME_IN_FORCE), isOrder);
            priceCents = isOrder || fields.containsKey(PRICE) ?
                cents(number, msgType, required(number, msgType, fields, PRICE, "Price")) : NO_VALUE;
        }
        return new RecordedMessage(number, timeNanos, stage, sender, clOrdId, origClOrdId, symbol,
            side == null ? 0 : side.charAt(0), quantity == null ? NO_VALUE : quantity(number, msgType, quantity),
            priceCents, ioc);
    }

    private RecordedFlow flow()
    {
        recorded.sort((a, b) -> Long.compare(a.timeNanos(), b.timeNanos()));
        final List<RecordedMessage> kept = new ArrayList<>();
        final List<Integer> refersTo = new ArrayList<>();
        final Map<String, Integer> ordersById = new HashMap<>();
        final Map<String, Integer> idsSeen = new HashMap<>();
        for (final RecordedMessage message : recorded)
        {
            if (idsSeen.containsKey(message.clOrdId()))
            {
                skip(DUPLICATE_CLORDID, message.line(), kind(message) + " reuses ClOrdID " + message.clOrdId() +
                    " of line " + idsSeen.get(message.clOrdId()));
                continue;
            }
            idsSeen.put(message.clOrdId(), message.line());
            RecordedMessage resolved = message;
            int original = -1;
            if (message.stage() != ClOrdIdCodec.NEW_STAGE)
            {
                final Integer index = ordersById.get(message.origClOrdId());
                if (index == null)
                {
                    skip(UNKNOWN_ORIG_CLORDID, message.line(), kind(message) + " names OrigClOrdID " +
                        message.origClOrdId() + ", which no earlier order or replace had");
                    continue;
                }
                original = index;
                resolved = message.inheriting(kept.get(index));
            }
            if (message.stage() != ClOrdIdCodec.CANCEL_STAGE)
            {
                ordersById.put(message.clOrdId(), kept.size());
            }
            kept.add(resolved);
            refersTo.add(original);
        }
        return flowOf(kept, refersTo);
    }

    private RecordedFlow flowOf(final List<RecordedMessage> kept, final List<Integer> refersTo)
    {
        final int size = kept.size();
        final long[] offsets = new long[size];
        final byte[] stages = new byte[size];
        final int[] senders = new int[size];
        final int[] references = new int[size];
        final char[][] symbols = new char[size][];
        final char[] sides = new char[size];
        final long[] quantities = new long[size];
        final long[] prices = new long[size];
        final boolean[] ioc = new boolean[size];
        final Map<String, Integer> senderIndex = new LinkedHashMap<>();
        for (int i = 0; i < size; i++)
        {
            final RecordedMessage message = kept.get(i);
            offsets[i] = message.timeNanos() - kept.get(0).timeNanos();
            stages[i] = message.stage();
            senders[i] = senderIndex.computeIfAbsent(message.sender(), sender -> senderIndex.size());
            references[i] = refersTo.get(i);
            symbols[i] = message.symbol().toCharArray();
            sides[i] = message.side();
            quantities[i] = message.quantity();
            prices[i] = message.priceCents();
            ioc[i] = message.ioc();
        }
        return new RecordedFlow(offsets, stages, senders, references, symbols, sides, quantities, prices, ioc,
            List.copyOf(senderIndex.keySet()), linesRead, notReplayed, skipped, notes);
    }

    private Map<Integer, String> fields(final int number, final String message)
    {
        try
        {
            return TagValueFields.parse(message);
        }
        catch (final IllegalArgumentException ex)
        {
            throw error(number, ex.getMessage());
        }
    }

    private long sendingTime(final int number, final String msgType, final Map<Integer, String> fields)
    {
        final String sendingTime = fields.get(SENDING_TIME);
        if (sendingTime == null)
        {
            throw error(number, kind(msgType) + " has no timestamp before 8= and no SendingTime (52)");
        }
        return timestamp(number, sendingTime);
    }

    private long timestamp(final int number, final String text)
    {
        try
        {
            return LogTimestamps.nanos(text);
        }
        catch (final IllegalArgumentException ex)
        {
            throw error(number, ex.getMessage());
        }
    }

    private void checkLimit(final int number, final String msgType, final Map<Integer, String> fields)
    {
        final String ordType = fields.get(ORD_TYPE);
        if (ordType != null && !is(ordType, OrdType.LIMIT.representation()))
        {
            throw error(number, kind(msgType) + " OrdType (40) " + ordType +
                " cannot be replayed: Sonde sends limit orders (40=2)");
        }
    }

    private boolean isIoc(final int number, final String msgType, final String timeInForce, final boolean isOrder)
    {
        if (timeInForce == null || is(timeInForce, TimeInForce.DAY.representation()))
        {
            return false;
        }
        if (isOrder && is(timeInForce, TimeInForce.IMMEDIATE_OR_CANCEL.representation()))
        {
            return true;
        }
        throw error(number, kind(msgType) + " TimeInForce (59) " + timeInForce + " cannot be replayed: Sonde sends " +
            (isOrder ? "DAY (0) and IOC (3) orders" : "replaces as DAY (0)"));
    }

    private long cents(final int number, final String msgType, final String price)
    {
        final long cents = RecordedNumbers.cents(price);
        if (cents == RecordedNumbers.NOT_SENDABLE)
        {
            throw error(number, kind(msgType) + " Price (44) '" + price +
                "' is not a price in hundredths, as Sonde sends them");
        }
        return cents;
    }

    private long quantity(final int number, final String msgType, final String quantity)
    {
        final long whole = RecordedNumbers.quantity(quantity);
        if (whole == RecordedNumbers.NOT_SENDABLE)
        {
            throw error(number, kind(msgType) + " OrderQty (38) '" + quantity +
                "' is not a whole quantity, as Sonde sends them");
        }
        return whole;
    }

    private String required(
        final int number, final String msgType, final Map<Integer, String> fields, final int tag, final String name)
    {
        final String value = fields.get(tag);
        if (value == null || value.isEmpty())
        {
            throw error(number, kind(msgType) + " has no " + name + " (" + tag + ")");
        }
        return value;
    }

    private void skip(final String reason, final int number, final String what)
    {
        if (count(skipped, reason) <= NOTES_PER_REASON)
        {
            notes.add(source + " line " + number + ": " + what + ": skipped");
        }
    }

    private RecordedLogException error(final int number, final String what)
    {
        return new RecordedLogException(source + " line " + number + ": " + what);
    }

    private static long count(final Map<String, Long> counts, final String key)
    {
        return counts.merge(key, 1L, Long::sum);
    }

    private static String kind(final String msgType)
    {
        return MessageKinds.kind(msgType);
    }

    private static String kind(final RecordedMessage message)
    {
        return MessageKinds.kindOf(message.stage());
    }

    private static boolean is(final String value, final char representation)
    {
        return value.length() == 1 && value.charAt(0) == representation;
    }
}
