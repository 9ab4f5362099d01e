package io.sonde.fix.client.order;

import java.util.List;
import java.util.Map;

/**
 * The orders, cancels and replaces a recorded log holds, in the order they are to be sent, parsed into primitive
 * arrays up front so that replaying them allocates nothing. Message {@code i} is the replay's request {@code i}.
 * <p>
 * A cancel or replace names the message it refers to by index ({@link #refersTo}): the recorded OrigClOrdID,
 * resolved once here, so the replay sends as OrigClOrdID the ClOrdID it sent for that message.
 *
 * @param offsetsNanos each message's recorded time less the first's, never decreasing.
 * @param stages       {@link ClOrdIdCodec#NEW_STAGE} (D), {@link ClOrdIdCodec#REPLACE_STAGE} (G) or
 *                     {@link ClOrdIdCodec#CANCEL_STAGE} (F).
 * @param senders      each message's recorded SenderCompID, as its index in {@link #senderCompIds}.
 * @param refersTo     for a cancel or replace, the index of the message whose ClOrdID its OrigClOrdID names;
 *                     -1 for an order.
 * @param symbols      Symbol (55).
 * @param sides        Side (54).
 * @param quantities   OrderQty (38), whole units.
 * @param pricesCents  Price (44) in hundredths.
 * @param ioc          TimeInForce (59) is IOC, else DAY.
 * @param senderCompIds the distinct recorded SenderCompIDs, in the order first seen.
 * @param linesRead    lines read from the log.
 * @param notReplayed  lines that are not orders, cancels or replaces, by kind (e.g. {@code ExecutionReport (8)}).
 * @param skipped      orders, cancels and replaces not replayed, by reason.
 * @param notes        what was skipped, line by line, the first few of each reason, for people.
 */
public record RecordedFlow(
    long[] offsetsNanos,
    byte[] stages,
    int[] senders,
    int[] refersTo,
    char[][] symbols,
    char[] sides,
    long[] quantities,
    long[] pricesCents,
    boolean[] ioc,
    List<String> senderCompIds,
    long linesRead,
    Map<String, Long> notReplayed,
    Map<String, Long> skipped,
    List<String> notes)
{
    /**
     * @param sender   a recorded sender's index in {@link #senderCompIds}.
     * @param sessions the sessions the replay sends on.
     * @return the session (0-based) that sender's messages are sent on: the n-th distinct sender's on session n,
     *         modulo the sessions.
     */
    public static int sessionOf(final int sender, final int sessions)
    {
        return sender % sessions;
    }

    /**
     * @return messages to send.
     */
    public int size()
    {
        return offsetsNanos.length;
    }

    /**
     * @return messages of stage {@code stage} to send.
     */
    public long count(final int stage)
    {
        long count = 0;
        for (final byte messageStage : stages)
        {
            if (messageStage == stage)
            {
                count++;
            }
        }
        return count;
    }

    /**
     * @return the length of the longest symbol.
     */
    public int longestSymbol()
    {
        int longest = 0;
        for (final char[] symbol : symbols)
        {
            longest = Math.max(longest, symbol.length);
        }
        return longest;
    }
}
