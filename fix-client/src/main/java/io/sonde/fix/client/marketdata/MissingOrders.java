package io.sonde.fix.client.marketdata;

import io.sonde.fix.client.order.OrderIdKeys;

import java.util.ArrayList;
import java.util.List;

/**
 * The orders whose public event never came: all of them counted, the first few named so a run can say which to
 * look for in the venue's logs. The names are kept as numbers in preallocated arrays and written out only when
 * asked, off the hot path.
 */
final class MissingOrders
{
    private final long[] namedKeys;
    private final long[] namedRequests;
    private long count;

    /**
     * @param named how many of the first missing orders to name.
     */
    MissingOrders(final int named)
    {
        namedKeys = new long[named];
        namedRequests = new long[named];
    }

    void add(final long orderKey, final long requestId)
    {
        if (count < namedKeys.length)
        {
            namedKeys[(int)count] = orderKey;
            namedRequests[(int)count] = requestId;
        }
        count++;
    }

    long count()
    {
        return count;
    }

    /**
     * @return the first missing orders, each as "OrderID n (request r)".
     */
    List<String> named()
    {
        final List<String> names = new ArrayList<>();
        for (int i = 0; i < Math.min(count, namedKeys.length); i++)
        {
            names.add("OrderID " + OrderIdKeys.describe(namedKeys[i]) + " (request " + namedRequests[i] + ")");
        }
        return names;
    }
}
