package io.sonde.market;

/**
 * Where the application's orders come from: the market's FIX library, polled on the market's thread.
 */
interface OrderInbox
{
    /**
     * Take the messages that arrived, each handled at once.
     *
     * @return the work done, 0 when there was none.
     */
    int poll();
}
