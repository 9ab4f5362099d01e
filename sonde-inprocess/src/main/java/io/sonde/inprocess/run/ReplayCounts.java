package io.sonde.inprocess.run;

import io.sonde.fix.client.order.ClOrdIdCodec;
import io.sonde.fix.client.order.RecordedFlow;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a replay read and what became of it, so that nothing in the log goes unaccounted for.
 *
 * @param log         the recorded log.
 * @param speed       how many times faster than recorded it was replayed.
 * @param linesRead   lines read from the log.
 * @param recorded    orders (D), cancels (F) and replaces (G) to send.
 * @param sent        of those, sent.
 * @param skipped     orders, cancels and replaces not replayed, by reason.
 * @param notReplayed lines that are not orders, cancels or replaces, by kind.
 * @param sessions    each recorded SenderCompID and the session (0-based) its messages were sent on.
 */
public record ReplayCounts(
    String log,
    double speed,
    long linesRead,
    Map<String, Long> recorded,
    long sent,
    Map<String, Long> skipped,
    Map<String, Long> notReplayed,
    Map<String, Integer> sessions)
{
    static ReplayCounts of(
        final String log, final double speed, final RecordedFlow flow, final long sent, final int sessions)
    {
        final Map<String, Long> recorded = new LinkedHashMap<>();
        recorded.put("orders", flow.count(ClOrdIdCodec.NEW_STAGE));
        recorded.put("cancels", flow.count(ClOrdIdCodec.CANCEL_STAGE));
        recorded.put("replaces", flow.count(ClOrdIdCodec.REPLACE_STAGE));
        final Map<String, Integer> senders = new LinkedHashMap<>();
        final List<String> senderCompIds = flow.senderCompIds();
        for (int i = 0; i < senderCompIds.size(); i++)
        {
            senders.put(senderCompIds.get(i), RecordedFlow.sessionOf(i, sessions));
        }
        return new ReplayCounts(log, speed, flow.linesRead(), recorded, sent, flow.skipped(), flow.notReplayed(),
            senders);
    }
}
