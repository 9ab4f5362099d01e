package io.sonde.inprocess.fault;

import io.sonde.fix.client.order.OrderLedger;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the judgement of a run's faults reads of the orders kept while they were under way: when each was sent and
 * first answered, and whether the venue lost it or executed it twice.
 */
interface OrderVerdicts
{
    /** No orders kept: a transport that keeps no ledger. */
    OrderVerdicts NONE = new OrderVerdicts()
    {
        public int size()
        {
            return 0;
        }

        public Map<String, Long> totals()
        {
            return Map.of();
        }

        public long sentNanos(final int index)
        {
            throw new IndexOutOfBoundsException(index);
        }

        public long answeredNanos(final int index)
        {
            throw new IndexOutOfBoundsException(index);
        }

        public boolean isLost(final int index)
        {
            throw new IndexOutOfBoundsException(index);
        }

        public boolean isDuplicated(final int index)
        {
            throw new IndexOutOfBoundsException(index);
        }

        public String clOrdId(final int index)
        {
            throw new IndexOutOfBoundsException(index);
        }
    };

    static OrderVerdicts of(final OrderLedger ledger)
    {
        if (ledger == null)
        {
            return NONE;
        }
        return new OrderVerdicts()
        {
            public int size()
            {
                return ledger.size();
            }

            public Map<String, Long> totals()
            {
                final Map<String, Long> totals = new LinkedHashMap<>();
                totals.put("faultOrders.kept", (long)ledger.size());
                totals.put("faultOrders.lost", ledger.lost());
                totals.put("faultOrders.duplicated", ledger.duplicated());
                totals.put("faultOrders.untracked", ledger.untracked());
                totals.put("faultOrders.statusUnsettled", ledger.statusUnsettled());
                return totals;
            }

            public long sentNanos(final int index)
            {
                return ledger.sentNanos(index);
            }

            public long answeredNanos(final int index)
            {
                return ledger.answeredNanos(index);
            }

            public boolean isLost(final int index)
            {
                return ledger.isLost(index);
            }

            public boolean isDuplicated(final int index)
            {
                return ledger.isDuplicated(index);
            }

            public String clOrdId(final int index)
            {
                return ledger.clOrdId(index);
            }
        };
    }

    /**
     * @return orders kept.
     */
    int size();

    /**
     * @return the run's whole counts, for its failures in {@code summary.json}: orders kept, lost, duplicated, not
     *         kept for want of room, and those whose status the venue never told.
     */
    Map<String, Long> totals();

    long sentNanos(int index);

    /**
     * @return when the venue first answered the order, or {@link OrderLedger#NOT_YET}.
     */
    long answeredNanos(int index);

    boolean isLost(int index);

    boolean isDuplicated(int index);

    String clOrdId(int index);
}
